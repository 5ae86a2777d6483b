import Linearizability
import Model
import Protocol
import Testing

/// The TransferAccount brute-force counter (T8): the N-th wrong password blocks, and the model
/// counts every attempt atomically, so no interleaving can lose an increment.
@Suite("linearizability: the wrong-password counter")
struct TransferCounterTests {
    static let threshold = Semantics.default.transferAccount.failThreshold

    /// A guest issues a TransferAccount; returns the prefix and the attempts' action for device `d`.
    static func issued(_ w: inout World) async -> [Step] {
        let login = await w.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        let issue = await w.run(2, .issueTransferAccount(device: d0, token: token(1)))
        #expect(issue.code == .success)
        return [login, issue]
    }

    static func wrongAttempt(_ device: Int) -> Action {
        .transferLogin(
            device: DeviceRef(device),
            credentials: TransferCredentials(id: .value(Sym(.transferId, 2)), password: .wrong)
        )
    }

    /// `threshold` wrong attempts each answered "invalid password" (3044): each from a world that
    /// saw only that one attempt, as a server that lost the counter's updates would answer.
    static func lostCounter() async -> (prefix: [Step], attempts: [Step]) {
        var prefix: [Step] = []
        var attempts: [Step] = []
        for k in 0..<threshold {
            var w = World()
            prefix = await issued(&w)
            attempts.append(await w.run(10 + k, wrongAttempt(10 + k)))
        }
        return (prefix, attempts)
    }

    @Test("wrong-password logins that never reach the block although N were answered fail when sequential")
    func lostCounterSequentialFails() async throws {
        let (prefix, attempts) = await Self.lostCounter()
        #expect(attempts.allSatisfy { $0.code == .transferAccountInvalidPassword })
        var t = Timeline()
        t.sequential(prefix)
        t.sequential(attempts, from: 1000, process: 1)
        let r = await Check.run(t.history)
        #expect(r.verdict == .violation, "\(r.text)")
        let stuck = try #require(r.violations.first?.longestPrefix.stuck)
        #expect(stuck.allowed.map(\.code).contains { $0.hasPrefix("3042") }, "\(stuck)")
    }

    @Test("overlapping does not explain a lost increment: the model applies each attempt atomically")
    func lostCounterOverlappingFails() async {
        let (prefix, attempts) = await Self.lostCounter()
        var t = Timeline()
        t.sequential(prefix)
        for (k, a) in attempts.enumerated() { t.add(a, 1000 + Int64(k), 2000 + Int64(k), process: 1 + k) }
        let r = await Check.run(t.history)
        #expect(r.verdict == .violation, "\(r.text)")
    }

    @Test("a block answered before the other wrong attempts returned is linearizable when they overlap")
    func earlyBlockOverlappingPasses() async {
        var w = World()
        let prefix = await Self.issued(&w)
        var attempts: [Step] = []
        for k in 0..<Self.threshold { attempts.append(await w.run(10 + k, Self.wrongAttempt(10 + k))) }
        #expect(attempts.last?.code == .transferAccountBlock)
        var t = Timeline()
        t.sequential(prefix)
        // The blocking attempt returns first; the others were all in flight by then.
        let block = attempts.removeLast()
        t.add(block, 1000, 1100, process: 9)
        for (k, a) in attempts.enumerated() { t.add(a, 990 - Int64(k), 1500 + Int64(k), process: 1 + k) }
        let r = await Check.run(t.history)
        #expect(r.verdict == .linearizable, "\(r.text)")
    }

    @Test("a block answered before the other wrong attempts were sent is not linearizable")
    func earlyBlockSequentialFails() async {
        var w = World()
        let prefix = await Self.issued(&w)
        var attempts: [Step] = []
        for k in 0..<Self.threshold { attempts.append(await w.run(10 + k, Self.wrongAttempt(10 + k))) }
        var t = Timeline()
        t.sequential(prefix)
        let block = attempts.removeLast()
        t.sequential([block] + attempts, from: 1000, process: 1)
        let r = await Check.run(t.history)
        #expect(r.verdict == .violation, "\(r.text)")
    }

    static func correctAttempt(_ device: Int) -> Action {
        .transferLogin(
            device: DeviceRef(device),
            credentials: TransferCredentials(
                id: .value(Sym(.transferId, 2)),
                password: .value(Sym(.transferPassword, 2))
            )
        )
    }

    @Test("a correct password refused for another reason still resets the count, wherever the search must place it")
    func refusedCorrectPasswordResets() async throws {
        var w = World()
        var prefix = await Self.issued(&w)
        prefix.append(await w.run(3, .serverBan(users: [.user(Sym(.user, 1))], ban: BanSpec(banType: "PERMANENT"))))
        #expect(prefix.last?.code == .success)
        var wrong: [Step] = []
        for k in 0..<(Self.threshold - 1) { wrong.append(await w.run(10 + k, Self.wrongAttempt(10 + k))) }
        let correct = await w.run(30, Self.correctAttempt(30))
        #expect(correct.code == .bannedMember, "the owner is banned: refused after the count is reset")
        let last = await w.run(40, Self.wrongAttempt(40))
        #expect(last.code == .transferAccountInvalidPassword, "the reset keeps the last attempt from blocking")
        var t = Timeline()
        t.sequential(prefix)
        // The refused attempt spans every wrong one: at its start it would change nothing (the
        // count is 0), so only a search that does not take it there first finds its place.
        t.add(correct, 1000, 9000, process: 2)
        t.sequential(wrong + [last], from: 1100, process: 1)
        let r = await Check.run(t.history)
        #expect(r.verdict == .linearizable, "\(r.text)")
    }

    /// A burst on one account: a correct password (device 30) and two wrong ones, all in flight at
    /// once, the correct one answered last but applied first (the count is 2 after the burst, not
    /// 0), then wrong attempts one after another until the block. `hidden` more wrong attempts
    /// were applied after the burst but left out of the history (their increments are unexplained).
    static func burst(hidden: Int) async -> History {
        var w = World()
        let prefix = await issued(&w)
        let correct = await w.run(30, correctAttempt(30))
        #expect(correct.code == .success)
        let wrong = [await w.run(10, wrongAttempt(10)), await w.run(11, wrongAttempt(11))]
        for k in 0..<hidden { _ = await w.run(50 + k, wrongAttempt(50 + k)) }
        var after: [Step] = []
        for k in 0..<(threshold - 2 - hidden) { after.append(await w.run(12 + k, wrongAttempt(12 + k))) }
        #expect(after.last?.code == .transferAccountBlock)
        var t = Timeline()
        t.sequential(prefix)
        t.add(correct, 1000, 1300, process: 3)
        t.add(wrong[0], 1010, 1100, process: 1)
        t.add(wrong[1], 1020, 1200, process: 2)
        t.sequential(after, from: 2000, process: 1)
        return t.history
    }

    static func run(_ h: History, joins: Bool) async -> CheckReport {
        var check = LinearizabilityCheck(budget: CheckBudget(time: .seconds(120), configurations: 10_000))
        (check.joins, check.restarts) = (joins, false)
        return await check.check(h)
    }

    @Test(
        "joined counts are exact: a burst's correct password applied first explains the block, one more increment than any order gives does not"
    )
    func joinedCountsAreExact() async {
        let explained = await Self.burst(hidden: 0)
        let unexplained = await Self.burst(hidden: 1)
        for joins in [true, false] {
            let r = await Self.run(explained, joins: joins)
            #expect(r.verdict == .linearizable, "joins \(joins): \(r.text)")
            let v = await Self.run(unexplained, joins: joins)
            #expect(v.verdict == .violation, "joins \(joins): \(v.text)")
        }
    }
}
