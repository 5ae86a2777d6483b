import Basics
import Engine
import Foundation
import Histogram
import Testing

@testable import Results

@Suite("hlog writer, reader and merge")
struct HlogCodecTests {
    @Test("our reader round-trips our writer exactly: same tags, times and histogram bytes")
    func writerReaderRoundTrip() throws {
        let datasets = TestHistograms.all
        let log = HistogramLog(
            startTime: 1_700_000_000.5,
            baseTime: 1_700_000_000.5,
            entries: datasets.enumerated().map { index, dataset in
                HistogramLogEntry(
                    tag: index == 0 ? nil : dataset.name,
                    start: Double(index) * 1.25,
                    length: 1,
                    histogram: PackedHistogram(dataset.histogram)
                )
            }
        )
        let parsed = try HistogramLog(parsing: log.text())
        #expect(parsed.startTime == log.startTime)
        #expect(parsed.baseTime == log.baseTime)
        #expect(parsed.entries == log.entries)
        for (entry, dataset) in zip(parsed.entries, datasets) {
            #expect(entry.histogram.unpack() == dataset.histogram)
        }
    }

    @Test("the text follows format 1.3: version, StartTime, BaseTime, legend, Tag= lines, Interval_Max in ms")
    func textLayout() throws {
        var histogram = HistogramSettings.standard.makeHistogram()
        histogram.record(12_345)
        let log = HistogramLog(
            startTime: 1_441_812_279.474,
            baseTime: 1_441_812_279.474,
            entries: [
                HistogramLogEntry(tag: nil, start: 0, length: 1, histogram: PackedHistogram(histogram)),
                HistogramLogEntry(tag: "login guest,x", start: 1, length: 0.5, histogram: PackedHistogram(histogram)),
            ]
        )
        let lines = log.text().split(separator: "\n").map(String.init)
        #expect(lines[0] == "#[Histogram log format version 1.3]")
        #expect(lines[1] == "#[StartTime: 1441812279.474 (seconds since epoch), Wed Sep 09 15:24:39 UTC 2015]")
        #expect(lines[2] == "#[BaseTime: 1441812279.474 (seconds since epoch)]")
        #expect(lines[3] == "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"")
        #expect(lines[4].hasPrefix("0.000,1.000,12.351,HISTFAAA"))
        #expect(lines[5].hasPrefix("Tag=login_guest_x,1.000,0.500,12.351,HISTFAAA"))
    }

    @Test("a corrupt line is reported with its line number")
    func corruptLines() throws {
        let good = HistogramCodec.encodeBase64(TestHistograms.make([5]))
        let cases: [(String, HlogError.Code, Int)] = [
            ("#[StartTime: 1 (x)]\n0.0,1.0,HISTFAAA\n", .malformedLine, 2),
            ("\n\nabc,1.0,0.0,\(good)\n", .malformedLine, 3),
            ("0.0,1.0,0.0,HISTFAAAnotbase64!!\n", .badHistogram, 1),
            ("0.0,1.0,0.0,\(good.dropLast(8))\n", .badHistogram, 1),
            ("Tag=only\n", .malformedLine, 1),
        ]
        for (text, code, line) in cases {
            #expect {
                try HistogramLog(parsing: text)
            } throws: { error in
                let error = error as? HlogError
                return error?.code == code && error?.line == line
            }
        }
    }

    @Test("a histogram with a bad cookie, header or zlib stream is rejected, never trapped on")
    func hostileHistograms() throws {
        let packed = PackedHistogram(TestHistograms.make([1, 2, 3]))
        var bytes = HistogramCodec.encode(packed)
        bytes[3] = 0x15
        #expect(throws: HistogramDecodingError.self) { try HistogramCodec.decode(compressed: bytes) }
        bytes = HistogramCodec.encode(packed)
        bytes[bytes.count - 3] ^= 0xFF
        #expect(throws: HistogramDecodingError.self) { try HistogramCodec.decode(compressed: bytes) }
        #expect(throws: HistogramDecodingError.self) { try HistogramCodec.decode(compressed: [0x1c, 0x84]) }
        var header: [UInt8] = [0x1c, 0x84, 0x93, 0x13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]
        header += [UInt8](repeating: 0, count: 24)
        #expect(throws: HistogramDecodingError.self) { try HistogramCodec.decode(encoded: header) }
    }

    @Test("merging split logs equals the log of all the samples, tag by tag and interval by interval")
    func mergeIsExact() throws {
        var generator = SplitMix64(seed: 7)
        var whole: [String?: [Histogram<UInt64>]] = [:]
        var parts: [[HistogramLogEntry]] = [[], []]
        for tag in [nil, "login.guest", "mapping.add"] as [String?] {
            whole[tag] = []
            for interval in 0..<3 {
                var all = HistogramSettings.standard.makeHistogram()
                var split = [HistogramSettings.standard.makeHistogram(), HistogramSettings.standard.makeHistogram()]
                for _ in 0..<500 {
                    let value = generator.next() % 2_000_000
                    all.record(value)
                    split[Int(generator.next() % 2)].record(value)
                }
                whole[tag]!.append(all)
                for part in 0..<2 {
                    parts[part].append(
                        HistogramLogEntry(
                            tag: tag,
                            start: Double(interval),
                            length: 1,
                            histogram: PackedHistogram(split[part])
                        )
                    )
                }
            }
        }
        // The second shard started 0.3 s later; its intervals still line up by offset.
        let logs = [
            HistogramLog(startTime: 1_000, baseTime: 1_000, entries: parts[0]),
            HistogramLog(startTime: 1_000.3, baseTime: 1_000.3, entries: parts[1]),
        ]
        let merged = try HistogramLog(parsing: HistogramLog.merging(logs).text())
        #expect(merged.startTime == 1_000)
        #expect(merged.entries.count == 9)
        for entry in merged.entries {
            let expected = whole[entry.tag]![Int(entry.start)]
            #expect(entry.histogram.unpack() == expected)
        }
        #expect(merged.entries.prefix(3).map(\.tag) == [nil, "login.guest", "mapping.add"])
    }

    @Test("histograms with different layouts refuse to merge")
    func mergeRejectsIncompatibleLayouts() throws {
        var coarse = HistogramSettings(significantDigits: 2).makeHistogram()
        coarse.record(10)
        let logs = [
            HistogramLog(
                startTime: 0,
                baseTime: 0,
                entries: [
                    HistogramLogEntry(
                        tag: "a",
                        start: 0,
                        length: 1,
                        histogram: PackedHistogram(TestHistograms.make([10]))
                    )
                ]
            ),
            HistogramLog(
                startTime: 0,
                baseTime: 0,
                entries: [
                    HistogramLogEntry(tag: "a", start: 0, length: 1, histogram: PackedHistogram(coarse))
                ]
            ),
        ]
        #expect(throws: HlogError.self) { try HistogramLog.merging(logs) }
    }

    /// Found by FuzzTargets/FuzzHlog: `gbfuzz merge a.hlog a.hlog` over a line holding a count of
    /// 2^63 - 1 doubled it, and packing the merged histogram trapped.
    @Test("a merge whose counts would pass 64 bits is refused, not trapped on")
    func mergeRejectsCountsBeyond64Bits() throws {
        var histogram = HistogramSettings.standard.makeHistogram()
        histogram.record(1, count: UInt64(Int64.max))
        let line = try HistogramCodec.decode(base64: HistogramCodec.encodeBase64(PackedHistogram(histogram)))
        let log = HistogramLog(
            startTime: 0,
            baseTime: 0,
            entries: [HistogramLogEntry(tag: "a", start: 0, length: 1, histogram: line)]
        )
        #expect(throws: HlogError.self) { try HistogramLog.merging([log, log]) }
        #expect(try HistogramLog.merging([log]).entries.map(\.histogram) == [line])
    }

    /// Found while fuzzing `gbfuzz merge`'s path (FuzzTargets/FuzzHlog): a start timestamp of 9e99
    /// seconds is a finite number the reader accepts, but its offset in milliseconds is no Int64.
    @Test("a merge of a line starting beyond 64-bit milliseconds is refused, not trapped on")
    func mergeRejectsStartsBeyond64BitMillis() throws {
        let histogram = HistogramCodec.encodeBase64(PackedHistogram(TestHistograms.make([10])))
        for start in ["9e99", "1e16", "-1e16"] {
            let log = try HistogramLog(parsing: "#[StartTime: 0.000]\n\(start),1.000,0.010,\(histogram)\n")
            #expect(throws: HlogError.self, "start \(start)") { try HistogramLog.merging([log]) }
        }
        let near = try HistogramLog(parsing: "#[StartTime: 0.000]\n1e15,1.000,0.010,\(histogram)\n")
        #expect(try HistogramLog.merging([near]).entries.count == 1, "10^18 ms still fits")
    }
}
