/// One interval of the run in `summary.json`'s `timeline` (by completion time).
package struct TimelinePoint: Codable, Sendable, Equatable {
    /// Interval start, seconds since the run's start.
    package var t: Double
    /// Interval length, seconds (the last one may be shorter).
    package var lengthS: Double
    package var requests: UInt64
    package var ok: UInt64
    package var failed: UInt64
    package var transportErrors: UInt64
    /// `requests` ÷ `length_s`.
    package var throughputRps: Double
    package var latencyP50Ms: Double
    package var latencyP99Ms: Double
    package var latencyMaxMs: Double

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

    package init(
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
package struct HistogramInfo: Codable, Sendable, Equatable {
    /// Unit of recorded values (`us`).
    package var unit: String
    package var lowestDiscernibleValue: UInt64
    package var highestTrackableValue: UInt64
    package var significantDigits: Int
    /// Length of one `.hlog` interval and timeline point, seconds.
    package var intervalS: Double
    /// Samples above `highest_trackable_value`, recorded as that value.
    package var clampedValues: UInt64
    /// Samples that took the recorder's locked fallback because its ring was full (diagnostic).
    package var overflowSamples: UInt64

    enum CodingKeys: String, CodingKey {
        case unit
        case lowestDiscernibleValue = "lowest_discernible_value"
        case highestTrackableValue = "highest_trackable_value"
        case significantDigits = "significant_digits"
        case intervalS = "interval_s"
        case clampedValues = "clamped_values"
        case overflowSamples = "overflow_samples"
    }

    package init(
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
