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

    struct World {
        var state: ModelState
    }
    struct State {
        var worlds: [String: ModelState] = [:]
        var now: Int64
        var counter: UInt64 = 0
    }

    let model: GamebaseModel
    let deviations: Set<Deviation>
    private let state: Mutex<State>

    /// - Parameters:
    ///   - semantics: how the simulated server behaves (may differ from what the harness expects).
    ///   - now: its frozen clock (epoch ms); only clock advances move it.
    package init(semantics: Semantics = .default, deviations: Set<Deviation> = [], now: Int64 = 1_800_000_000_000) {
        model = GamebaseModel(semantics: semantics)
        self.deviations = deviations
        state = Mutex(State(now: now))
    }

    /// The current simulated server time.
    package var now: Int64 { state.withLock { $0.now } }

    package func serverClock() async -> Int64? { now }

    package func execute(_ p: PlannedOperation) async -> ExecutionResult {
        state.withLock { st in
            var op = p.op
            if deviations.contains(.forgedTokenAccepted) { op.action = Self.unforged(op.action) }
            let world = st.worlds[p.identities.salt] ?? ModelState()
            if case .advanceClock(let s) = op.action { st.now += s * 1000 }
            guard let outcome = (try? model.step(world, op, ClockWindow(exactly: st.now)))?.first else {
                // The simulated server's own model cannot answer: no answer, like a dead server.
                let error = TransportError(.other, "the simulated target's model cannot answer \(op)")
                return ExecutionResult(outcome: .transportError(error), transactionId: "sim-\(st.counter)")
            }
            var renderer = Renderer(
                identities: p.identities,
                semantics: model.semantics,
                now: st.now,
                counter: st.counter,
                op: op
            )
            let obs = renderer.render(outcome)
            st.counter = renderer.counter
            let matcher = Matcher(identities: p.identities, semantics: model.semantics)
            var next = (try? matcher.match(outcome, obs, op: op).get()) ?? outcome.next
            if deviations.contains(.tokenSurvivesLogout), case .logout(_, let t) = op.action, outcome.code.isSuccess,
                let s = t.symbol, let resolved = next.resolve(s, sent: op.values[s], exists: { next.tokens[$0] != nil })
            {
                next.tokens[resolved]?.revoked = nil
                next.devices[next.tokens[resolved]!.device] = resolved
            }
            st.worlds[p.identities.salt] = next
            return ExecutionResult(outcome: .answer(obs, envelope: nil), transactionId: "sim-\(st.counter)")
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
