import Histogram

extension Histogram where Count == UInt64 {
    /// The value at `percentile` with HdrHistogram Java's (and Python's) semantics: the highest value
    /// equivalent to the bucket holding that rank, or the lowest equivalent of the smallest value for 0.
    ///
    /// hdrhistogram-swift's `valueAtPercentile` additionally clamps to the exact largest recorded value,
    /// which a decoded histogram no longer knows; this form gives the same answer before and after an
    /// `.hlog` round trip. The rank rule is Java's (`ceil(p × count / 100)`, at least 1).
    package func percentileValue(_ percentile: Double) -> UInt64 {
        guard totalCount > 0 else { return 0 }
        if percentile <= 0 { return lowestEquivalentForValue(min) }
        return highestEquivalentForValue(valueAtPercentile(Swift.min(percentile, 100)))
    }

    /// The lowest value equivalent to the smallest recorded value (0 when empty).
    package var lowestRecordedValue: UInt64 {
        totalCount == 0 ? 0 : lowestEquivalentForValue(min)
    }
}
