import Engine
import Model
import Protocol
import Testing

@testable import Fuzz

/// Bursts at a user (`BurstTargets`, `Player.preparation()`): several sessions of one user act at
/// once. Players share a simulated world (one model, the pool's identities), so one player's login
/// is another's user to aim at.
@Suite("Bursts at a user: members log in to it first, then act in its sessions")
struct UserBurstTests {
    static let google = AccountRef(.google, 1)
    static let facebook = AccountRef(.facebook, 1)

    static func player(_ index: Int) -> Player {
        var config = FuzzConfiguration(seed: 11, runSalt: "userburst", adversarialShare: 0)
        config.sharedPool = SharedPool(devices: 8, accounts: 2)
        config.devicesPerPlayer = 8
        return Player(configuration: config, index: index)
    }

    /// Sends `action` as `p`'s next step and returns the answer's result code.
    static func send(_ action: Action, _ p: inout Player, _ target: SimulatedTarget, _ clock: ClockTracker) async
        -> Int?
    {
        let (_, verdict) = await p.execute(p.make(action, now: clock.now()), with: target, clock: clock)
        return verdict.code?.rawValue
    }

    /// Player 0 holds a session of a user with google#1 (logged in on device 0) and, if asked,
    /// facebook#1 added; returns the user as player 0 offers it.
    static func owner(
        withFacebook: Bool,
        _ target: SimulatedTarget,
        _ clock: ClockTracker
    ) async throws -> Focus {
        var a = player(0)
        let login = Action.loginIdP(device: DeviceRef(0), credential: .valid(google), ignoreAlreadyLoggedIn: true)
        #expect(await send(login, &a, target, clock) == 0)
        if withFacebook {
            let token = try #require(a.sessions.first?.token)
            let add = Action.addMapping(device: DeviceRef(0), token: .token(token), credential: .valid(facebook))
            #expect(await send(add, &a, target, clock) == 0)
        }
        return try #require(a.sessionUsers.first)
    }

    @Test(
        "a member without a session of the user logs in with one of its IdP accounts, then removes an IdP other than the one it logged in with"
    )
    func memberPreparesThenRemoves() async throws {
        let target = SimulatedTarget()
        let clock = ClockTracker(frozenAt: target.now)
        let user = try await Self.owner(withFacebook: true, target, clock)
        #expect(Set(user.userAccounts) == [Self.google, Self.facebook])

        var b = Self.player(1)
        b.focus = user
        let planned = b.preparation()
        let prep = try #require(planned, "no session of the user: it logs in first")
        guard case .loginIdP(let device, let credential, _) = prep else {
            Issue.record("the preparation is \(prep), not an IdP login")
            return
        }
        let account = try #require(credential.account)
        #expect(user.userAccounts.contains(account))
        #expect(await Self.send(prep, &b, target, clock) == 0)
        let again = b.preparation()
        #expect(again == nil, "it holds a session of the user now")
        #expect(b.sessions.map(\.device) == [device])

        let burstOp = b.planFocused(user, preferring: .mappingRemove)
        let remove = try #require(burstOp)
        guard case .removeMapping(let d, _, let idPCode) = remove else {
            Issue.record("the burst's operation is \(remove), not a removal")
            return
        }
        #expect(d == device)
        #expect(idPCode != account.idPCode, "it removes the IdP it is logged in with (3403)")
        #expect(await Self.send(remove, &b, target, clock) == 0)
    }

    @Test("at a user with one IdP, a member asked to remove adds one instead (a removal could only be refused)")
    func oneIdPAddsInstead() async throws {
        let target = SimulatedTarget()
        let clock = ClockTracker(frozenAt: target.now)
        let user = try await Self.owner(withFacebook: false, target, clock)
        #expect(user.userAccounts == [Self.google])

        var b = Self.player(1)
        b.focus = user
        let planned = b.preparation()
        let prep = try #require(planned)
        #expect(await Self.send(prep, &b, target, clock) == 0)
        let burstOp = b.planFocused(user, preferring: .mappingRemove)
        let action = try #require(burstOp)
        guard case .addMapping(_, _, let credential) = action else {
            Issue.record("the burst's operation is \(action), not an add mapping")
            return
        }
        #expect(credential.idPCode != .google)
    }

    @Test("another user's sessions are not the focused user's: a player holding only those logs in first")
    func otherSessionsDoNotCount() async throws {
        let target = SimulatedTarget()
        let clock = ClockTracker(frozenAt: target.now)
        let user = try await Self.owner(withFacebook: false, target, clock)
        var b = Self.player(1)
        let guest = Action.loginGuest(device: DeviceRef(5), ignoreAlreadyLoggedIn: true)
        #expect(await Self.send(guest, &b, target, clock) == 0)
        #expect(b.sessions.count == 1)
        b.focus = user
        #expect(b.sessions.isEmpty)
        let prep = b.preparation()
        #expect(prep != nil)
    }
}
