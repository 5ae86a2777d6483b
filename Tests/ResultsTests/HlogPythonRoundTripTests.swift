import Engine
import Foundation
import Histogram
import Testing

@testable import Results

/// Cross-checks the V2 encoding and the log format against the reference Python implementation
/// (PyPI `hdrhistogram`, module `hdrh`). These tests fail when Python or the module is missing.
@Suite("hlog round trip through Python hdrh", .timeLimit(.minutes(2)))
struct HlogPythonRoundTripTests {
    struct Decoded: Decodable {
        let tag: String?
        let startMs: Double
        let endMs: Double
        let total: UInt64
        let min: UInt64
        let max: UInt64
        let p50: UInt64
        let p99: UInt64
        let p999: UInt64
        let counts: [[UInt64]]
        enum CodingKeys: String, CodingKey {
            case tag, total, min, max, p50, p99, p999, counts
            case startMs = "start_ms"
            case endMs = "end_ms"
        }
    }

    struct Output: Decodable {
        let startTime: Double
        let histograms: [Decoded]
        enum CodingKeys: String, CodingKey {
            case startTime = "start_time"
            case histograms
        }
    }

    static let readerScript = """
        import json, sys
        from hdrh.histogram import HdrHistogram
        from hdrh.log import HistogramLogReader
        reader = HistogramLogReader(sys.argv[1], HdrHistogram(1, 3600000000, 3))
        out = []
        while True:
            h = reader.get_next_interval_histogram()
            if h is None:
                break
            counts = [[i, h.get_count_at_index(i)] for i in range(h.counts_len) if h.get_count_at_index(i)]
            out.append({"tag": h.get_tag(), "start_ms": h.get_start_time_stamp(), "end_ms": h.get_end_time_stamp(),
                        "total": h.get_total_count(), "min": h.get_min_value(), "max": h.get_max_value(),
                        "p50": h.get_value_at_percentile(50), "p99": h.get_value_at_percentile(99),
                        "p999": h.get_value_at_percentile(99.9), "counts": counts})
        print(json.dumps({"start_time": reader.get_start_time_sec(), "histograms": out}))
        """

    /// The nonzero (index, count) pairs of a histogram, from the public iterator.
    static func counts(_ histogram: Histogram<UInt64>) -> [[UInt64]] {
        let layout = HistogramLayout(HistogramSettings(of: histogram))
        return histogram.recordedValues().map { [UInt64(layout.countsIndex(for: $0.value)), $0.count] }
    }

    /// The value at a percentile under Python hdrh's rank rule (round half up, at least 1).
    static func pythonRuleValue(_ histogram: Histogram<UInt64>, _ percentile: Double) -> UInt64 {
        let rank = max(1, UInt64(percentile * Double(histogram.totalCount) / 100 + 0.5))
        var seen: UInt64 = 0
        for step in histogram.recordedValues() {
            seen += step.count
            if seen >= rank { return histogram.highestEquivalentForValue(step.value) }
        }
        return 0
    }

    @Test("Python hdrh reads our .hlog: tags, times, counts, totals, min, max and percentiles all match")
    func pythonReadsOurLog() throws {
        let directory = try TemporaryDirectory()
        let datasets = TestHistograms.all
        let startTime = 1_700_000_000.25
        let log = HistogramLog(
            startTime: startTime,
            baseTime: startTime,
            comments: ["[Logged with gbfuzz tests]"],
            entries: datasets.enumerated().map { index, dataset in
                HistogramLogEntry(
                    tag: dataset.name,
                    start: Double(index),
                    length: 1,
                    histogram: PackedHistogram(dataset.histogram)
                )
            }
        )
        let path = directory.file("test.hlog")
        try log.text().write(to: path, atomically: true, encoding: .utf8)

        let output = try JSONDecoder().decode(
            Output.self,
            from: PythonOracle.run(Self.readerScript, arguments: [path.path])
        )
        #expect(output.startTime == startTime)
        try #require(output.histograms.count == datasets.count)
        for (index, (dataset, decoded)) in zip(datasets, output.histograms).enumerated() {
            let histogram = dataset.histogram
            #expect(decoded.tag == dataset.name)
            #expect(abs(decoded.startMs - (startTime + Double(index)) * 1_000) < 0.5, "\(dataset.name)")
            #expect(abs(decoded.endMs - decoded.startMs - 1_000) < 0.5, "\(dataset.name)")
            #expect(decoded.total == histogram.totalCount, "\(dataset.name)")
            #expect(decoded.counts == Self.counts(histogram), "\(dataset.name)")
            #expect(decoded.min == histogram.lowestRecordedValue, "\(dataset.name)")
            #expect(decoded.max == histogram.max, "\(dataset.name)")
            #expect(decoded.p50 == Self.pythonRuleValue(histogram, 50), "\(dataset.name)")
            #expect(decoded.p99 == Self.pythonRuleValue(histogram, 99), "\(dataset.name)")
            #expect(decoded.p999 == Self.pythonRuleValue(histogram, 99.9), "\(dataset.name)")
            // Where both rank rules pick the same rank, Python equals our own (Java-rule) percentile.
            for (percentile, value) in [(50.0, decoded.p50), (99, decoded.p99), (99.9, decoded.p999)] {
                let fractional = percentile * Double(histogram.totalCount) / 100
                if fractional == fractional.rounded() || fractional - fractional.rounded(.down) >= 0.5 {
                    #expect(value == histogram.percentileValue(percentile), "\(dataset.name) p\(percentile)")
                }
            }
        }
    }

    static let writerScript = """
        import sys
        from hdrh.histogram import HdrHistogram
        from hdrh.log import HistogramLogWriter
        a = HdrHistogram(1, 3600000000, 3)
        for v in [0, 0, 1, 999, 1000, 1001, 2047, 2048, 2049, 123456, 3600000000]:
            a.record_value(v)
        b = HdrHistogram(1, 3600000000, 3)
        b.record_value(42, 1000000)
        with open(sys.argv[1], "w") as f:
            w = HistogramLogWriter(f)
            w.output_comment("[Logged with python hdrh]")
            w.output_base_time(1700000000000)
            w.output_legend()
            w.output_interval_histogram(a, 0.5, 1.5)
            w.output_interval_histogram(b, 1.5, 2.5)
        """

    @Test("our reader decodes a log Python hdrh wrote, count for count")
    func weReadPythonsLog() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("python.hlog")
        _ = try PythonOracle.run(Self.writerScript, arguments: [path.path])
        let log = try HistogramLog(parsing: String(contentsOf: path, encoding: .utf8))
        try #require(log.entries.count == 2)
        #expect(log.baseTime == 1_700_000_000)
        #expect(log.entries.map(\.start) == [0.5, 1.5])
        #expect(log.entries.map(\.length) == [1, 1])
        let first = log.entries[0].histogram.unpack()
        let expected = TestHistograms.make([0, 0, 1, 999, 1_000, 1_001, 2_047, 2_048, 2_049, 123_456, 3_600_000_000])
        #expect(first == expected)
        let second = log.entries[1].histogram.unpack()
        #expect(second.totalCount == 1_000_000)
        #expect(second.percentileValue(50) == 42)
    }

    @Test("every encoded histogram starts with HISTFAAA and Python decodes the bare string too")
    func base64Strings() throws {
        let encoded = TestHistograms.all.map { HistogramCodec.encodeBase64($0.histogram) }
        for text in encoded { #expect(text.hasPrefix("HISTFAAA")) }
        let script = """
            import json, sys
            from hdrh.histogram import HdrHistogram
            print(json.dumps([HdrHistogram.decode(s).get_total_count() for s in sys.argv[1:]]))
            """
        let totals = try JSONDecoder().decode([UInt64].self, from: PythonOracle.run(script, arguments: encoded))
        #expect(totals == TestHistograms.all.map(\.histogram.totalCount))
    }
}
