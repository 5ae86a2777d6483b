import Basics
import Synchronization

/// Thread CPU time a fuzz session spent in the phases of its operations that run without
/// suspending: generating the next operation, matching its answer against the model, recording
/// the verdict. Sending (the transport, or an in-process target) is what remains of the process's
/// CPU. Kept per session and summed when the session ends, so metering adds no shared state to
/// the operation path; `gbfuzz bench harness` reads it.
package struct PhaseTimes: Sendable, Hashable {
    package enum Phase: Sendable, CaseIterable {
        case generate, match, record
    }
    package var generate: Int64 = 0
    package var match: Int64 = 0
    package var record: Int64 = 0
    /// Operations measured.
    package var operations = 0

    package init() {}

    package subscript(phase: Phase) -> Int64 {
        get {
            switch phase {
            case .generate: generate
            case .match: match
            case .record: record
            }
        }
        set {
            switch phase {
            case .generate: generate = newValue
            case .match: match = newValue
            case .record: record = newValue
            }
        }
    }

    package static func + (a: PhaseTimes, b: PhaseTimes) -> PhaseTimes {
        var s = a
        for p in Phase.allCases { s[p] += b[p] }
        s.operations += b.operations
        return s
    }
}

/// The sum of every ended session's ``PhaseTimes``.
package final class PhaseMeter: Sendable {
    private let total = Mutex(PhaseTimes())

    package init() {}

    package func add(_ times: PhaseTimes) { total.withLock { $0 = $0 + times } }
    /// Adds thread CPU spent outside a session (the engine's recording) to one phase.
    package func add(_ nanos: Int64, to phase: PhaseTimes.Phase) { total.withLock { $0[phase] += nanos } }
    package var times: PhaseTimes { total.withLock { $0 } }
}
