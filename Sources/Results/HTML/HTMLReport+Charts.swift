import Engine
import Foundation
import Histogram

extension HTMLReport {
    /// The "Over time" section: throughput, latency and throughput per operation, one step per interval.
    static func timeline(_ data: ReportData) -> String {
        let summary = data.summary
        let grid = ChartTimeline(summary)
        var html = "<section id=\"timeline\">\n<h2>Over time</h2>\n"
        guard summary.totals.requests > 0, !grid.slots.isEmpty else {
            return html + "<p class=\"note\">No request completed, so there is nothing to plot.</p>\n</section>\n"
        }
        let xAxis = ChartAxis.time(end: grid.end, title: "seconds since start")

        let throughput = grid.steps(rule: .mean) { $0.point?.throughputRps ?? 0 }
        let failed = grid.steps(rule: .mean) { ChartTimeline.rate($0.point?.failed ?? 0, $0) }
        let throughputChart = LineChart(
            title: "Throughput per second",
            xAxis: xAxis,
            yAxis: ChartAxis.linear(maximum: throughput.maximum ?? 1, title: "requests / s"),
            series: [
                .init(name: "completed", color: ChartPalette.latency, segments: throughput.segments),
                .init(name: "failed", color: ChartPalette.failed, segments: failed.segments),
            ]
        )
        let p50 = grid.steps(rule: .maximum) { $0.point?.latencyP50Ms }
        let p99 = grid.steps(rule: .maximum) { $0.point?.latencyP99Ms }
        let maximum = grid.steps(rule: .maximum) { $0.point?.latencyMaxMs }
        let latencyChart = LineChart(
            title: "Latency per second (corrected)",
            xAxis: xAxis,
            yAxis: ChartAxis.linear(maximum: maximum.maximum ?? 1, title: "milliseconds"),
            series: [
                .init(name: "p50", color: ChartPalette.color(2), segments: p50.segments),
                .init(name: "p99", color: ChartPalette.latency, segments: p99.segments),
                .init(name: "max", color: ChartPalette.neutral, segments: maximum.segments, dashed: true),
            ]
        )
        html += "<p class=\"note\">" + HTMLText.escape(timelineNote(grid)) + "</p>\n"
        html += "<div class=\"charts\">\n"
        html += figure("Throughput over time", throughputChart.svg())
        html += figure("Latency p50 / p99 / max over time", latencyChart.svg())
        if summary.ops.count > 1 { html += operationThroughput(data, grid: grid, xAxis: xAxis) }
        return html + "</div>\n</section>\n"
    }

    /// How to read the steps: what an empty interval and the last, partial one look like.
    static func timelineNote(_ grid: ChartTimeline) -> String {
        let interval = Formatting.measured(grid.intervalS)
        var note = "One step per \(interval) s interval of completions, as wide as the interval was long. "
        note += "An interval without completions is drawn at zero throughput and leaves a gap in latency."
        if let last = grid.partialLast {
            note += " The last interval is only \(seconds(last.length)) long (the run ended then):"
            note += " it is drawn to its true length, its rate taken over that length."
        }
        let bucket = grid.bucket()
        if bucket > 1 {
            note += " The run has \(Formatting.count(grid.slots.count)) intervals, so each step covers \(bucket):"
            note += " throughput is their mean rate, latency their highest value."
        }
        return note
    }

    /// Throughput per operation: the busiest operations each on its own line, the rest summed as
    /// "other" (named under the chart), so the legend stays complete and readable.
    static func operationThroughput(_ data: ReportData, grid: ChartTimeline, xAxis: ChartAxis) -> String {
        let ops = data.summary.ops
        let ranked = ops.keys.sorted { (ops[$0]!.count, $1) > (ops[$1]!.count, $0) }
        let apart = ranked.count <= maxOperationLines ? ranked : Array(ranked.prefix(maxOperationLines - 1))
        let grouped = Array(ranked.dropFirst(apart.count))
        var series = apart.enumerated().map { index, name in
            let counts = data.operationCounts[name] ?? [:]
            return LineChart.Series(
                name: name,
                color: ChartPalette.color(index),
                segments: grid.steps(rule: .mean) { ChartTimeline.rate(counts[$0.index] ?? 0, $0) }.segments
            )
        }
        if !grouped.isEmpty {
            let steps = grid.steps(rule: .mean) { slot in
                ChartTimeline.rate(grouped.reduce(0) { $0 + (data.operationCounts[$1]?[slot.index] ?? 0) }, slot)
            }
            series.append(
                .init(
                    name: "other (\(grouped.count) operations)",
                    color: ChartPalette.neutral,
                    segments: steps.segments,
                    dashed: true
                )
            )
        }
        let chart = LineChart(
            title: "Throughput per operation",
            xAxis: xAxis,
            yAxis: ChartAxis.linear(maximum: series.flatMap(\.values).max() ?? 1, title: "requests / s"),
            series: series
        )
        var html = "<figure id=\"throughput-by-operation\"><figcaption>Throughput by operation"
        if !grouped.isEmpty { html += " (the \(apart.count) busiest, the rest as other)" }
        html += "</figcaption>\(chart.svg())"
        if !grouped.isEmpty {
            html += "<p class=\"note legend-note\">other = "
            html += grouped.map { "<code>\(HTMLText.escape($0))</code>" }.joined(separator: ", ") + "</p>"
        }
        return html + "</figure>\n"
    }

    /// Lines a per-operation chart draws before grouping the rest (one colour each).
    static let maxOperationLines = 8

    /// A percentile-spectrum chart of latency (and service time when available).
    static func spectrum(
        title: String,
        latency: Histogram<UInt64>?,
        service: Histogram<UInt64>?
    ) -> String {
        let count = max(latency?.totalCount ?? 0, service?.totalCount ?? 0)
        let decades = PercentileSpectrum.decades(forCount: count)
        var series: [LineChart.Series] = []
        if let latency {
            series.append(
                .init(
                    name: "latency (from intended start)",
                    color: ChartPalette.latency,
                    points: PercentileSpectrum.points(latency, decades: decades)
                )
            )
        }
        if let service {
            series.append(
                .init(
                    name: "service time (from send)",
                    color: ChartPalette.service,
                    points: PercentileSpectrum.points(service, decades: decades)
                )
            )
        }
        let top = series.flatMap(\.values).max() ?? 1
        let chart = LineChart(
            title: title,
            xAxis: PercentileSpectrum.axis(decades: decades),
            yAxis: ChartAxis.linear(maximum: max(top, 0.001), title: "milliseconds"),
            series: series
        )
        return chart.svg()
    }

    static func figure(_ caption: String, _ svg: String) -> String {
        "<figure><figcaption>\(HTMLText.escape(caption))</figcaption>\(svg)</figure>\n"
    }
}
