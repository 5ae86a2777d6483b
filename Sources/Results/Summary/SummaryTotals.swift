import Engine

/// Run-wide counts and rates. `ok` + `failed` = `requests` (see docs/RESULTS.md for the classes).
package struct SummaryTotals: Codable, Sendable, Equatable {
    /// Every completed request, whatever its outcome.
    package var requests: UInt64
    /// Answers the model predicted: successes and expected Gamebase error codes.
    package var ok: UInt64
    /// Unexpected answers plus transport errors.
    package var failed: UInt64
    package var transportErrors: UInt64
    /// `requests` ÷ `duration_s`.
    package var throughputRps: Double
    /// Per outcome class: `ok`, `expected_error`, `unexpected`, `transport_error`.
    package var outcomes: OutcomeCounts
    /// `failed` ÷ `requests` (0 when there were none).
    package var errorRate: Double
    /// `transport_errors` ÷ `requests` (0 when there were none).
    package var transportErrorRate: Double
    /// Corrected latency (completion − intended start), all operations.
    package var latencyMs: DistributionSummary
    /// Service time (completion − actual send), all operations.
    package var serviceMs: DistributionSummary

    enum CodingKeys: String, CodingKey {
        case requests, ok, failed
        case transportErrors = "transport_errors"
        case throughputRps = "throughput_rps"
        case outcomes
        case errorRate = "error_rate"
        case transportErrorRate = "transport_error_rate"
        case latencyMs = "latency_ms"
        case serviceMs = "service_ms"
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
        latencyMs: DistributionSummary,
        serviceMs: DistributionSummary
    ) {
        self.requests = requests
        self.ok = ok
        self.failed = failed
        self.transportErrors = transportErrors
        self.throughputRps = throughputRps
        self.outcomes = outcomes
        self.errorRate = errorRate
        self.transportErrorRate = transportErrorRate
        self.latencyMs = latencyMs
        self.serviceMs = serviceMs
    }
}

/// Requests per outcome class.
package struct OutcomeCounts: Codable, Sendable, Equatable {
    package var ok: UInt64
    package var expectedError: UInt64
    package var unexpected: UInt64
    package var transportError: UInt64

    enum CodingKeys: String, CodingKey {
        case ok
        case expectedError = "expected_error"
        case unexpected
        case transportError = "transport_error"
    }

    package init(ok: UInt64 = 0, expectedError: UInt64 = 0, unexpected: UInt64 = 0, transportError: UInt64 = 0) {
        self.ok = ok
        self.expectedError = expectedError
        self.unexpected = unexpected
        self.transportError = transportError
    }

    package subscript(outcome: OutcomeClass) -> UInt64 {
        get {
            switch outcome {
            case .ok: ok
            case .expectedError: expectedError
            case .unexpected: unexpected
            case .transportError: transportError
            }
        }
        set {
            switch outcome {
            case .ok: ok = newValue
            case .expectedError: expectedError = newValue
            case .unexpected: unexpected = newValue
            case .transportError: transportError = newValue
            }
        }
    }

    package var total: UInt64 { ok + expectedError + unexpected + transportError }
    /// `ok` in the summary's sense: answers the model predicted.
    package var matched: UInt64 { ok + expectedError }
    /// `failed` in the summary's sense.
    package var failed: UInt64 { unexpected + transportError }
}
