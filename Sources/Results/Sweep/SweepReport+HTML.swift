extension SweepReport {
    /// `sweep.html`: the verdict, two curves over the rate (latency; errors and violations) and the
    /// table, each step linking to its own report. Inline SVG and CSS only, like `report.html`.
    package var html: String {
        let xs = steps.map(\.rate)
        let x = ChartAxis.linear(maximum: xs.max() ?? 1, title: "offered rate (per second)")
        func points(_ value: (Step) -> Double) -> [(x: Double, y: Double)] { steps.map { ($0.rate, value($0)) } }
        let latency = LineChart(
            title: "Latency by rate",
            xAxis: x,
            yAxis: .linear(maximum: steps.map(\.latencyP99Ms).max() ?? 1, title: "ms"),
            series: [
                .init(name: "p50", color: ChartPalette.latency, points: points(\.latencyP50Ms)),
                .init(name: "p99", color: ChartPalette.service, points: points(\.latencyP99Ms)),
            ]
        )
        let failures = LineChart(
            title: "Violations and error rate by rate",
            xAxis: x,
            yAxis: .linear(
                maximum: max(
                    steps.map { Double($0.violations) }.max() ?? 1,
                    steps.map { $0.errorRate * 100 }.max() ?? 1
                ),
                title: "count / %"
            ),
            series: [
                .init(name: "violations", color: ChartPalette.failed, points: points { Double($0.violations) }),
                .init(name: "error rate %", color: ChartPalette.neutral, points: points { $0.errorRate * 100 }),
            ]
        )
        var html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html +=
            "<title>gbfuzz sweep · \(HTMLText.escape(profile))</title>\n<style>\(ReportStyle.css)</style></head><body>\n"
        html +=
            "<header class=\"top\"><h1>gbfuzz sweep · <span class=\"profile\">\(HTMLText.escape(profile))</span></h1>"
        html +=
            "<div class=\"meta\"><span>target <b>\(HTMLText.escape(target))</b></span><span>seed <b>\(seed)</b></span>"
        html += "<span>steps <b>\(steps.count)</b></span></div></header>\n<main>\n"
        html += "<section><h2>Verdict</h2><p><b>\(HTMLText.escape(verdict))</b></p></section>\n"
        html += "<section><h2>Curves</h2>\(latency.svg())\(failures.svg())</section>\n"
        html += "<section><h2>Steps</h2><table><thead><tr><th>rate/s</th><th>requests</th><th>req/s</th><th>p50 ms</th>"
        html +=
            "<th>p99 ms</th><th>error rate</th><th>late starts</th><th>violations</th><th>thresholds</th><th>run</th></tr></thead><tbody>\n"
        for s in steps {
            let thresholds = s.failedThresholds.isEmpty ? "ok" : "FAIL: " + s.failedThresholds.joined(separator: "; ")
            html += "<tr><td>\(Formatting.rate(s.rate))</td><td>\(Formatting.count(s.requests))</td>"
            html += "<td>\(Formatting.rate(s.throughputRps))</td><td>\(Formatting.milliseconds(s.latencyP50Ms))</td>"
            html += "<td>\(Formatting.milliseconds(s.latencyP99Ms))</td><td>\(Formatting.percent(s.errorRate))</td>"
            html +=
                "<td>\(Formatting.count(s.lateStarts))</td><td>\(s.violations)</td><td>\(HTMLText.escape(thresholds))</td>"
            html += "<td>\(HTMLText.link(s.directory + "/report.html", label: "report"))</td></tr>\n"
        }
        html += "</tbody></table></section>\n</main></body></html>\n"
        return html
    }
}
