/// Run-wide counts and rates. `ok` + `failed` = `requests` (see docs/RESULTS.md for the classes).
public struct SummaryTotals: Codable, Sendable, Equatable {
    /// Every completed request, whatever its outcome.
    public var requests: UInt64
    /// Answers the model predicted: successes and expected Gamebase error codes.
    public var ok: UInt64
    /// Unexpected answers plus transport errors.
    public var failed: UInt64
    public var transportErrors: UInt64
    /// `requests` ÷ `duration_s`.
    public var throughputRps: Double
    /// Per outcome class: `ok`, `expected_error`, `unexpected`, `transport_error`.
    public var outcomes: OutcomeCounts
    /// `failed` ÷ `requests` (0 when there were none).
    public var errorRate: Double
    /// `transport_errors` ÷ `requests` (0 when there were none).
    public var transportErrorRate: Double
    /// Corrected latency (completion − intended start), all operations.
    public var latencyMs: DistributionSummary
    /// Service time (completion − actual send), all operations.
    public var serviceMs: DistributionSummary

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

    public init(
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
public struct OutcomeCounts: Codable, Sendable, Equatable {
    public var ok: UInt64
    public var expectedError: UInt64
    public var unexpected: UInt64
    public var transportError: UInt64

    enum CodingKeys: String, CodingKey {
        case ok
        case expectedError = "expected_error"
        case unexpected
        case transportError = "transport_error"
    }

    public init(ok: UInt64 = 0, expectedError: UInt64 = 0, unexpected: UInt64 = 0, transportError: UInt64 = 0) {
        self.ok = ok
        self.expectedError = expectedError
        self.unexpected = unexpected
        self.transportError = transportError
    }

    public subscript(outcome: OutcomeClass) -> UInt64 {
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

    public var total: UInt64 { ok + expectedError + unexpected + transportError }
    /// `ok` in the summary's sense: answers the model predicted.
    public var matched: UInt64 { ok + expectedError }
    /// `failed` in the summary's sense.
    public var failed: UInt64 { unexpected + transportError }
}
