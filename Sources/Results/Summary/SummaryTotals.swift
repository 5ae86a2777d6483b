import Engine

/// Run-wide counts and rates. `ok` + `failed` = `requests` (see docs/RESULTS.md for the classes).
package struct SummaryTotals: Codable, Sendable, Equatable {
    /// Every completed request, whatever its outcome.
    package var requests: UInt64
    /// Answers the model predicted: successes and expected Gamebase error codes.
    package var ok: UInt64
    /// Unexpected answers, transport errors and generic failure codes.
    package var failed: UInt64
    package var transportErrors: UInt64
    /// `requests` ÷ `duration_s`.
    package var throughputRps: Double
    /// Per outcome class: `ok`, `expected_error`, `unexpected`, `transport_error`, `cancelled`, `server_error`.
    package var outcomes: OutcomeCounts
    /// `failed` ÷ `requests` (0 when there were none).
    package var errorRate: Double
    /// `transport_errors` ÷ `requests` (0 when there were none).
    package var transportErrorRate: Double
    /// Answers with a generic failure code (`server_error`), and their share of `requests`.
    package var serverErrors: UInt64
    package var serverErrorRate: Double
    /// Corrected latency (completion − intended start), all operations.
    package var latencyMs: DistributionSummary
    /// Service time (completion − actual send), all operations.
    package var serviceMs: DistributionSummary
    /// Requests without a protocol answer, by why (as per operation), all operations.
    package var failures: [String: UInt64]
    /// Latency per outcome class that occurred, all operations.
    package var latencyByOutcomeMs: [String: DistributionSummary]

    enum CodingKeys: String, CodingKey {
        case requests, ok, failed
        case transportErrors = "transport_errors"
        case throughputRps = "throughput_rps"
        case outcomes
        case errorRate = "error_rate"
        case transportErrorRate = "transport_error_rate"
        case serverErrors = "server_errors"
        case serverErrorRate = "server_error_rate"
        case latencyMs = "latency_ms"
        case serviceMs = "service_ms"
        case failures
        case latencyByOutcomeMs = "latency_by_outcome_ms"
    }

    package init(
        requests: UInt64,
        ok: UInt64,
        failed: UInt64,
        transportErrors: UInt64,
        throughputRps: Double,
        outcomes: OutcomeCounts,
        errorRate: Double,
        transportErrorRate: Double,
        serverErrors: UInt64 = 0,
        serverErrorRate: Double = 0,
        latencyMs: DistributionSummary,
        serviceMs: DistributionSummary,
        failures: [String: UInt64] = [:],
        latencyByOutcomeMs: [String: DistributionSummary] = [:]
    ) {
        self.requests = requests
        self.ok = ok
        self.failed = failed
        self.transportErrors = transportErrors
        self.throughputRps = throughputRps
        self.outcomes = outcomes
        self.errorRate = errorRate
        self.transportErrorRate = transportErrorRate
        self.serverErrors = serverErrors
        self.serverErrorRate = serverErrorRate
        self.latencyMs = latencyMs
        self.serviceMs = serviceMs
        self.failures = failures
        self.latencyByOutcomeMs = latencyByOutcomeMs
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        requests = try c.decode(UInt64.self, forKey: .requests)
        ok = try c.decode(UInt64.self, forKey: .ok)
        failed = try c.decode(UInt64.self, forKey: .failed)
        transportErrors = try c.decode(UInt64.self, forKey: .transportErrors)
        throughputRps = try c.decode(Double.self, forKey: .throughputRps)
        outcomes = try c.decode(OutcomeCounts.self, forKey: .outcomes)
        errorRate = try c.decode(Double.self, forKey: .errorRate)
        transportErrorRate = try c.decode(Double.self, forKey: .transportErrorRate)
        serverErrors = try c.decodeIfPresent(UInt64.self, forKey: .serverErrors) ?? 0
        serverErrorRate = try c.decodeIfPresent(Double.self, forKey: .serverErrorRate) ?? 0
        latencyMs = try c.decode(DistributionSummary.self, forKey: .latencyMs)
        serviceMs = try c.decode(DistributionSummary.self, forKey: .serviceMs)
        // Absent from summaries written before they existed.
        failures = try c.decodeIfPresent([String: UInt64].self, forKey: .failures) ?? [:]
        latencyByOutcomeMs =
            try c.decodeIfPresent([String: DistributionSummary].self, forKey: .latencyByOutcomeMs) ?? [:]
    }
}

/// Requests per outcome class.
package struct OutcomeCounts: Codable, Sendable, Equatable {
    package var ok: UInt64
    package var expectedError: UInt64
    package var unexpected: UInt64
    package var transportError: UInt64
    /// Requests the run itself stopped (Ctrl-C, the end of the drain): not the target's failures.
    package var cancelled: UInt64
    /// Answers with a generic failure code (`OutcomeClass.serverError`).
    package var serverError: UInt64

    enum CodingKeys: String, CodingKey {
        case ok
        case expectedError = "expected_error"
        case unexpected
        case transportError = "transport_error"
        case cancelled
        case serverError = "server_error"
    }

    package init(
        ok: UInt64 = 0,
        expectedError: UInt64 = 0,
        unexpected: UInt64 = 0,
        transportError: UInt64 = 0,
        cancelled: UInt64 = 0,
        serverError: UInt64 = 0
    ) {
        self.ok = ok
        self.expectedError = expectedError
        self.unexpected = unexpected
        self.transportError = transportError
        self.cancelled = cancelled
        self.serverError = serverError
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ok = try c.decode(UInt64.self, forKey: .ok)
        expectedError = try c.decode(UInt64.self, forKey: .expectedError)
        unexpected = try c.decode(UInt64.self, forKey: .unexpected)
        transportError = try c.decode(UInt64.self, forKey: .transportError)
        // Absent from summaries written before it existed.
        cancelled = try c.decodeIfPresent(UInt64.self, forKey: .cancelled) ?? 0
        serverError = try c.decodeIfPresent(UInt64.self, forKey: .serverError) ?? 0
    }

    package subscript(outcome: OutcomeClass) -> UInt64 {
        get {
            switch outcome {
            case .ok: ok
            case .expectedError: expectedError
            case .unexpected: unexpected
            case .transportError: transportError
            case .cancelled: cancelled
            case .serverError: serverError
            }
        }
        set {
            switch outcome {
            case .ok: ok = newValue
            case .expectedError: expectedError = newValue
            case .unexpected: unexpected = newValue
            case .transportError: transportError = newValue
            case .cancelled: cancelled = newValue
            case .serverError: serverError = newValue
            }
        }
    }

    package var total: UInt64 { ok + expectedError + unexpected + transportError + cancelled + serverError }
    /// `ok` in the summary's sense: answers the model predicted.
    package var matched: UInt64 { ok + expectedError }
    /// `failed` in the summary's sense.
    package var failed: UInt64 { unexpected + transportError + serverError }
}
