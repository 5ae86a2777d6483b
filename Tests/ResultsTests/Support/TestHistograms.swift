import Basics
import Engine
import Foundation
import Histogram

/// Known histograms for codec tests (microseconds).
enum TestHistograms {
    static func make(_ values: [UInt64]) -> Histogram<UInt64> {
        var histogram = HistogramSettings.standard.makeHistogram()
        for value in values { histogram.record(value) }
        return histogram
    }

    /// Named data sets covering the shapes that break encoders.
    static var all: [(name: String, histogram: Histogram<UInt64>)] {
        var generator = SplitMix64(seed: 42)
        let wide = (0..<100_000).map { _ in
            UInt64(pow(2.0, Double(generator.next() % 1_000_000) / 1_000_000 * log2(3_600_000_000.0)))
        }
        let latencyLike = (0..<20_000).map { index -> UInt64 in
            let base = 15_000 + generator.next() % 10_000
            return index % 100 == 0 ? base * 20 : base
        }
        var zeroHeavy = [UInt64](repeating: 0, count: 10_000)
        zeroHeavy += [1, 1, 2, 5_000, 70_000]
        var bigCounts = HistogramSettings.standard.makeHistogram()
        bigCounts.record(2_500, count: 1 << 40)
        bigCounts.record(3, count: 300)
        return [
            ("wide", make(wide)),
            ("single", make([1_234])),
            ("zero-heavy", make(zeroHeavy)),
            ("extremes", make([1, 3_600_000_000])),
            ("latency-like", make(latencyLike)),
            ("empty", make([])),
            ("big-counts", bigCounts),
        ]
    }
}

/// A tiny deterministic generator for test data.
