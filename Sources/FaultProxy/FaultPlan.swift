import Basics
import Synchronization
import Transport

/// Which fault, if any, each forwarded request gets, drawn from a seeded PRNG (reproducible up to
/// the order requests arrive in), and how many of each were injected.
package final class FaultPlan: Sendable {
    package let faults: [FaultSpec]
    private let state: Mutex<State>

    private struct State {
        var rng: SplitMix64
        var forwarded = 0
        var injected: [String: Int] = [:]
    }

    package init(_ faults: [FaultSpec], seed: UInt64) throws(FaultSpecError) {
        try FaultSpec.validate(faults)
        self.faults = faults
        state = Mutex(State(rng: SplitMix64(seed: seed)))
    }

    /// The fault for the next request: at most one, each with its probability.
    package func draw() -> FaultSpec.Kind? {
        state.withLock { s in
            s.forwarded += 1
            let u = Double(s.rng.next() >> 11) / Double(1 << 53)
            var edge = 0.0
            for f in faults {
                edge += f.probability
                if u < edge {
                    s.injected[f.kind.name, default: 0] += 1
                    return f.kind
                }
            }
            return nil
        }
    }

    /// Requests that reached the proxy, and the faults injected by name (`drop-response`: 3).
    package var counts: (requests: Int, injected: [String: Int]) {
        state.withLock { ($0.forwarded, $0.injected) }
    }
}
