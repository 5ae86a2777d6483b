import Engine
import Foundation
import Testing

@testable import Results

@Suite("HTML report: honest charts over time", .timeLimit(.minutes(2)))
struct HTMLChartTests {
    /// The run of ``ChartRuns/holeAndPartialEnd()``, its summary and its page.
    static func holeRun() async -> (summary: RunSummary, html: String) {
        let recording = await ChartRuns.holeAndPartialEnd()
        let summary = RunSummary(recording: recording, metadata: RunMetadata(seed: 7, profile: "hole", target: "t"))
        return (summary, HTMLReport.render(ReportData(summary: summary, recording: recording)))
    }

    static let end = 9.25
    static let tolerance = 0.11

    @Test("the summary's timeline has a point for every interval: zero requests and no latency in the hole")
    func timelineListsEmptyIntervals() async throws {
        let (summary, _) = await Self.holeRun()
        #expect(summary.timeline.map(\.t) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        for point in summary.timeline[3...5] {
            #expect(point.requests == 0 && point.throughputRps == 0)
            #expect(point.latencyP50Ms == nil && point.latencyP99Ms == nil && point.latencyMaxMs == nil)
        }
        let json = String(decoding: try summary.jsonData(), as: UTF8.self)
        #expect(try RunSummary.decode(from: summary.jsonData()) == summary)
        // An empty interval has no latency keys at all.
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let points = object["timeline"] as! [[String: Any]]
        #expect(points[4]["latency_p99_ms"] == nil && points[4]["throughput_rps"] as? Double == 0)
        #expect(points[2]["latency_p99_ms"] != nil)
    }

    @Test("the last, partial interval keeps its true length in the timeline and its rate is over that length")
    func timelinePartialLastInterval() async throws {
        let (summary, _) = await Self.holeRun()
        let last = try #require(summary.timeline.last)
        #expect(last.t == 9 && abs(last.lengthS - 0.25) < 1e-9)
        #expect(last.requests == 10)
        #expect(abs(last.throughputRps - 40) < 1e-6)
    }

    @Test("a 3-interval hole is drawn as zero throughput, never a line across it")
    func holeIsZeroThroughput() async throws {
        let (_, html) = await Self.holeRun()
        let chart = try #require(SVGChart(in: html, label: "Throughput per second"))
        let completed = try #require(chart.series["completed"])
        // Zero is a value: the throughput line is one piece from start to end.
        #expect(completed.count == 1)
        let line = completed[0]
        let (holeStart, holeEnd) = (chart.x(3, end: Self.end), chart.x(6, end: Self.end))
        let inside = line.filter { $0.x > holeStart + Self.tolerance && $0.x < holeEnd - Self.tolerance }
        #expect(inside.isEmpty)
        // It drops to the baseline at 3 s and stays there until 6 s.
        let atZero = line.filter { abs($0.y - chart.baseline) < Self.tolerance }.map(\.x)
        #expect(atZero.count == 2)
        #expect(atZero.allSatisfy { abs($0 - holeStart) < Self.tolerance || abs($0 - holeEnd) < Self.tolerance })
        // No segment joins a point before the hole to one after it.
        for (a, b) in zip(line, line.dropFirst()) {
            #expect(!(a.x < holeStart - Self.tolerance && b.x > holeEnd + Self.tolerance))
        }
        // The same holds per operation.
        let perOperation = try #require(SVGChart(in: html, label: "Throughput per operation"))
        for name in ["login.guest", "mapping.add"] {
            let lines = try #require(perOperation.series[name])
            #expect(lines.count == 1)
            #expect(
                lines[0].filter { $0.x > holeStart + Self.tolerance && $0.x < holeEnd - Self.tolerance }.isEmpty
            )
            #expect(lines[0].contains { abs($0.y - perOperation.baseline) < Self.tolerance })
        }
    }

    @Test("a 3-interval hole leaves a gap in latency: no point inside it, no line across it")
    func holeIsLatencyGap() async throws {
        let (_, html) = await Self.holeRun()
        let chart = try #require(SVGChart(in: html, label: "Latency per second (corrected)"))
        let (holeStart, holeEnd) = (chart.x(3, end: Self.end), chart.x(6, end: Self.end))
        for name in ["p50", "p99", "max"] {
            let lines = try #require(chart.series[name], "\(name)")
            #expect(lines.count == 2, "\(name): one piece before the hole, one after")
            for point in lines.joined() {
                #expect(point.x <= holeStart + Self.tolerance || point.x >= holeEnd - Self.tolerance, "\(name)")
            }
            #expect(abs(lines[0].last!.x - holeStart) < Self.tolerance)
            #expect(abs(lines[1].first!.x - holeEnd) < Self.tolerance)
        }
    }

    @Test("the last, partial interval is drawn at its true length: it ends at the run's end at its true rate")
    func partialIntervalAtTrueLength() async throws {
        let (_, html) = await Self.holeRun()
        let chart = try #require(SVGChart(in: html, label: "Throughput per second"))
        let line = try #require(chart.series["completed"]?.first)
        // 40/s in every full second and 40/s over the last 0.25 s: the same height, and the axis ends
        // at 9.25 s, where the run ended (not at 10 s, as if the interval had been a full one).
        let steady = line[0].y
        #expect(steady < chart.baseline - 10)
        let last = try #require(line.last)
        #expect(abs(last.x - (chart.plotLeft + chart.plotWidth)) < Self.tolerance)
        #expect(abs(last.y - steady) < Self.tolerance)
        // Scaled to a full second it would have been drawn at a quarter of the height.
        let quarter = chart.baseline - (chart.baseline - steady) / 4
        #expect(!line.contains { abs($0.y - quarter) < 1 })
        #expect(html.contains("The last interval is only 250.0 ms long"))
    }

    @Test("steps merge a long run's intervals without bridging gaps: a bucket of gaps stays a gap")
    func downsamplingKeepsGaps() {
        let steps = (0..<10).map { index in
            StepSeries.Step(
                start: Double(index),
                end: Double(index + 1),
                value: (4..<7).contains(index) ? nil : Double(index)
            )
        }
        let merged = StepSeries(steps).downsampled(limit: 5, rule: .maximum)
        #expect(merged.steps.map(\.value) == [1, 3, nil, 7, 9])
        let mean = StepSeries(steps).downsampled(limit: 5, rule: .mean)
        #expect(mean.steps.map(\.value) == [0.5, 2.5, nil, 3.5, 8.5])
        #expect(StepSeries(steps).segments.count == 2)
    }
}
