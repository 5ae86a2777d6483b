import Model
import Protocol
import Testing

/// L14: under maintenance every login answers 3701; other calls go on.
@Suite("Maintenance (L14)")
struct MaintenanceTests {
    typealias S = Sim

    /// Maintenance from :30 to :40 of every hour (the simulation starts on the hour).
    static var hourly: Semantics {
        var sem = Semantics()
        sem.maintenance = MaintenanceSemantics(periodSeconds: 3600, durationSeconds: 600, offsetSeconds: 1800)
        return sem
    }

    @Test("Every login kind answers 3701 under maintenance and changes nothing; a live session keeps working")
    func loginsRefused() {
        var sim = Sim(Self.hourly)
        let s = sim.login(S.d0)
        sim.advance(seconds: 1800)
        let before = sim.state
        sim.expect(.notPlayable, .loginGuest(device: S.d1, ignoreAlreadyLoggedIn: true), rule: .L14)
        sim.expect(.notPlayable, .loginIdP(device: S.d1, credential: .valid(S.g1), ignoreAlreadyLoggedIn: true))
        sim.expect(.notPlayable, .loginToken(device: S.d0, token: S.token(s)))
        sim.expect(.notPlayable, .loginToken(device: S.d0, token: .none))
        sim.expect(
            .notPlayable,
            .transferLogin(device: S.d1, credentials: TransferCredentials(id: .wrong, password: .wrong))
        )
        #expect(sim.state.users == before.users && sim.state.tokens == before.tokens)
        sim.expect(.success, .getMember(device: S.d0, token: S.token(s)))
        sim.advance(seconds: 599)
        sim.expect(.notPlayable, .loginGuest(device: S.d1, ignoreAlreadyLoggedIn: true))
        sim.advance(seconds: 1)
        sim.expect(.success, .loginToken(device: S.d0, token: S.token(s)))
        sim.expect(.success, .loginGuest(device: S.d1, ignoreAlreadyLoggedIn: true))
    }

    @Test("A request's own bad input (§1.3) answers before maintenance")
    func badInputFirst() {
        var sim = Sim(Self.hourly)
        sim.advance(seconds: 1800)
        let absent = IdPCredential(idPCode: .google, account: S.g1, form: .absent)
        sim.expect(.missingParameter, .loginIdP(device: S.d1, credential: absent, ignoreAlreadyLoggedIn: true))
    }

    @Test("A request whose clock window straddles a maintenance's start may get either answer")
    func straddling() throws {
        let sim = Sim(Self.hourly)
        let start = sim.now + 1_800_000
        let op = Op(id: 1, action: .loginGuest(device: S.d0, ignoreAlreadyLoggedIn: true))
        let codes = Set(try sim.model.step(sim.state, op, ClockWindow(lo: start - 5, hi: start + 5)).map(\.code))
        #expect(codes == [.notPlayable, .success])
        let inside = Set(try sim.model.step(sim.state, op, ClockWindow(lo: start, hi: start + 5)).map(\.code))
        #expect(inside == [.notPlayable])
    }

    @Test("The schedule: windows recur every period from the offset; null never; before the epoch too")
    func schedule() {
        let m = MaintenanceSemantics(periodSeconds: 60, durationSeconds: 10, offsetSeconds: 5)
        #expect(!m.contains(4_999) && m.contains(5_000) && m.contains(14_999) && !m.contains(15_000))
        #expect(m.contains(65_000) && !m.contains(64_999))
        #expect(m.contains(-55_000) && !m.contains(-45_000))
        #expect(m.window(endingAfter: 15_000) == 65_000..<75_000)
        #expect(!MaintenanceSemantics().contains(0))
        var sem = Semantics()
        sem.maintenance = MaintenanceSemantics(periodSeconds: 60, durationSeconds: 61)
        #expect(sem.problems().contains { $0.key == "maintenance.durationSeconds" })
    }

    @Test("Maintenance as long as its period is always on: a straddling window has only 3701")
    func continuous() throws {
        var sem = Semantics()
        sem.maintenance = MaintenanceSemantics(periodSeconds: 60, durationSeconds: 60)
        let sim = Sim(sem)
        let op = Op(id: 1, action: .loginGuest(device: S.d0, ignoreAlreadyLoggedIn: true))
        let end = (sim.now / 60_000 + 1) * 60_000
        let codes = Set(try sim.model.step(sim.state, op, ClockWindow(lo: end - 5, hi: end + 5)).map(\.code))
        #expect(codes == [.notPlayable])
    }

    @Test("A window spanning a whole gap between two maintenances may get either answer")
    func acrossGap() throws {
        let sim = Sim(Self.hourly)
        let start = sim.now + 1_800_000
        let op = Op(id: 1, action: .loginGuest(device: S.d0, ignoreAlreadyLoggedIn: true))
        // From inside one maintenance to inside the next: the hour between has 50 playable minutes.
        let codes = Set(
            try sim.model.step(sim.state, op, ClockWindow(lo: start + 1, hi: start + 3_600_001)).map(\.code)
        )
        #expect(codes == [.notPlayable, .success])
    }

    @Test("A schedule no validated file can hold (overflowing milliseconds) has no maintenance rather than trapping")
    func hostileSchedule() {
        let huge = MaintenanceSemantics(periodSeconds: .max, durationSeconds: .max, offsetSeconds: .min)
        #expect(huge.window(endingAfter: 0) == nil && !huge.contains(1_800_000_000_000))
        let offset = MaintenanceSemantics(periodSeconds: 60, durationSeconds: 10, offsetSeconds: .max)
        #expect(offset.window(endingAfter: 0) == nil)
        let m = MaintenanceSemantics(periodSeconds: 60, durationSeconds: 10)
        #expect(m.window(endingAfter: .min) == nil && m.window(endingAfter: .max) == nil)
        var sem = Semantics()
        sem.maintenance = huge
        #expect(sem.problems().contains { $0.key == "maintenance.periodSeconds" })
    }
}
