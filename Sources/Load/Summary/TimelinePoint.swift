/// One interval of the run in `summary.json`'s `timeline` (by completion time).
public struct TimelinePoint: Codable, Sendable, Equatable {
    /// Interval start, seconds since the run's start.
    public var t: Double
    /// Interval length, seconds (the last one may be shorter).
    public var lengthS: Double
    public var requests: UInt64
    public var ok: UInt64
    public var failed: UInt64
    public var transportErrors: UInt64
    /// `requests` ÷ `length_s`.
    public var throughputRps: Double
    public var latencyP50Ms: Double
    public var latencyP99Ms: Double
    public var latencyMaxMs: Double

    enum CodingKeys: String, CodingKey {
        case t
        case lengthS = "length_s"
        case requests, ok, failed
        case transportErrors = "transport_errors"
        case throughputRps = "throughput_rps"
        case latencyP50Ms = "latency_p50_ms"
        case latencyP99Ms = "latency_p99_ms"
        case latencyMaxMs = "latency_max_ms"
    }

    public init(
        t: Double,
        lengthS: Double,
        requests: UInt64,
        ok: UInt64,
        failed: UInt64,
        transportErrors: UInt64,
        throughputRps: Double,
        latencyP50Ms: Double,
        latencyP99Ms: Double,
        latencyMaxMs: Double
    ) {
        self.t = t
        self.lengthS = lengthS
        self.requests = requests
        self.ok = ok
        self.failed = failed
        self.transportErrors = transportErrors
        self.throughputRps = throughputRps
        self.latencyP50Ms = latencyP50Ms
        self.latencyP99Ms = latencyP99Ms
        self.latencyMaxMs = latencyMaxMs
    }
}

/// The `histogram` object of `summary.json`: how every percentile was measured.
public struct HistogramInfo: Codable, Sendable, Equatable {
    /// Unit of recorded values (`us`).
    public var unit: String
    public var lowestDiscernibleValue: UInt64
    public var highestTrackableValue: UInt64
    public var significantDigits: Int
    /// Length of one `.hlog` interval and timeline point, seconds.
    public var intervalS: Double
    /// Samples above `highest_trackable_value`, recorded as that value.
    public var clampedValues: UInt64
    /// Samples that took the recorder's locked fallback because its ring was full (diagnostic).
    public var overflowSamples: UInt64

    enum CodingKeys: String, CodingKey {
        case unit
        case lowestDiscernibleValue = "lowest_discernible_value"
        case highestTrackableValue = "highest_trackable_value"
        case significantDigits = "significant_digits"
        case intervalS = "interval_s"
        case clampedValues = "clamped_values"
        case overflowSamples = "overflow_samples"
    }

    public init(
        unit: String,
        lowestDiscernibleValue: UInt64,
        highestTrackableValue: UInt64,
        significantDigits: Int,
        intervalS: Double,
        clampedValues: UInt64,
        overflowSamples: UInt64
    ) {
        self.unit = unit
        self.lowestDiscernibleValue = lowestDiscernibleValue
        self.highestTrackableValue = highestTrackableValue
        self.significantDigits = significantDigits
        self.intervalS = intervalS
        self.clampedValues = clampedValues
        self.overflowSamples = overflowSamples
    }
}
