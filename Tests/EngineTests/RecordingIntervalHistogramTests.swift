import Basics
import Histogram
import Testing

@testable import Engine

@Suite("Interval histograms agree with hdrhistogram-swift")
struct RecordingIntervalHistogramTests {
    static let layout = HistogramLayout(.standard)

    /// Values as an interval sees them: clustered latencies, a slow tail, zeros, single-unit
    /// values below 2,048 µs, values at bucket edges and the highest trackable value.
    static func values(seed: UInt64, count: Int) -> [UInt64] {
        var rng = SplitMix64(seed: seed)
        let highest = HistogramSettings.standard.highestTrackableValue
        let edges: [UInt64] = [0, 1, 2_047, 2_048, 2_049, 4_095, 4_096, 1 << 20, highest - 1, highest]
        let center = UInt64.random(in: 20...50_000, using: &rng)
        return (0..<count).map { _ in
            switch UInt8.random(in: 0..<20, using: &rng) {
            case 0: edges.randomElement(using: &rng)!
            case 1: UInt64.random(in: 0...highest, using: &rng)
            case 2, 3: UInt64.random(in: center...(center * 40), using: &rng)
            default: UInt64.random(in: (center / 2)...(center * 2), using: &rng)
            }
        }
    }

    static func both(_ values: [UInt64]) -> (IntervalHistogram, Histogram<UInt64>) {
        var interval = IntervalHistogram()
        var histogram = HistogramSettings.standard.makeHistogram()
        for value in values {
            interval.record(value, layout: layout)
            histogram.record(value)
        }
        return (interval, histogram)
    }

    static let percentiles: [Double] = [0, 0.1, 1, 25, 50, 90, 99, 99.9, 99.99, 100, 120]

    @Test("the same values give the same packed payload, percentiles and maximum", arguments: 0..<60)
    func agreesValueForValue(seed: Int) {
        let count = [0, 1, 2, 7, 100, 3_000][seed % 6]
        let (interval, histogram) = Self.both(Self.values(seed: UInt64(seed), count: count))
        #expect(
            PackedHistogram(interval, settings: .standard, layout: Self.layout) == PackedHistogram(histogram)
        )
        for p in Self.percentiles {
            #expect(interval.percentileValue(p, layout: Self.layout) == histogram.percentileValue(p), "p\(p)")
        }
        #expect(IntervalStats(interval, layout: Self.layout) == IntervalStats(histogram))
    }

    @Test("merging interval histograms equals merging the histograms", arguments: 0..<30)
    func mergesLikeHistograms(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 1_000)
        var merged = IntervalHistogram()
        var reference = HistogramSettings.standard.makeHistogram()
        // Parts whose windows lie below, above, inside and across each other, and empty ones.
        for part in 0..<Int.random(in: 1...6, using: &rng) {
            let count = part == 2 ? 0 : Int.random(in: 1...400, using: &rng)
            let (interval, histogram) = Self.both(Self.values(seed: rng.next(), count: count))
            merged.add(interval)
            reference.add(histogram)
        }
        #expect(PackedHistogram(merged, settings: .standard, layout: Self.layout) == PackedHistogram(reference))
        #expect(IntervalStats(merged, layout: Self.layout) == IntervalStats(reference))
    }

    @Test("a packed interval unpacks to the histogram the packed histogram unpacks to", arguments: 0..<20)
    func unpacksLikeHistograms(seed: Int) {
        let (interval, histogram) = Self.both(Self.values(seed: UInt64(seed) &+ 2_000, count: 500))
        let packed = PackedHistogram(interval, settings: .standard, layout: Self.layout)
        let back = packed.unpackInterval(layout: Self.layout)
        #expect(PackedHistogram(back, settings: .standard, layout: Self.layout) == packed)
        #expect(IntervalStats(back, layout: Self.layout) == IntervalStats(PackedHistogram(histogram).unpack()))
    }

    @Test("values recorded in falling order grow the window downwards without losing counts")
    func fallingValues() {
        let values = (0..<5_000).map { UInt64(5_000 - $0) * 7 }
        let (interval, histogram) = Self.both(values)
        #expect(interval.totalCount == 5_000)
        #expect(PackedHistogram(interval, settings: .standard, layout: Self.layout) == PackedHistogram(histogram))
    }
}
