import Basics
import Foundation
import Histogram
import Testing

@testable import Engine

@Suite("Packed histograms (V2 counts payload)")
struct RecordingPackedHistogramTests {
    static let zigZagCases: [(Int64, [UInt8])] = [
        (Int64(0), [UInt8(0x00)]),
        (1, [0x02]),
        (-1, [0x01]),
        (63, [0x7E]),
        (64, [0x80, 0x01]),
        (-64, [0x7F]),
        (Int64.max, [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
        (Int64.min, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
        (Int64(1) << 55, [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]),
    ]

    @Test(
        "ZigZag LEB128 follows Java: 7 bits per byte, the 9th byte carries 8",
        arguments: zigZagCases
    )
    func zigZagMatchesJava(value: Int64, bytes: [UInt8]) {
        var encoded: [UInt8] = []
        ZigZagLEB128.append(value, to: &encoded)
        #expect(encoded == bytes)
        var offset = 0
        #expect(ZigZagLEB128.read(encoded, at: &offset) == value)
        #expect(offset == bytes.count)
    }

    @Test("a value cut short is reported, not misread")
    func truncatedVarint() {
        var offset = 0
        #expect(ZigZagLEB128.read([0x80, 0x80], at: &offset) == nil)
    }

    @Test("the layout maps values to the same indices as hdrhistogram-swift")
    func layoutMatchesLibrary() {
        let settings = HistogramSettings.standard
        let layout = HistogramLayout(settings)
        let histogram = settings.makeHistogram()
        var value: UInt64 = 0
        while value < settings.highestTrackableValue {
            let index = layout.countsIndex(for: value)
            #expect(layout.value(atIndex: index) == histogram.lowestEquivalentForValue(value))
            #expect(layout.highestValue(atIndex: index) == histogram.highestEquivalentForValue(value))
            #expect(index < layout.countsLength)
            value = value < 5_000 ? value + 1 : value + value / 997
        }
        #expect(layout.countsLength == 23 * 1024)
    }

    /// Found by FuzzTargets/FuzzHlog (a timeout): the settings in the V2 header of the input
    /// `1c849313 0000001a 00000000 00000003 002828f0001c8493 14000000c5872593 …`. The sub-bucket
    /// range shifted past 64 bits became 0, and the bucket count loop never ended.
    @Test("a layout whose lowest value leaves no room for its digits is built, not looped on forever")
    func layoutBeyond64Bits() {
        let layout = HistogramLayout(
            HistogramSettings(
                lowestDiscernibleValue: 0x0028_28F0_001C_8493,
                highestTrackableValue: 0x1400_0000_C587_2593,
                significantDigits: 3
            )
        )
        #expect(layout.unitMagnitude + layout.subBucketHalfCountMagnitude > 61, "so HistogramCodec rejects it")
    }

    @Test("pack then unpack gives an equal histogram with equal statistics", arguments: [1, 2, 7, 1_000, 50_000])
    func roundTrip(count: Int) throws {
        var generator = SplitMix64(seed: UInt64(count))
        var histogram = HistogramSettings.standard.makeHistogram()
        for _ in 0..<count {
            // Log-uniform over 1 µs … 1 h, with a zero now and then.
            let exponent = Double(generator.next() % 10_000) / 10_000 * 21.8
            let value = generator.next() % 17 == 0 ? 0 : UInt64(pow(2.0, exponent))
            histogram.record(value)
        }
        let packed = PackedHistogram(histogram)
        let unpacked = packed.unpack()
        #expect(unpacked == histogram)
        #expect(packed.totalCount == UInt64(count))
        #expect(packed.maxValue == histogram.max)
        for percentile in [0.0, 50, 90, 99, 99.9, 100] {
            #expect(unpacked.percentileValue(percentile) == histogram.percentileValue(percentile))
        }
        #expect(unpacked.lowestRecordedValue == histogram.lowestRecordedValue)
        let revalidated = try PackedHistogram(settings: .standard, payload: packed.payload)
        #expect(revalidated == packed)
    }

    @Test("an empty histogram packs to one zero count, like Java")
    func emptyHistogram() throws {
        let packed = PackedHistogram(HistogramSettings.standard.makeHistogram())
        #expect(packed.payload == [0])
        #expect(packed.totalCount == 0)
        #expect(packed.unpack().totalCount == 0)
    }

    @Test("the largest trackable value packs and unpacks")
    func extremes() {
        var histogram = HistogramSettings.standard.makeHistogram()
        histogram.record(1)
        histogram.record(3_600_000_000)
        let unpacked = PackedHistogram(histogram).unpack()
        #expect(unpacked == histogram)
        #expect(unpacked.max == histogram.max)
    }

    @Test("corrupt payloads are rejected with a reason")
    func corruptPayloads() {
        #expect(throws: HistogramDecodingError.self) {
            try PackedHistogram(settings: .standard, payload: [0x80])
        }
        var runPastEnd: [UInt8] = []
        ZigZagLEB128.append(-100_000, to: &runPastEnd)
        ZigZagLEB128.append(1, to: &runPastEnd)
        #expect(throws: HistogramDecodingError.self) {
            try PackedHistogram(settings: .standard, payload: runPastEnd)
        }
    }

    /// Found by FuzzTargets/FuzzHlog: the V2 header (lowest 1, highest 0xD693A400, 3 digits) and
    /// payload of the crashing input. It holds a count of 7.6 × 10^18 at a value near 7,900: count
    /// times value overflows the sum hdrhistogram-swift's iterator keeps, which trapped when
    /// `gbfuzz merge` packed the histogram again.
    @Test("counts whose sum of count × value passes 64 bits are rejected, not trapped on later")
    func countsBeyond64Bits() {
        let settings = HistogramSettings(
            lowestDiscernibleValue: 1,
            highestTrackableValue: 0xD693_A400,
            significantDigits: 3
        )
        let payload: [UInt8] =
            [0x9B, 0x3A, 0x02, 0x13, 0x02, 0x93, 0x01, 0x02, 0x9F, 0x03] + Array(repeating: 0xD2, count: 12)
            + [0x02, 0xAF, 0x01, 0x02]
        #expect {
            try PackedHistogram(settings: settings, payload: payload)
        } throws: { ($0 as? HistogramDecodingError)?.code == .countOverflow }
    }

    /// Found by FuzzTargets/FuzzHlog once decoding refused such counts: merging a log with itself
    /// (`gbfuzz merge a.hlog a.hlog`) doubled a count of 2^63 - 1, which `init(_:)` then trapped on.
    @Test("a sum of histograms whose counts pass 64 bits is refused, and the sum kept as it was")
    func sumBeyond64Bits() throws {
        var one = HistogramSettings.standard.makeHistogram()
        one.record(1, count: UInt64(Int64.max))
        let big = PackedHistogram(one)
        var sum = PackableSum()
        let first = sum.add(big)
        let second = sum.add(big)
        #expect(first)
        #expect(!second, "2 × (2^63 - 1) at one value")
        let third = sum.add(PackedHistogram(HistogramSettings.standard.makeHistogram()))
        #expect(third, "the refused histogram left the sum as it was")

        var many = HistogramSettings.standard.makeHistogram()
        many.record(3_000_000, count: 1 << 42)
        var values = PackableSum()
        let once = values.add(PackedHistogram(many))
        let twice = values.add(PackedHistogram(many))
        #expect(once)
        #expect(!twice, "2^43 counts × ~3 × 10^6 passes 2^64")

        var small = HistogramSettings.standard.makeHistogram()
        small.record(1_000, count: 3)
        var fine = PackableSum()
        let added = (0..<3).map { _ in fine.add(PackedHistogram(small)) }
        #expect(added == [true, true, true])
    }

    /// Found by FuzzTargets/FuzzHlog: the V2 header and payload of the crashing input. The payload's
    /// eleventh value is nine 0xFF bytes, a zero run of -Int64.min, whose error message negated it.
    @Test("a zero run of Int64.min is rejected as out of range, not trapped on")
    func zeroRunOfInt64Min() {
        let settings = HistogramSettings(
            lowestDiscernibleValue: 1,
            highestTrackableValue: 0xD693_9B00,  // 3,600,000,000
            significantDigits: 3
        )
        let payload: [UInt8] = Array(repeating: 0x00, count: 10) + Array(repeating: 0xFF, count: 16)
        #expect(
            throws: HistogramDecodingError(
                .indexOutOfRange,
                "zero run of 9223372036854775808 overruns the counts array"
            )
        ) {
            try PackedHistogram(settings: settings, payload: payload)
        }
    }
}

/// A tiny deterministic generator for test data.
