import Engine
import Foundation
import Histogram

/// The percentile distribution of a histogram the way HdrHistogram plots it: x is log₁₀(1/(1−p)), so
/// 0 is 0 %, 1 is 90 %, 2 is 99 %, 3 is 99.9 %…; y is the value (milliseconds here).
enum PercentileSpectrum {
    /// How many nines the x axis shows for `count` samples (2 … 6): beyond 1/count the tail is one sample.
    static func decades(forCount count: UInt64) -> Int {
        guard count > 0 else { return 2 }
        return min(6, max(2, Int(log10(Double(count)).rounded(.up))))
    }

    /// Points (x, value in ms) sampled every 0.02 decades up to `decades`, the last one at the maximum.
    static func points(_ histogram: Histogram<UInt64>, decades: Int) -> [(x: Double, y: Double)] {
        guard histogram.totalCount > 0 else { return [] }
        let step = 0.02
        let levels = stride(from: 0.0, to: Double(decades), by: step).map { 100 * (1 - pow(10, -$0)) }
        let values = valuesAt(levels, in: histogram)
        var points = zip(levels.indices, values).map { index, value in
            (x: Double(index) * step, y: Double(value) / 1_000)
        }
        points.append((x: Double(decades), y: Double(histogram.max) / 1_000))
        return points
    }

    /// The values at increasing percentile `levels` in one pass, with ``Histogram/percentileValue(_:)``'s rule.
    static func valuesAt(_ levels: [Double], in histogram: Histogram<UInt64>) -> [UInt64] {
        var results: [UInt64] = []
        results.reserveCapacity(levels.count)
        var iterator = histogram.recordedValues().makeIterator()
        var current = iterator.next()
        var seen = current?.count ?? 0
        for level in levels {
            if level <= 0 {
                results.append(histogram.lowestRecordedValue)
                continue
            }
            let rank = max(1, UInt64((level.nextDown * Double(histogram.totalCount) / 100).rounded(.up)))
            while seen < rank, let next = iterator.next() {
                current = next
                seen += next.count
            }
            results.append(current.map { histogram.highestEquivalentForValue($0.value) } ?? 0)
        }
        return results
    }

    /// Tick labels for each decade: 0%, 90%, 99%, 99.9%…
    static func axis(decades: Int) -> ChartAxis {
        let labels = ["0%", "90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%"]
        return ChartAxis(
            lower: 0,
            upper: Double(decades),
            ticks: (0...decades).map { (Double($0), labels[$0]) },
            title: "percentile"
        )
    }
}
