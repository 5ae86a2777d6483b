import Foundation
import Histogram

/// Everything a run measured, frozen by ``Recorder/finish(at:)``. Immutable and `Sendable`.
///
/// All histogram values are microseconds (see ``HistogramSettings``).
package struct Recording: Sendable {
    /// The settings every histogram here shares.
    package let settings: HistogramSettings
    /// Wall-clock time of the run's start (the `.hlog` StartTime).
    package let startedAt: Date
    /// Monotonic time from the run's start to ``Recorder/finish(at:)``.
    package let duration: Duration
    /// Length of each interval of ``intervals`` (1 s by default).
    package let intervalLength: Duration
    /// A request whose send lagged its intended start by more than this is a late start.
    package let lateStartTolerance: Duration
    /// Cumulative results per operation, sorted by name; only operations that completed a request.
    package let operations: [OperationRecording]
    /// Per-interval results, bucketed by completion time, in time order; intervals without completions are absent.
    package let intervals: [IntervalRecording]
    /// Values above the highest trackable value, recorded as that value.
    package let clampedValues: UInt64
    /// How the samples reached the histograms.
    package let diagnostics: RecorderDiagnostics

    package init(
        settings: HistogramSettings,
        startedAt: Date,
        duration: Duration,
        intervalLength: Duration,
        lateStartTolerance: Duration,
        operations: [OperationRecording],
        intervals: [IntervalRecording],
        clampedValues: UInt64 = 0,
        diagnostics: RecorderDiagnostics = RecorderDiagnostics()
    ) {
        self.settings = settings
        self.startedAt = startedAt
        self.duration = duration
        self.intervalLength = intervalLength
        self.lateStartTolerance = lateStartTolerance
        self.operations = operations
        self.intervals = intervals
        self.clampedValues = clampedValues
        self.diagnostics = diagnostics
    }

    /// Requests recorded, all operations and outcome classes.
    package var requests: UInt64 { operations.reduce(0) { $0 + $1.count } }

    /// Requests of one outcome class, all operations.
    package func count(_ outcome: OutcomeClass) -> UInt64 {
        operations.reduce(0) { $0 + $1.count(outcome) }
    }

    /// Late starts, all operations.
    package var lateStarts: UInt64 { operations.reduce(0) { $0 + $1.lateStarts } }

    /// The operation named `name`, if it completed any request.
    package func operation(_ name: String) -> OperationRecording? {
        operations.first { $0.name == name }
    }

    /// One metric merged over every operation and the given outcome classes.
    package func merged(_ metric: Metric, outcomes: Set<OutcomeClass> = Set(OutcomeClass.allCases)) -> Histogram<UInt64>
    {
        var histogram = settings.makeHistogram()
        for operation in operations { histogram.add(operation.merged(metric, outcomes: outcomes)) }
        return histogram
    }

    /// The three recorded durations.
    package enum Metric: String, Sendable, CaseIterable {
        /// Completion − intended start (corrected for coordinated omission).
        case latency
        /// Completion − actual send.
        case service
        /// Actual send − intended start.
        case scheduleLag
    }
}

/// How samples reached the histograms; useful to size the ring.
package struct RecorderDiagnostics: Sendable, Hashable {
    /// Capacity of the lock-free ring.
    package var ringCapacity: Int
    /// Samples that went through the ring.
    package var viaRing: UInt64
    /// Samples recorded through the locked fallback because the ring was full.
    package var viaOverflow: UInt64
    /// Samples recorded after ``Recorder/finish(at:)`` had started; not in this recording.
    package var afterFinish: UInt64
    /// Closed intervals that a late sample reopened (its completion fell in an interval already
    /// closed); the sample is merged into it exactly.
    package var reopenedIntervals: Int

    package init(
        ringCapacity: Int = 0,
        viaRing: UInt64 = 0,
        viaOverflow: UInt64 = 0,
        afterFinish: UInt64 = 0,
        reopenedIntervals: Int = 0
    ) {
        self.ringCapacity = ringCapacity
        self.viaRing = viaRing
        self.viaOverflow = viaOverflow
        self.afterFinish = afterFinish
        self.reopenedIntervals = reopenedIntervals
    }
}
