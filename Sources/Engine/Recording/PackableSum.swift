/// A running sum of packed histograms of one lowest value and number of digits (what merging adds
/// up) that refuses a histogram taking it past what ``PackedHistogram/init(_:)`` can pack and
/// hdrhistogram-swift can iterate: a count beyond `Int64.max` at one index, or ``IterationSums``
/// overflowing. Counts decoded from files can do that when added up; the recorder's never do.
package struct PackableSum: Sendable {
    private var counts: [Int: UInt64] = [:]
    private var sums = IterationSums()

    package init() {}

    /// Adds `histogram`'s counts; false, and the sum unchanged, when the result could not be packed.
    /// Linear in the histogram's payload.
    package mutating func add(_ histogram: PackedHistogram) -> Bool {
        let layout = HistogramLayout(histogram.settings)
        var next = self
        var offset = 0
        var index = 0
        while offset < histogram.payload.count, let value = ZigZagLEB128.read(histogram.payload, at: &offset) {
            if value < 0 {
                index += Int(value.magnitude)  // a validated payload: the run stays within the layout
                continue
            }
            if value > 0 {
                let count = UInt64(value)
                let (sum, overflow) = (next.counts[index] ?? 0).addingReportingOverflow(count)
                guard !overflow, sum <= UInt64(Int64.max), next.sums.add(count, at: layout.highestValue(atIndex: index))
                else { return false }
                next.counts[index] = sum
            }
            index += 1
        }
        self = next
        return true
    }
}

/// The two running sums hdrhistogram-swift's iterators (`recordedValues()`, `mean`, …) keep in
/// `UInt64` without overflow checks, so a histogram whose counts overflow either traps when iterated:
/// the total count, and the sum of each count times its highest equivalent value.
struct IterationSums: Sendable {
    private(set) var count: UInt64 = 0
    private(set) var value: UInt64 = 0

    /// Adds `count` values at a bucket whose highest equivalent value is `highest`; false (and
    /// unchanged) when a sum would overflow.
    mutating func add(_ count: UInt64, at highest: UInt64) -> Bool {
        let (newCount, countOverflow) = self.count.addingReportingOverflow(count)
        let (weight, weightOverflow) = count.multipliedReportingOverflow(by: highest)
        let (newValue, valueOverflow) = value.addingReportingOverflow(weight)
        guard !countOverflow, !weightOverflow, !valueOverflow else { return false }
        self.count = newCount
        value = newValue
        return true
    }
}
