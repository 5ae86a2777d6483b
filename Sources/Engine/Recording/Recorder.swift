import Basics
import Foundation
import Synchronization

/// Records every completed request into HdrHistograms without a lock on the hot path.
///
/// Design (invariants in `SampleRing` and `RecorderCore`):
/// - ``record(_:outcome:resultCode:intendedStart:sent:completed:)`` turns the request into a fixed-size
///   ``RecordedSample`` and pushes it into a bounded lock-free MPSC ring (one CAS, no allocation).
/// - One consumer thread drains the ring and alone owns the histograms: latency, service time and
///   schedule lag per operation × outcome class, cumulative and per interval (by completion time).
/// - If the ring is full, the sample goes into a mutex-protected overflow aggregate instead (the slow
///   path), which the consumer merges exactly. A sample takes exactly one of the two paths.
/// - Memory depends on the number of operations and intervals, never on the number of players.
///
/// Call ``finish(at:)`` once every `record` call has returned; it returns the immutable ``Recording``.
package final class Recorder: Sendable {
    package let configuration: RecorderConfiguration
    /// The monotonic origin every sample time is measured from.
    package let runStart: ContinuousClock.Instant
    /// The wall-clock time of ``runStart``.
    package let startedAt: Date
    private let core: RecorderCore

    /// - Parameter onInterval: called on the recorder's thread with the samples of each interval as
    ///   it closes (``IntervalDelta``); keep it short, it holds up the ring's consumer.
    package init(
        configuration: RecorderConfiguration = RecorderConfiguration(),
        runStart: ContinuousClock.Instant = .now,
        startedAt: Date = Date(),
        onInterval: (@Sendable (IntervalDelta) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.runStart = runStart
        self.startedAt = startedAt
        self.core = RecorderCore(
            configuration: configuration,
            runStart: runStart,
            startedAt: startedAt,
            onInterval: onInterval
        )
        let consumer = RecorderConsumer(core: core)
        Thread.detachNewThread {
            Thread.current.name = "gbfuzz-recorder"
            consumer.run()
        }
    }

    deinit {
        core.requestStop(endNanos: (ContinuousClock.now - runStart).nanoseconds)
    }

    /// The id of an operation name (registered on first use). Takes a lock: call once per operation kind.
    package func operation(_ name: String) -> OperationID {
        core.operations.id(for: name)
    }

    /// Records one completed request. Lock-free unless the ring is full; callable from any task.
    @inlinable
    package func record(
        _ operation: OperationID,
        outcome: OutcomeClass,
        resultCode: Int?,
        failure: FailureKind? = nil,
        intendedStart: ContinuousClock.Instant,
        sent: ContinuousClock.Instant,
        completed: ContinuousClock.Instant
    ) {
        record(
            RecordedSample(
                operation: operation,
                outcome: outcome,
                resultCode: resultCode,
                failure: failure,
                intendedStartNanos: nanosSinceStart(intendedStart),
                sentNanos: nanosSinceStart(sent),
                completedNanos: nanosSinceStart(completed)
            )
        )
    }

    /// Keeps `example` (the first bytes of a non-protocol answer) as the example of `failure` for
    /// `operation`, unless one is kept already. Takes a lock: call only for failures.
    package func noteExample(_ operation: OperationID, failure: FailureKind, example: String) {
        core.failureExamples.withLock { all in
            if all[Int(operation.rawValue)]?[failure] == nil {
                all[Int(operation.rawValue), default: [:]][failure] = String(example.prefix(Self.exampleLength))
            }
        }
    }

    /// How much of a failing answer is kept as its example.
    package static let exampleLength = 200

    /// Records a sample whose times are already nanoseconds since ``runStart``.
    package func record(_ sample: RecordedSample) {
        core.record(sample)
    }

    /// Nanoseconds from ``runStart`` to `instant` (negative before the start).
    package func nanosSinceStart(_ instant: ContinuousClock.Instant) -> Int64 {
        (instant - runStart).nanoseconds
    }

    /// Intervals the consumer has closed so far (tests wait on it to exercise late samples).
    package var intervalsClosed: Int { core.intervalsClosed.load(ordering: .acquiring) }

    /// The latest progress figures (refreshed by the consumer about every 100 ms).
    package func snapshot() -> LiveSnapshot {
        var snapshot = core.latestSnapshot
        snapshot.elapsed = ContinuousClock.now - runStart
        return snapshot
    }

    /// Stops recording and returns everything measured. Idempotent: later calls return the same recording.
    ///
    /// - Parameter end: the run's end, which fixes ``Recording/duration``.
    /// - Precondition: every `record` call has returned (samples recorded later are only counted in
    ///   ``RecorderDiagnostics/afterFinish``).
    package func finish(at end: ContinuousClock.Instant = .now) async -> Recording {
        core.requestStop(endNanos: nanosSinceStart(end))
        return await core.awaitRecording()
    }
}
