/// One interval's histogram: HdrHistogram's counts, indices and min/max bookkeeping, but holding
/// only the window of counts between the lowest and the highest index recorded so far.
///
/// The recorder makes a few dozen of these per second (operation × outcome class × latency and
/// service), packs each into a ``PackedHistogram`` and takes three percentiles of the merged ones
/// when the interval closes. A `Histogram<UInt64>` with the standard settings is ~190 KB of counts
/// that each of those steps walks in full; an interval's latencies span a few thousand indices at
/// most, so the window is what they walk here. hdrhistogram-swift cannot do this (its counts are
/// internal and always span the whole trackable range), hence this type. It agrees with a
/// `Histogram<UInt64>` of the same settings value for value: the same counts at the same indices
/// (``HistogramLayout``), the same exact largest and smallest non-zero recorded values, so packing
/// and percentiles give identical answers (`RecordingIntervalHistogramTests`).
struct IntervalHistogram: Sendable {
    /// The counts index of `counts[0]`.
    private(set) var base = 0
    /// Counts from `base` up to the highest index recorded.
    private(set) var counts: [UInt64] = []
    private(set) var totalCount: UInt64 = 0
    /// The largest value recorded (exact, as hdrhistogram-swift's `maxRecorded`); 0 when empty.
    private(set) var maxValue: UInt64 = 0
    /// The smallest non-zero value recorded (exact); `.max` when there is none.
    private(set) var minNonZeroValue: UInt64 = .max

    init() {}

    /// Records `count` samples of `value`; `value` must be trackable under `layout`'s settings (the
    /// recorder clamps every value to the highest trackable one first).
    mutating func record(_ value: UInt64, count: UInt64 = 1, layout: HistogramLayout) {
        add(count, atIndex: layout.countsIndex(for: value))
        if value > maxValue { maxValue = value }
        if value != 0, value < minNonZeroValue { minNonZeroValue = value }
    }

    /// Adds every count of `other` (hdrhistogram-swift's `add`: counts summed index by index, the
    /// exact extremes kept).
    mutating func add(_ other: IntervalHistogram) {
        guard other.totalCount > 0 else { return }
        for (offset, count) in other.counts.enumerated() where count > 0 {
            add(count, atIndex: other.base + offset)
        }
        maxValue = max(maxValue, other.maxValue)
        minNonZeroValue = min(minNonZeroValue, other.minNonZeroValue)
    }

    private mutating func add(_ count: UInt64, atIndex index: Int) {
        guard count > 0 else { return }
        if counts.isEmpty {
            base = index
            counts = [count]
        } else if index < base {
            // Grows downwards by at least as much again as it holds, so a slowly falling minimum
            // does not shift the window on every sample.
            let newBase = max(0, min(index, base - counts.count))
            var grown = [UInt64](repeating: 0, count: base - newBase)
            grown.reserveCapacity(base - newBase + counts.count)
            grown.append(contentsOf: counts)
            counts = grown
            base = newBase
            counts[index - base] += count
        } else if index - base >= counts.count {
            counts.append(contentsOf: repeatElement(0, count: index - base - counts.count + 1))
            counts[index - base] += count
        } else {
            counts[index - base] += count
        }
        totalCount += count
    }

    /// Every non-zero count with its counts index, lowest index first.
    func forEachCount(_ body: (_ index: Int, _ count: UInt64) -> Void) {
        for (offset, count) in counts.enumerated() where count > 0 { body(base + offset, count) }
    }

    /// hdrhistogram-swift's `min`: 0 when a value in the lowest bucket was recorded, else the
    /// smallest non-zero value.
    private var lowestRecorded: UInt64 {
        totalCount == 0 || (base == 0 && counts.first.map { $0 > 0 } == true) ? 0 : minNonZeroValue
    }

    /// `Histogram.percentileValue(_:)` of the equal `Histogram<UInt64>`: hdrhistogram-swift's
    /// `valueAtPercentile` (Java's rank rule) widened to the highest equivalent value. The package
    /// clamps the bucket's value to the recorded extremes before widening; both extremes lie in or
    /// beyond the bucket found, so the widened value is that bucket's highest either way.
    func percentileValue(_ percentile: Double, layout: HistogramLayout) -> UInt64 {
        guard totalCount > 0 else { return 0 }
        if percentile <= 0 { return layout.value(atIndex: layout.countsIndex(for: lowestRecorded)) }
        if percentile >= 100 { return layout.highestValue(atIndex: layout.countsIndex(for: maxValue)) }
        let requested = min(max(percentile.nextDown, 0), 100)
        let rank = max(1, UInt64((requested * Double(totalCount) / 100).rounded(.up)))
        var seen: UInt64 = 0
        for (offset, count) in counts.enumerated() {
            seen += count
            if seen >= rank { return layout.highestValue(atIndex: base + offset) }
        }
        return layout.highestValue(atIndex: layout.countsIndex(for: maxValue))  // rank ≤ totalCount: not reached
    }

    /// hdrhistogram-swift's `max`: the highest value equivalent to the largest recorded; 0 when empty.
    func highestEquivalentMax(layout: HistogramLayout) -> UInt64 {
        maxValue == 0 ? 0 : layout.highestValue(atIndex: layout.countsIndex(for: maxValue))
    }
}
