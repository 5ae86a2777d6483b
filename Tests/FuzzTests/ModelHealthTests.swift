import Engine
import Fuzz
import Model
import Protocol
import Testing

/// The oracle never crashes a run and never drops silently: a harness error or a belief overflow
/// ends the episode, is counted by the player and the collector, and is never a violation.
@Suite("Model health: harness errors and belief overflows")
struct ModelHealthTests {
    static let now: Int64 = 1_800_000_000_000
    static let config = FuzzConfiguration(seed: 7, runSalt: "health", pendingHorizon: 100)
    static var model: GamebaseModel { GamebaseModel(semantics: config.semantics) }
    static var window: ClockWindow { ClockWindow(exactly: now) }

    /// Applies `actions` (ids from 1) with the first outcome of each.
    static func world(_ actions: [Action]) throws -> ModelState {
        var state = ModelState()
        for (i, a) in actions.enumerated() {
            state = try #require(try model.step(state, Op(id: i + 1, action: a), window).first).next
        }
        return state
    }

    static func answer(_ body: ClientReplyBody) -> ExecutionResult {
        ExecutionResult(outcome: .answer(.client(body), envelope: nil), transactionId: "x")
    }

    static let success = ClientReplyBody(header: ResponseHeader(transactionId: "x", code: .success))
    static let google1 = AccountRef(.google, 1)

    @Test("A harness error drops the episode and is counted with its message, never reported as a violation")
    func harnessErrorDropsEpisode() throws {
        var state = try Self.world([
            .loginIdP(device: DeviceRef(0), credential: .valid(Self.google1), ignoreAlreadyLoggedIn: false)
        ])
        state.users[Sym(.user, 1)] = nil
        var player = Player(configuration: Self.config, index: 0, belief: Belief(model: Self.model, initial: state))
        let before = player
        let op = Op(id: 2, action: .getMember(device: DeviceRef(0), token: .token(Sym(.token, 1))))
        let planned = PlannedOperation(op: op, player: 0, identities: player.identities)
        let verdict = player.observe(planned, Self.answer(Self.success), window: Self.window)
        let message = "member.get d0 T1 (step 2, predicting): no user U1 in the model state"
        #expect(verdict.harnessError?.description == message)
        #expect(verdict.violations.isEmpty && verdict.outcome == .unexpected && !verdict.desync)
        #expect(player.harnessErrors == 1 && player.desyncs == 0)
        #expect(player.episode == 1 && player.history.isEmpty)

        let collector = FuzzCollector()
        collector.record(verdict)
        let found = collector.snapshot
        #expect(found.harnessErrors == 1 && found.harnessErrorExamples == [message])
        #expect(found.violations.isEmpty && found.outcomes[.unexpected] == 1)

        // The end-of-run audit's steps do not pass through the collector: their counts are added.
        var audited = FuzzCollector.Snapshot()
        audited.players = [player]
        audited.countAudit(before: [before])
        #expect(audited.harnessErrors == 1 && audited.harnessErrorExamples == ["audit: \(message)"])
    }

    @Test("Lost answers that multiply the belief past maxStates are a counted belief overflow and a desync")
    func stateOverflowCounted() throws {
        let state = try Self.world([
            .loginIdP(device: DeviceRef(0), credential: .valid(Self.google1), ignoreAlreadyLoggedIn: false)
        ])
        var belief = Belief(model: Self.model, initial: state)
        // Each lost member.get may or may not have been applied: 2^7 = 128 combinations.
        for i in 0..<7 {
            belief.observeLost(
                Op(id: 10 + i, action: .getMember(device: DeviceRef(0), token: .token(Sym(.token, 1)))),
                Self.window
            )
        }
        var player = Player(configuration: Self.config, index: 0, belief: belief)
        let op = Op(id: 20, action: .mappingList(device: DeviceRef(0), token: .token(Sym(.token, 1))))
        var body = Self.success
        body.authMappingList = [.google]
        let verdict = player.observe(
            PlannedOperation(op: op, player: 0, identities: player.identities),
            Self.answer(body),
            window: Self.window
        )
        #expect(verdict.beliefOverflow == BeliefOverflow(.states, limit: Belief.maxStates, op))
        #expect(verdict.desync && verdict.violations.isEmpty && verdict.outcome == .ok)
        #expect(player.beliefOverflows == 1 && player.desyncs == 1 && player.episode == 1)

        let collector = FuzzCollector()
        collector.record(verdict)
        #expect(collector.snapshot.beliefOverflows == 1 && collector.snapshot.desyncs == 1)
    }

    @Test("A step with more paths than the model enumerates is a counted belief overflow, not a violation")
    func pathOverflowCounted() throws {
        let devices = (0..<9).map { DeviceRef($0) }
        var state = try Self.world(
            devices.map { .loginGuest(device: $0, ignoreAlreadyLoggedIn: false) }
                + [.serverBan(users: (1...9).map { .user(Sym(.user, $0)) }, ban: BanSpec(banType: "PERMANENT"))]
        )
        for u in 1...9 { state.users[Sym(.user, u)]?.lost = true }
        var player = Player(configuration: Self.config, index: 0, belief: Belief(model: Self.model, initial: state))
        let op = Op(id: 20, action: .serverRelease(users: (1...9).map { .user(Sym(.user, $0)) }))
        let verdict = player.observe(
            PlannedOperation(op: op, player: 0, identities: player.identities),
            Self.answer(Self.success),
            window: Self.window
        )
        #expect(verdict.beliefOverflow == BeliefOverflow(.paths, limit: GamebaseModel.maxPaths, op))
        #expect(verdict.desync && verdict.violations.isEmpty && verdict.outcome == .unexpected)
        #expect(player.beliefOverflows == 1 && player.desyncs == 1)
    }
}
