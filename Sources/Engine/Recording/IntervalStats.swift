import Histogram

/// A few percentiles of one interval histogram, in microseconds, for time series.
package struct IntervalStats: Sendable, Hashable {
    package var count: UInt64
    package var p50: UInt64
    package var p90: UInt64
    package var p99: UInt64
    package var max: UInt64

    package init(_ histogram: Histogram<UInt64>) {
        count = histogram.totalCount
        p50 = histogram.percentileValue(50)
        p90 = histogram.percentileValue(90)
        p99 = histogram.percentileValue(99)
        max = histogram.totalCount == 0 ? 0 : histogram.max
    }

    /// The same figures from an interval histogram (equal to those of the equal `Histogram`).
    init(_ histogram: IntervalHistogram, layout: HistogramLayout) {
        count = histogram.totalCount
        p50 = histogram.percentileValue(50, layout: layout)
        p90 = histogram.percentileValue(90, layout: layout)
        p99 = histogram.percentileValue(99, layout: layout)
        max = histogram.highestEquivalentMax(layout: layout)
    }
}
