/// The requests that completed within one interval of the run.
public struct IntervalRecording: Sendable {
    /// Interval number: its start is `index × intervalLength` after the run's start.
    public let index: Int
    /// Start, relative to the run's start.
    public let start: Duration
    /// Length (the last interval of a run may be shorter).
    public let length: Duration
    /// Per operation that completed a request in this interval, sorted by name.
    public let operations: [IntervalOperation]
    /// Every operation merged (``IntervalOperation/name`` is empty).
    public let all: IntervalOperation

    public init(index: Int, start: Duration, length: Duration, operations: [IntervalOperation], all: IntervalOperation)
    {
        self.index = index
        self.start = start
        self.length = length
        self.operations = operations
        self.all = all
    }
}

/// One operation (or all) within one interval: counts per outcome class and exact packed histograms.
public struct IntervalOperation: Sendable {
    public let name: String
    public let counts: [OutcomeClass: UInt64]
    /// Latency, all outcome classes.
    public let latency: PackedHistogram
    /// Service time, all outcome classes.
    public let service: PackedHistogram
    /// Per outcome class (absent for the merged ``IntervalRecording/all``).
    public let byOutcome: [OutcomeClass: IntervalHistograms]
    public let latencyStats: IntervalStats
    public let serviceStats: IntervalStats

    public init(
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
    public var count: UInt64 { counts.values.reduce(0, +) }
    public func count(_ outcome: OutcomeClass) -> UInt64 { counts[outcome] ?? 0 }
}

/// The latency and service-time histograms of one outcome class in one interval.
public struct IntervalHistograms: Sendable, Hashable {
    public let latency: PackedHistogram
    public let service: PackedHistogram

    public init(latency: PackedHistogram, service: PackedHistogram) {
        self.latency = latency
        self.service = service
    }
}
