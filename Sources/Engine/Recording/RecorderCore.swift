import Basics
import Foundation
import Synchronization

/// The state shared between producers, the consumer thread and ``Recorder``'s API. Every stored
/// property is itself thread-safe (`Atomic`, `Mutex`, the lock-free ring), so no `@unchecked` is needed.
final class RecorderCore: Sendable {
    let configuration: RecorderConfiguration
    let runStart: ContinuousClock.Instant
    let startedAt: Date
    let operations = OperationTable()
    let ring: SampleRing
    /// Samples the ring had no room for; merged by the consumer.
    let overflow: Mutex<RecorderAggregate>
    /// Samples put into `overflow` and not yet merged (a hint that saves the consumer a lock).
    let overflowPending = Atomic<Int>(0)
    let viaOverflow = Atomic<UInt64>(0)
    let afterFinish = Atomic<UInt64>(0)
    /// Intervals closed so far, and closed intervals reopened by a late sample (diagnostics).
    let intervalsClosed = Atomic<Int>(0)
    let intervalsReopened = Atomic<Int>(0)
    /// Set once by the first `requestStop`; the consumer drains everything and exits.
    let stop = Atomic<Bool>(false)
    private let stopClaimed = Atomic<Bool>(false)
    let endNanos = Atomic<Int64>(0)
    private let snapshot = Mutex(LiveSnapshot())
    /// The first example answer of each (operation, failure kind): low-rate, off the sample ring.
    let failureExamples = Mutex<[Int: [FailureKind: String]]>([:])
    private let completion = Mutex(Completion.running([]))

    private enum Completion {
        case running([CheckedContinuation<Recording, Never>])
        case done(Recording)
    }

    /// Called on the consumer's thread with each interval's samples as it closes (live metrics).
    let onInterval: (@Sendable (IntervalDelta) -> Void)?

    init(
        configuration: RecorderConfiguration,
        runStart: ContinuousClock.Instant,
        startedAt: Date,
        onInterval: (@Sendable (IntervalDelta) -> Void)? = nil
    ) {
        self.onInterval = onInterval
        self.configuration = configuration
        self.runStart = runStart
        self.startedAt = startedAt
        self.ring = SampleRing(capacity: configuration.ringCapacity)
        self.overflow = Mutex(Self.emptyAggregate(configuration))
    }

    static func emptyAggregate(_ configuration: RecorderConfiguration) -> RecorderAggregate {
        RecorderAggregate(
            settings: configuration.histogram,
            intervalNanos: configuration.intervalLength.nanoseconds,
            lateStartToleranceNanos: configuration.lateStartTolerance.nanoseconds
        )
    }

    func record(_ sample: RecordedSample) {
        if stop.load(ordering: .relaxed) {
            afterFinish.add(1, ordering: .relaxed)
            return
        }
        if ring.tryPush(sample) { return }
        // Slow path: the ring is full. The sample was not enqueued, so recording it here cannot double count.
        overflow.withLock { $0.add(sample) }
        viaOverflow.add(1, ordering: .relaxed)
        overflowPending.add(1, ordering: .releasing)
    }

    func requestStop(endNanos end: Int64) {
        // Only the first request fixes the end; the consumer reads it after seeing `stop`.
        guard stopClaimed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        endNanos.store(end, ordering: .relaxed)
        stop.store(true, ordering: .releasing)
    }

    var latestSnapshot: LiveSnapshot { snapshot.withLock { $0 } }

    func publish(_ value: LiveSnapshot) { snapshot.withLock { $0 = value } }

    func awaitRecording() async -> Recording {
        await withCheckedContinuation { continuation in
            let ready: Recording? = completion.withLock { state in
                switch state {
                case .running(var waiters):
                    waiters.append(continuation)
                    state = .running(waiters)
                    return nil
                case .done(let recording):
                    return recording
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func complete(with recording: Recording) {
        let waiters = completion.withLock { state -> [CheckedContinuation<Recording, Never>] in
            guard case .running(let waiters) = state else { return [] }
            state = .done(recording)
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: recording) }
    }
}
