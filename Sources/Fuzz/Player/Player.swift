import Basics
import Engine
import Model
import Protocol
import Transport

/// One virtual player: a seeded, model-guided generator plus the sequential oracle for its own
/// private world (devices and IdP accounts salted by run, shard, player and episode). A value
/// type owned by one task: call ``next(now:)``, execute, then ``observe(_:_:window:)``.
package struct Player: Sendable {
    /// The configuration and signer, shared by the workload's players.
    package let shared: PlayerShared
    package let index: Int
    package let shard: Int
    var rng: SplitMix64
    package private(set) var episode = 0
    package private(set) var identities: Identities
    package internal(set) var belief: Belief
    /// The current episode's operations so far (with the concrete values they were sent with).
    package internal(set) var history: [Op] = []
    var nextOpId = 1
    /// A burst of wrong transfer passwords in progress: the account and how many remain.
    var burst: (account: Sym, remaining: Int)?
    /// A burst of unknown transfer ids from one device in progress (T15): the device and how many
    /// remain.
    var idBurst: (device: DeviceRef, remaining: Int)?
    /// The shared identity the next operation must touch (a synchronized burst), if any.
    package var focus: Focus?
    /// This player's place among the members of its burst (0 for the first to join): at a user,
    /// which of its accounts the player logs in with and which IdP it removes.
    package var member = 0
    /// Shared pool: answers in a row this player's view did not predict (``repairSharedView``).
    var surprises = 0
    /// Server time after the previous step (frozen clock), to spot jumps made by other players.
    var clockAfterLast: Int64?
    var syntheticIds = 0
    /// Final beliefs of finished episodes (newest last), for the end-of-run audit.
    package private(set) var retired: [(identities: Identities, belief: Belief)] = []
    /// How many finished episodes to keep for the audit.
    package var keepRetired = 2
    /// Episodes abandoned because the model could no longer track them (never a false alarm).
    package private(set) var desyncs = 0
    /// Steps at which the belief exceeded a cap (``BeliefOverflow``); each abandons its episode.
    package private(set) var beliefOverflows = 0
    /// Steps the model could not judge because its state was inconsistent (each drops its episode).
    package private(set) var harnessErrors = 0
    /// The most recent of them.
    package private(set) var lastHarnessError: HarnessError?

    package init(configuration: FuzzConfiguration, index: Int, shard: Int = 0) {
        self.init(shared: PlayerShared(configuration), index: index, shard: shard)
    }

    /// A player of a workload whose players share `shared`.
    package init(shared: PlayerShared, index: Int, shard: Int = 0) {
        let configuration = shared.configuration
        self.shared = shared
        self.index = index
        self.shard = shard
        rng = SplitMix64(seed: StableHash.of(String(configuration.seed), String(shard), String(index)))
        identities = Identities(salt: Self.salt(configuration.runSalt, shard, index, 0))
        belief = Belief(model: GamebaseModel(semantics: configuration.semantics))
        if configuration.isShared {
            identities = Identities(salt: SharedPool.salt(run: configuration.runSalt))
            nextOpId = SharedPool.firstOpId(player: index, shard: shard)
        }
    }

    /// A player that replays given steps under `salt` (shrinking, replay).
    package init(configuration: FuzzConfiguration, index: Int, salt: String) {
        self.init(configuration: configuration, index: index)
        identities = Identities(salt: salt)
    }

    /// A player that continues from `belief` (a known world, e.g. in tests).
    package init(configuration: FuzzConfiguration, index: Int, belief: Belief) {
        self.init(configuration: configuration, index: index)
        self.belief = belief
    }

    static func salt(_ run: String, _ shard: Int, _ player: Int, _ episode: Int) -> String {
        "\(run)-s\(shard)-p\(player)-e\(episode)"
    }

    /// Borrowed from ``shared`` (`_read`: no copy of the struct, its strings and weights, per use).
    package var configuration: FuzzConfiguration { _read { yield shared.configuration } }
    var signer: IdPTokenSigner { _read { yield shared.signer } }

    var matcher: Matcher { Matcher(identities: identities, semantics: configuration.semantics) }
    var model: GamebaseModel { belief.model }

    /// Starts over with fresh identities; `audited: false` keeps the episode from the end-of-run
    /// audit (its final belief may miss what the target did).
    package mutating func newEpisode(audited: Bool = true) {
        if audited, !history.isEmpty {
            retired.append((identities, belief))
            if retired.count > keepRetired { retired.removeFirst(retired.count - keepRetired) }
        }
        episode += 1
        belief = Belief(model: model)
        history = []
        // In a shared world identities stay the pool's, and step ids stay unique run-wide.
        if !configuration.isShared {
            identities = Identities(salt: Self.salt(configuration.runSalt, shard, index, episode))
            nextOpId = 1
        }
        clockAfterLast = nil
        burst = nil
        idBurst = nil
        surprises = 0
    }

    /// Judges the result of `planned` (which the server handled within `window`).
    package mutating func observe(_ planned: PlannedOperation, _ result: ExecutionResult, window: ClockWindow)
        -> StepVerdict
    {
        let op = planned.op
        recordExternalClockJump(window, before: op)
        history.append(op)
        var verdict = StepVerdict(kind: op.kind, code: result.code, outcome: .ok, violations: [], predictedCodes: [])
        verdict.window = window
        switch result.outcome {
        case .transportError(let e):
            belief.observeLost(op, window)
            // A request the run stopped is the run's doing, not the target's (still maybe applied).
            verdict.outcome = e.code == .shutdown ? .cancelled : .transportError
        case .protocolError(let e)
        where e.code == .httpStatus && op.edge?.mayBeRefusedByHTTP == true
            && [400, 414, 431].contains(e.response.status):
            // An HTTP layer may refuse a header it takes for invalid (§1.3, last row): non-ASCII
            // bytes or an id past 1,024 characters; or a request line too long for it (a
            // percent-encoded non-ASCII path parameter). Nothing reached the application.
            verdict.outcome = .expectedError
        case .protocolError(let e):
            verdict.outcome = .unexpected
            verdict.violations = [
                violation(
                    Mismatch(.X2, "envelope", expected: "HTTP 200 with a Gamebase envelope", observed: e.description),
                    op,
                    result
                )
            ]
        case .answer(let obs, let envelope) where envelope == nil && GenericFailure.isGeneric(obs.code, for: op.kind):
            // The target failed without saying why (a server error, not a violation): as for a
            // lost answer, the operation may or may not have been applied.
            belief.observeLost(op, window)
            verdict.outcome = .serverError
        case .answer(let obs, let envelope):
            judge(op, obs, envelope: envelope, result, window: window, into: &verdict)
        }
        if verdict.beliefOverflow == nil, belief.isOverflowing {
            verdict.beliefOverflow = BeliefOverflow(.states, limit: Belief.maxStates, op)
        }
        if verdict.beliefOverflow != nil { beliefOverflows += 1 }
        if result.duplicated {
            // The answer is the first of two sends and was judged as one; what the second did is
            // unknown, so this episode's identities are left behind (and kept from the audit).
            verdict.duplicated = true
            if let h = verdict.harnessError {
                harnessErrors += 1
                lastHarnessError = h
            }
            newEpisode(audited: false)
        } else if let h = verdict.harnessError {
            harnessErrors += 1
            lastHarnessError = h
            newEpisode()
        } else if !verdict.violations.isEmpty || verdict.localReset {
            newEpisode()
        } else if verdict.beliefOverflow != nil {
            desyncs += 1
            verdict.desync = true
            newEpisode()
        } else {
            // Each lost operation stays maybe-applied for `pendingHorizon` of this player's steps
            // after its own (one horizon for all of them retired an operation lost a step before
            // the others' horizon ran out: a false alarm when its effect showed later).
            if belief.hasPending, op.id > 0 { belief.retirePending(before: op.id - configuration.pendingHorizon) }
            if history.count >= configuration.episodeLength { newEpisode() }
        }
        return verdict
    }

    /// Judges an answer with the belief. When the model cannot judge it (``ModelError``), the
    /// answer is `unexpected` but no violation: the error is the harness's, not the target's.
    private mutating func judge(
        _ op: Op,
        _ obs: Observation,
        envelope: Mismatch?,
        _ result: ExecutionResult,
        window: ClockWindow,
        into verdict: inout StepVerdict
    ) {
        do throws(ModelError) {
            let j = try belief.observe(op, window, obs, matcher: matcher)
            verdict.predictedCodes = j.expectedCodes
            if configuration.isShared, envelope == nil, j.mismatch != nil {
                // Other players act on the same identities: this player's view cannot judge the
                // answer (the checker will); it keeps, adopts or starts over its view.
                verdict.outcome = obs.code.isSuccess ? .ok : .expectedError
                verdict.localReset = repairSharedView(op, obs, window: window) == .startedOver
            } else if let m = envelope ?? j.mismatch {
                verdict.outcome = .unexpected
                verdict.violations = [violation(m, op, result, because: j.because)]
            } else {
                verdict.outcome = obs.code.isSuccess ? .ok : .expectedError
                surprises = 0
            }
        } catch {
            verdict.outcome = .unexpected
            switch error {
            case .harness(let h): verdict.harnessError = h
            case .overflow(let o): verdict.beliefOverflow = o
            }
            // The envelope (X1/X2) is checked without the model.
            if let envelope { verdict.violations = [violation(envelope, op, result)] }
        }
    }

    /// With a frozen server clock, time moves only by advances; one this player did not make
    /// (another player's) is recorded as an explicit `test.advance` step, so the sequence replays
    /// alone with the same timeline (and the shrinker can drop it when it does not matter).
    mutating func recordExternalClockJump(_ window: ClockWindow, before op: Op) {
        defer {
            var after = window.lo
            if case .advanceClock(let s) = op.action { after += s * 1000 }
            clockAfterLast = after
        }
        guard configuration.capabilities.testControl, let last = clockAfterLast, window.lo > last else { return }
        let jump = (window.lo - last + 999) / 1000
        syntheticIds += 1
        history.append(Op(id: -syntheticIds, action: .advanceClock(seconds: jump)))
    }

    func violation(_ m: Mismatch, _ op: Op, _ r: ExecutionResult, because: String = "") -> Violation {
        Violation(
            rule: m.rule,
            message: because.isEmpty ? m.description : "\(m.description); the model expected it because \(because)",
            field: m.field,
            expected: m.expected,
            observed: m.observed,
            kind: op.kind,
            player: index,
            seed: configuration.seed,
            salt: identities.salt,
            sequence: history.map(\.symbolic),
            response: r.response.map { String(decoding: $0.body.prefix(4096), as: UTF8.self) }
        )
    }
}

extension Op {
    /// The step without the concrete values of one run.
    package var symbolic: Op { Op(id: id, action: action, edge: edge) }
}
