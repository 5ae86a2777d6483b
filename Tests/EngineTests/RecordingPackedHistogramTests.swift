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
            #expect(index < layout.countsLength)
            value = value < 5_000 ? value + 1 : value + value / 997
        }
        #expect(layout.countsLength == 23 * 1024)
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
}

/// A tiny deterministic generator for test data.
