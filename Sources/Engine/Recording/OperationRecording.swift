import Histogram

/// Cumulative results of one operation.
package struct OperationRecording: Sendable {
    package let name: String
    /// Histograms per outcome class that occurred.
    package let outcomes: [OutcomeClass: OutcomeRecording]
    /// Answers per Gamebase result code (transport errors have none).
    package let codes: [Int: UInt64]
    /// Requests without a protocol answer, by why (HTTP status, malformed, timeout, reset…).
    package let failures: [FailureKind: UInt64]
    /// The first bytes of the first answer of each HTTP or malformed failure kind.
    package let failureExamples: [FailureKind: String]
    package let lateStarts: UInt64
    let settings: HistogramSettings

    package init(
        name: String,
        outcomes: [OutcomeClass: OutcomeRecording],
        codes: [Int: UInt64],
        failures: [FailureKind: UInt64] = [:],
        failureExamples: [FailureKind: String] = [:],
        lateStarts: UInt64,
        settings: HistogramSettings
    ) {
        self.name = name
        self.outcomes = outcomes
        self.codes = codes
        self.failures = failures
        self.failureExamples = failureExamples
        self.lateStarts = lateStarts
        self.settings = settings
    }

    /// Requests completed, every outcome class.
    package var count: UInt64 { outcomes.values.reduce(0) { $0 + $1.count } }

    package func count(_ outcome: OutcomeClass) -> UInt64 { outcomes[outcome]?.count ?? 0 }

    /// One metric merged over the given outcome classes.
    package func merged(
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
package struct OutcomeRecording: Sendable {
    package let count: UInt64
    /// Completion − intended start, µs.
    package let latency: Histogram<UInt64>
    /// Completion − actual send, µs.
    package let service: Histogram<UInt64>
    /// Actual send − intended start, µs.
    package let scheduleLag: Histogram<UInt64>

    package init(count: UInt64, latency: Histogram<UInt64>, service: Histogram<UInt64>, scheduleLag: Histogram<UInt64>)
    {
        self.count = count
        self.latency = latency
        self.service = service
        self.scheduleLag = scheduleLag
    }

    package func histogram(_ metric: Recording.Metric) -> Histogram<UInt64> {
        switch metric {
        case .latency: latency
        case .service: service
        case .scheduleLag: scheduleLag
        }
    }
}
