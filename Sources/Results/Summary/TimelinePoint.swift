import Engine

/// One interval of the run in `summary.json`'s `timeline` (by completion time).
///
/// The timeline has one point per interval from the run's start to its end, in order, as the report's
/// charts draw it: an interval without completions is a point with `requests` 0 and `throughput_rps`
/// 0 and no latency keys (no completion, no latency: the charts leave a gap there); the last interval
/// is as long as what was left of the run (`length_s` < `interval_s`) and its rate is over that length.
package struct TimelinePoint: Codable, Sendable, Equatable {
    /// Interval start, seconds since the run's start.
    package var t: Double
    /// Interval length, seconds (the last one may be shorter).
    package var lengthS: Double
    package var requests: UInt64
    /// Answers the model predicted (successes and expected error codes).
    package var ok: UInt64
    /// Unexpected answers plus transport errors.
    package var failed: UInt64
    package var transportErrors: UInt64
    /// `requests` ÷ `length_s`.
    package var throughputRps: Double
    /// Latency percentiles of the interval's completions; `nil` (absent) when there were none.
    package var latencyP50Ms: Double?
    package var latencyP99Ms: Double?
    package var latencyMaxMs: Double?

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
        latencyP50Ms: Double?,
        latencyP99Ms: Double?,
        latencyMaxMs: Double?
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

extension TimelinePoint {
    /// The timeline of a recording: one point per interval from 0 to the end of the run (and any
    /// later interval that holds completions), empty intervals included.
    static func timeline(of recording: Recording) -> [TimelinePoint] {
        let length = recording.intervalLength
        let lengthNanos = nanoseconds(length)
        guard lengthNanos > 0 else { return recording.intervals.map(point) }
        let durationNanos = max(nanoseconds(recording.duration), 0)
        var count = Int((durationNanos + lengthNanos - 1) / lengthNanos)
        if let last = recording.intervals.last { count = max(count, last.index + 1) }
        let recorded = Dictionary(recording.intervals.map { ($0.index, $0) }) { first, _ in first }
        return (0..<count).map { index in
            if let interval = recorded[index] { return point(interval) }
            let start = length * index
            let remaining = recording.duration - start
            return TimelinePoint(
                t: RunSummaryTime.seconds(start),
                lengthS: RunSummaryTime.seconds(remaining > .zero ? min(length, remaining) : length),
                requests: 0,
                ok: 0,
                failed: 0,
                transportErrors: 0,
                throughputRps: 0,
                latencyP50Ms: nil,
                latencyP99Ms: nil,
                latencyMaxMs: nil
            )
        }
    }

    private static func point(_ interval: IntervalRecording) -> TimelinePoint {
        let all = interval.all
        let length = RunSummaryTime.seconds(interval.length)
        let answered = all.count > 0
        return TimelinePoint(
            t: RunSummaryTime.seconds(interval.start),
            lengthS: length,
            requests: all.count,
            ok: all.count(.ok) + all.count(.expectedError),
            failed: all.count(.unexpected) + all.count(.transportError),
            transportErrors: all.count(.transportError),
            throughputRps: length > 0 ? Double(all.count) / length : 0,
            latencyP50Ms: answered ? Double(all.latencyStats.p50) / 1_000 : nil,
            latencyP99Ms: answered ? Double(all.latencyStats.p99) / 1_000 : nil,
            latencyMaxMs: answered ? Double(all.latencyStats.max) / 1_000 : nil
        )
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
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
