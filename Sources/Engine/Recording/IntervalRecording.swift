/// The requests that completed within one interval of the run.
package struct IntervalRecording: Sendable {
    /// Interval number: its start is `index × intervalLength` after the run's start.
    package let index: Int
    /// Start, relative to the run's start.
    package let start: Duration
    /// Length (the last interval of a run may be shorter).
    package let length: Duration
    /// Per operation that completed a request in this interval, sorted by name.
    package let operations: [IntervalOperation]
    /// Every operation merged (``IntervalOperation/name`` is empty).
    package let all: IntervalOperation

    package init(index: Int, start: Duration, length: Duration, operations: [IntervalOperation], all: IntervalOperation)
    {
        self.index = index
        self.start = start
        self.length = length
        self.operations = operations
        self.all = all
    }
}

/// One operation (or all) within one interval: counts per outcome class and exact packed histograms.
package struct IntervalOperation: Sendable {
    package let name: String
    package let counts: [OutcomeClass: UInt64]
    /// Latency, all outcome classes.
    package let latency: PackedHistogram
    /// Service time, all outcome classes.
    package let service: PackedHistogram
    /// Per outcome class (absent for the merged ``IntervalRecording/all``).
    package let byOutcome: [OutcomeClass: IntervalHistograms]
    package let latencyStats: IntervalStats
    package let serviceStats: IntervalStats

    package init(
        name: String,
        counts: [OutcomeClass: UInt64],
        latency: PackedHistogram,
        service: PackedHistogram,
        byOutcome: [OutcomeClass: IntervalHistograms] = [:],
        latencyStats: IntervalStats,
        serviceStats: IntervalStats
    ) {
        self.name = name
        self.counts = counts
        self.latency = latency
        self.service = service
        self.byOutcome = byOutcome
        self.latencyStats = latencyStats
        self.serviceStats = serviceStats
    }

    /// Requests completed, every outcome class.
    package var count: UInt64 { counts.values.reduce(0, +) }
    package func count(_ outcome: OutcomeClass) -> UInt64 { counts[outcome] ?? 0 }
}

/// The latency and service-time histograms of one outcome class in one interval.
package struct IntervalHistograms: Sendable, Hashable {
    package let latency: PackedHistogram
    package let service: PackedHistogram

    package init(latency: PackedHistogram, service: PackedHistogram) {
        self.latency = latency
        self.service = service
    }
}
