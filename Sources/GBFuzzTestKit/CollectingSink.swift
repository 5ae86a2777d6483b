import Engine
import Synchronization

/// An ``OperationSink`` that keeps every operation the engine reports, for inspection.
package final class CollectingSink: OperationSink {
    package struct Sample: Sendable {
        package var op: PerformedOperation
        package var intended: ContinuousClock.Instant
        /// From the intended start (coordinated-omission corrected).
        package var latency: Duration { op.completed - intended }
        package var service: Duration { op.completed - op.sent }
    }

    private let samples = Mutex<[Sample]>([])

    package init() {}

    package func record(_ op: PerformedOperation, intendedStart: ContinuousClock.Instant) {
        samples.withLock { $0.append(Sample(op: op, intended: intendedStart)) }
    }

    package var all: [Sample] { samples.withLock { $0 } }
}
