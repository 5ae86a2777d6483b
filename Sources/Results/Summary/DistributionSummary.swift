import Engine
import Histogram
import Plan

/// Percentiles of one histogram, in milliseconds (µs precision).
///
/// Percentiles use HdrHistogram's Java semantics (the highest value equivalent to the bucket holding
/// rank ⌈p·n/100⌉), so they are identical whether computed live or from `latency.hlog`. `max` is the
/// highest value equivalent to the largest sample (at most 0.1 % above it); `min` the lowest equivalent.
package struct DistributionSummary: Codable, Sendable, Equatable {
    package var min: Double
    package var mean: Double
    package var p50: Double
    package var p90: Double
    package var p95: Double
    package var p99: Double
    package var p999: Double
    package var max: Double

    package init(
        min: Double = 0,
        mean: Double = 0,
        p50: Double = 0,
        p90: Double = 0,
        p95: Double = 0,
        p99: Double = 0,
        p999: Double = 0,
        max: Double = 0
    ) {
        self.min = min
        self.mean = mean
        self.p50 = p50
        self.p90 = p90
        self.p95 = p95
        self.p99 = p99
        self.p999 = p999
        self.max = max
    }

    /// Summarises a microsecond histogram; all zeros when it is empty.
    package init(microseconds histogram: Histogram<UInt64>) {
        guard histogram.totalCount > 0 else {
            self.init()
            return
        }
        func ms(_ micros: UInt64) -> Double { Double(micros) / 1_000 }
        self.init(
            min: ms(histogram.lowestRecordedValue),
            mean: (histogram.mean).rounded() / 1_000,
            p50: ms(histogram.percentileValue(50)),
            p90: ms(histogram.percentileValue(90)),
            p95: ms(histogram.percentileValue(95)),
            p99: ms(histogram.percentileValue(99)),
            p999: ms(histogram.percentileValue(99.9)),
            max: ms(histogram.max)
        )
    }

    /// The statistic a threshold names.
    package func value(of statistic: ThresholdStatistic) -> Double {
        switch statistic {
        case .min: min
        case .mean: mean
        case .p50: p50
        case .p90: p90
        case .p95: p95
        case .p99: p99
        case .p999: p999
        case .max: max
        }
    }
}
