/// How a ``Recorder`` buckets and classifies samples.
package struct RecorderConfiguration: Sendable, Hashable {
    /// The settings of every histogram (microseconds, 1 µs … 1 h, 3 digits by default).
    package var histogram: HistogramSettings
    /// Length of the time-series intervals (and of each `.hlog` line).
    package var intervalLength: Duration
    /// A send that lags its intended start by more than this counts as a late start.
    package var lateStartTolerance: Duration
    /// Slots in the lock-free ring (a power of two; 32 bytes each).
    package var ringCapacity: Int
    /// How long an interval stays open after it ends, for samples still in flight to the consumer.
    /// Later samples are still merged into their interval exactly; this only bounds memory.
    package var intervalGrace: Duration

    /// A start later than this after its intended time counts as late (profiles: `load.lateTolerance`).
    package static let defaultLateStartTolerance: Duration = .milliseconds(10)

    package init(
        histogram: HistogramSettings = .standard,
        intervalLength: Duration = .seconds(1),
        lateStartTolerance: Duration = Self.defaultLateStartTolerance,
        ringCapacity: Int = 1 << 16,
        intervalGrace: Duration = .seconds(1)
    ) {
        precondition(intervalLength > .zero, "interval length must be positive")
        precondition(
            ringCapacity >= 2 && ringCapacity & (ringCapacity - 1) == 0,
            "ring capacity must be a power of two"
        )
        self.histogram = histogram
        self.intervalLength = intervalLength
        self.lateStartTolerance = lateStartTolerance
        self.ringCapacity = ringCapacity
        self.intervalGrace = intervalGrace
    }
}
