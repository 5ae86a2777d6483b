/// The results of one operation in `summary.json` (`ops.<name>`).
package struct OperationSummary: Codable, Sendable, Equatable {
    /// Completed requests, every outcome.
    package var count: UInt64
    /// Answers the model predicted (successes and expected error codes).
    package var ok: UInt64
    /// Unexpected answers plus transport errors.
    package var failed: UInt64
    /// Answers per Gamebase `resultCode` (decimal string keys); transport errors have no code.
    package var codes: [String: UInt64]
    package var outcomes: OutcomeCounts
    package var transportErrors: UInt64
    package var throughputRps: Double
    package var errorRate: Double
    package var lateStarts: UInt64
    package var latencyMs: DistributionSummary
    package var serviceMs: DistributionSummary
    package var scheduleLagMs: DistributionSummary
    /// Requests without a protocol answer, by why: `http_502`, `malformed`, `timeout`, `reset`,
    /// `refused`, `transport_other`.
    package var failures: [String: UInt64]
    /// The first bytes of the first answer of each `http_*` and `malformed` kind.
    package var failureExamples: [String: String]
    /// Latency per outcome class that occurred (`ok`, `expected_error`, …): successful answers
    /// apart from failed ones.
    package var latencyByOutcomeMs: [String: DistributionSummary]

    enum CodingKeys: String, CodingKey {
        case count, ok, failed, codes, outcomes
        case transportErrors = "transport_errors"
        case throughputRps = "throughput_rps"
        case errorRate = "error_rate"
        case lateStarts = "late_starts"
        case latencyMs = "latency_ms"
        case serviceMs = "service_ms"
        case scheduleLagMs = "schedule_lag_ms"
        case failures
        case failureExamples = "failure_examples"
        case latencyByOutcomeMs = "latency_by_outcome_ms"
    }

    package init(
        count: UInt64,
        ok: UInt64,
        failed: UInt64,
        codes: [String: UInt64],
        outcomes: OutcomeCounts,
        transportErrors: UInt64,
        throughputRps: Double,
        errorRate: Double,
        lateStarts: UInt64,
        latencyMs: DistributionSummary,
        serviceMs: DistributionSummary,
        scheduleLagMs: DistributionSummary,
        failures: [String: UInt64] = [:],
        failureExamples: [String: String] = [:],
        latencyByOutcomeMs: [String: DistributionSummary] = [:]
    ) {
        self.count = count
        self.ok = ok
        self.failed = failed
        self.codes = codes
        self.outcomes = outcomes
        self.transportErrors = transportErrors
        self.throughputRps = throughputRps
        self.errorRate = errorRate
        self.lateStarts = lateStarts
        self.latencyMs = latencyMs
        self.serviceMs = serviceMs
        self.scheduleLagMs = scheduleLagMs
        self.failures = failures
        self.failureExamples = failureExamples
        self.latencyByOutcomeMs = latencyByOutcomeMs
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = try c.decode(UInt64.self, forKey: .count)
        ok = try c.decode(UInt64.self, forKey: .ok)
        failed = try c.decode(UInt64.self, forKey: .failed)
        codes = try c.decode([String: UInt64].self, forKey: .codes)
        outcomes = try c.decode(OutcomeCounts.self, forKey: .outcomes)
        transportErrors = try c.decode(UInt64.self, forKey: .transportErrors)
        throughputRps = try c.decode(Double.self, forKey: .throughputRps)
        errorRate = try c.decode(Double.self, forKey: .errorRate)
        lateStarts = try c.decode(UInt64.self, forKey: .lateStarts)
        latencyMs = try c.decode(DistributionSummary.self, forKey: .latencyMs)
        serviceMs = try c.decode(DistributionSummary.self, forKey: .serviceMs)
        scheduleLagMs = try c.decode(DistributionSummary.self, forKey: .scheduleLagMs)
        // Absent from summaries written before they existed.
        failures = try c.decodeIfPresent([String: UInt64].self, forKey: .failures) ?? [:]
        failureExamples = try c.decodeIfPresent([String: String].self, forKey: .failureExamples) ?? [:]
        latencyByOutcomeMs =
            try c.decodeIfPresent([String: DistributionSummary].self, forKey: .latencyByOutcomeMs) ?? [:]
    }
}
