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
        /// The fault of each request that got one, by its correlation id (at most ``maxNoted``).
        var noted: [String: String] = [:]
    }

    /// The most requests whose fault is kept for ``fault(for:)`` (about 100 bytes each).
    package static let maxNoted = 1_000_000

    package init(_ faults: [FaultSpec], seed: UInt64) throws(FaultSpecError) {
        try FaultSpec.validate(faults)
        self.faults = faults
        state = Mutex(State(rng: SplitMix64(seed: seed)))
    }

    /// The fault for the next request: at most one, each with its probability. `id` (the
    /// request's correlation id, e.g. its transaction id) keeps the fault for ``fault(for:)``.
    package func draw(id: String? = nil) -> FaultSpec.Kind? {
        state.withLock { s in
            s.forwarded += 1
            let u = Double(s.rng.next() >> 11) / Double(1 << 53)
            var edge = 0.0
            for f in faults {
                edge += f.probability
                if u < edge {
                    s.injected[f.kind.name, default: 0] += 1
                    if let id, s.noted.count < Self.maxNoted { s.noted[id] = f.kind.name }
                    return f.kind
                }
            }
            return nil
        }
    }

    /// The fault the request with correlation id `id` got (`drop-response`…), `nil` for none.
    package func fault(for id: String) -> String? { state.withLock { $0.noted[id] } }

    /// Requests that reached the proxy, and the faults injected by name (`drop-response`: 3).
    package var counts: (requests: Int, injected: [String: Int]) {
        state.withLock { ($0.forwarded, $0.injected) }
    }
}
