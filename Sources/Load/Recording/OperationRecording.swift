import Histogram

/// Cumulative results of one operation.
public struct OperationRecording: Sendable {
    public let name: String
    /// Histograms per outcome class that occurred.
    public let outcomes: [OutcomeClass: OutcomeRecording]
    /// Answers per Gamebase result code (transport errors have none).
    public let codes: [Int: UInt64]
    public let lateStarts: UInt64
    let settings: HistogramSettings

    public init(
        name: String,
        outcomes: [OutcomeClass: OutcomeRecording],
        codes: [Int: UInt64],
        lateStarts: UInt64,
        settings: HistogramSettings
    ) {
        self.name = name
        self.outcomes = outcomes
        self.codes = codes
        self.lateStarts = lateStarts
        self.settings = settings
    }

    /// Requests completed, every outcome class.
    public var count: UInt64 { outcomes.values.reduce(0) { $0 + $1.count } }

    public func count(_ outcome: OutcomeClass) -> UInt64 { outcomes[outcome]?.count ?? 0 }

    /// One metric merged over the given outcome classes.
    public func merged(
        _ metric: Recording.Metric,
        outcomes classes: Set<OutcomeClass> = Set(OutcomeClass.allCases)
    ) -> Histogram<UInt64> {
        var histogram = settings.makeHistogram()
        for (outcome, recording) in outcomes where classes.contains(outcome) {
            histogram.add(recording.histogram(metric))
        }
        return histogram
    }
}

/// Cumulative histograms of one (operation, outcome class).
public struct OutcomeRecording: Sendable {
    public let count: UInt64
    /// Completion − intended start, µs.
    public let latency: Histogram<UInt64>
    /// Completion − actual send, µs.
    public let service: Histogram<UInt64>
    /// Actual send − intended start, µs.
    public let scheduleLag: Histogram<UInt64>

    public init(count: UInt64, latency: Histogram<UInt64>, service: Histogram<UInt64>, scheduleLag: Histogram<UInt64>) {
        self.count = count
        self.latency = latency
        self.service = service
        self.scheduleLag = scheduleLag
    }

    public func histogram(_ metric: Recording.Metric) -> Histogram<UInt64> {
        switch metric {
        case .latency: latency
        case .service: service
        case .scheduleLag: scheduleLag
        }
    }
}
