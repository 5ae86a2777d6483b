import Engine
import Foundation
import Histogram

extension HTMLReport {
    static func timeline(_ data: ReportData) -> String {
        let points = data.summary.timeline
        var html = "<section id=\"timeline\">\n<h2>Over time</h2>\n"
        guard !points.isEmpty else {
            return html + "<p class=\"note\">No request completed, so there is nothing to plot.</p>\n</section>\n"
        }
        let end = points.map { $0.t + $0.lengthS }.max() ?? 1
        let xAxis = ChartAxis.linear(maximum: end, count: 8, title: "seconds since start")

        let throughput = LineChart.downsample(points.map { ($0.t, $0.throughputRps) })
        let failed = LineChart.downsample(points.map { ($0.t, $0.lengthS > 0 ? Double($0.failed) / $0.lengthS : 0) })
        let throughputChart = LineChart(
            title: "Throughput per second",
            xAxis: xAxis,
            yAxis: ChartAxis.linear(maximum: throughput.map(\.y).max() ?? 1, title: "requests / s"),
            series: [
                .init(name: "completed", color: ChartPalette.latency, points: throughput),
                .init(name: "failed", color: ChartPalette.failed, points: failed),
            ]
        )
        let p50 = LineChart.downsample(points.map { ($0.t, $0.latencyP50Ms) })
        let p99 = LineChart.downsample(points.map { ($0.t, $0.latencyP99Ms) })
        let maximum = LineChart.downsample(points.map { ($0.t, $0.latencyMaxMs) })
        let latencyChart = LineChart(
            title: "Latency per second (corrected)",
            xAxis: xAxis,
            yAxis: ChartAxis.linear(maximum: maximum.map(\.y).max() ?? 1, title: "milliseconds"),
            series: [
                .init(name: "p50", color: ChartPalette.color(2), points: p50),
                .init(name: "p99", color: ChartPalette.latency, points: p99),
                .init(name: "max", color: ChartPalette.neutral, points: maximum, dashed: true),
            ]
        )
        html += "<div class=\"charts\">\n"
        html += figure("Throughput over time", throughputChart.svg())
        html += figure("Latency p50 / p99 / max over time", latencyChart.svg())
        let names = data.operationSeries.keys.sorted()
        if names.count > 1 {
            let perOperation = names.enumerated().map { index, name in
                LineChart.Series(
                    name: name,
                    color: ChartPalette.color(index),
                    points: LineChart.downsample(data.operationSeries[name]!.map { ($0.t, $0.throughputRps) })
                )
            }
            let chart = LineChart(
                title: "Throughput per operation",
                xAxis: xAxis,
                yAxis: ChartAxis.linear(
                    maximum: perOperation.flatMap { $0.points.map(\.y) }.max() ?? 1,
                    title: "requests / s"
                ),
                series: perOperation
            )
            html += figure("Throughput by operation", chart.svg())
        }
        return html + "</div>\n</section>\n"
    }

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
        let top = series.flatMap { $0.points.map(\.y) }.max() ?? 1
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
