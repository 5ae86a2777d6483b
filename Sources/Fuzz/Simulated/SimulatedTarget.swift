import Model
import Protocol
import Synchronization
import Transport

/// A stand-in target built from the model itself: it applies each planned step to its own copy
/// of the player's world and answers with what the model predicts (first allowed outcome), inventing
/// concrete values. With different knobs than the harness (or a ``Deviation``) it is a buggy
/// backend with one known rule broken — for testing the oracle and shrinker without a server.
/// It trusts the symbolic step (it never parses HTTP), so it says nothing about wire encoding.
package final class SimulatedTarget: OperationExecutor {
    /// Deliberate deviations the knobs cannot express.
    package enum Deviation: String, Sendable, CaseIterable {
        /// F1: forged IdP tokens are accepted.
        case forgedTokenAccepted
        /// L5: logout answers success but the token stays live.
        case tokenSurvivesLogout
    }

    /// The world of one salt (one player's, or a shared pool's): its state and the count of values
    /// invented in it (each seeds the next, so its values do not depend on other players' timing).
    /// Its lock serialises the operations on it; operations on different worlds run in parallel
    /// (one lock for every world made the lanes queue on it: a third of an in-process bench's CPU
    /// went to lock hand-offs, `perf`).
    private final class World: Sendable {
        struct Content {
            var state = ModelState()
            var counter: UInt64 = 0
        }
        let content = Mutex(Content())
    }

    let model: GamebaseModel
    let deviations: Set<Deviation>
    private let worlds = Mutex<[String: World]>([:])
    /// The frozen server clock (epoch ms); only clock advances move it.
    private let clock: Atomic<Int64>
    /// Answers given, for their transaction ids.
    private let answers = Atomic<UInt64>(0)

    /// - Parameters:
    ///   - semantics: how the simulated server behaves (may differ from what the harness expects).
    ///   - now: its frozen clock (epoch ms); only clock advances move it.
    package init(semantics: Semantics = .default, deviations: Set<Deviation> = [], now: Int64 = 1_800_000_000_000) {
        model = GamebaseModel(semantics: semantics)
        self.deviations = deviations
        clock = Atomic(now)
    }

    /// The current simulated server time.
    package var now: Int64 { clock.load(ordering: .sequentiallyConsistent) }

    package func serverClock() async -> Int64? { now }

    package func execute(_ p: PlannedOperation) async -> ExecutionResult {
        var op = p.op
        if deviations.contains(.forgedTokenAccepted) { op.action = Self.unforged(op.action) }
        let now: Int64
        if case .advanceClock(let s) = op.action {
            now = clock.add(s * 1000, ordering: .sequentiallyConsistent).newValue
        } else {
            now = self.now
        }
        let salt = p.identities.salt
        let world = worlds.withLock { worlds in
            if let w = worlds[salt] { return w }
            let w = World()
            worlds[salt] = w
            return w
        }
        let transactionId = "sim-\(answers.add(1, ordering: .relaxed).newValue)"
        return world.content.withLock { w in
            guard let outcome = (try? model.step(w.state, op, ClockWindow(exactly: now)))?.first else {
                // The simulated server's own model cannot answer: no answer, like a dead server.
                let error = TransportError(.other, "the simulated target's model cannot answer \(op)")
                return ExecutionResult(outcome: .transportError(error), transactionId: transactionId)
            }
            var renderer = Renderer(
                identities: p.identities,
                semantics: model.semantics,
                now: now,
                counter: w.counter,
                op: op
            )
            let obs = renderer.render(outcome)
            w.counter = renderer.counter
            let matcher = Matcher(identities: p.identities, semantics: model.semantics)
            var next = (try? matcher.match(outcome, obs, op: op).get()) ?? outcome.next
            if deviations.contains(.tokenSurvivesLogout), case .logout(_, let t) = op.action, outcome.code.isSuccess,
                let s = t.symbol, let resolved = next.resolve(s, sent: op.values[s], exists: { next.tokens[$0] != nil })
            {
                next.tokens[resolved]?.revoked = nil
                next.devices[next.tokens[resolved]!.device] = resolved
            }
            w.state = next
            return ExecutionResult(outcome: .answer(obs, envelope: nil), transactionId: transactionId)
        }
    }

    static func unforged(_ a: Action) -> Action {
        // As the reference server's forged-idp-token: a well-formed token is read without its
        // signature; a malformed or absent one still fails.
        func fix(_ c: IdPCredential) -> IdPCredential {
            var c = c
            if c.form == .forged {
                c.form = .valid
                if let acct = c.account { c.account = AccountRef(c.idPCode, acct.index) }
            }
            return c
        }
        switch a {
        case .loginIdP(let d, let c, let i): return .loginIdP(device: d, credential: fix(c), ignoreAlreadyLoggedIn: i)
        case .addMapping(let d, let t, let c): return .addMapping(device: d, token: t, credential: fix(c))
        default: return a
        }
    }
}
