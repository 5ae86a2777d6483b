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

    enum CodingKeys: String, CodingKey {
        case count, ok, failed, codes, outcomes
        case transportErrors = "transport_errors"
        case throughputRps = "throughput_rps"
        case errorRate = "error_rate"
        case lateStarts = "late_starts"
        case latencyMs = "latency_ms"
        case serviceMs = "service_ms"
        case scheduleLagMs = "schedule_lag_ms"
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
        scheduleLagMs: DistributionSummary
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
    }
}
