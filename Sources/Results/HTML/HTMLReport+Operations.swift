import Engine
import Foundation
import Histogram

extension HTMLReport {
    static func operations(_ data: ReportData, codeName: (Int) -> String?) -> String {
        let summary = data.summary
        var html = "<section id=\"operations\">\n<h2>Operations</h2>\n"
        guard !summary.ops.isEmpty else {
            return html + "<p class=\"note\">No operation completed a request.</p>\n</section>\n"
        }
        html += "<table>\n<tr><th>operation</th><th class=\"num\">count</th><th class=\"num\">ok</th>"
        html += "<th class=\"num\">failed</th><th class=\"num\">req/s</th><th class=\"num\">p50 ms</th>"
        html += "<th class=\"num\">p90 ms</th><th class=\"num\">p99 ms</th><th class=\"num\">p99.9 ms</th>"
        html +=
            "<th class=\"num\">max ms</th><th class=\"num\">service p99 ms</th><th class=\"num\">late starts</th></tr>\n"
        func row(
            _ name: String,
            link: Bool,
            _ count: UInt64,
            _ ok: UInt64,
            _ failed: UInt64,
            _ rate: Double,
            _ latency: DistributionSummary,
            _ service: DistributionSummary,
            _ late: UInt64,
            total: Bool = false
        ) -> String {
            let label =
                link
                ? "<a href=\"#\(HTMLText.anchor(name))\">\(HTMLText.escape(name))</a>" : HTMLText.escape(name)
            var cells = "<tr\(total ? " class=\"total\"" : "")><td>\(label)</td>"
            let numbers = [
                Formatting.count(count), Formatting.count(ok), Formatting.count(failed), Formatting.rate(rate),
                Formatting.milliseconds(latency.p50), Formatting.milliseconds(latency.p90),
                Formatting.milliseconds(latency.p99), Formatting.milliseconds(latency.p999),
                Formatting.milliseconds(latency.max), Formatting.milliseconds(service.p99), Formatting.count(late),
            ]
            for number in numbers { cells += "<td class=\"num\">\(number)</td>" }
            return cells + "</tr>\n"
        }
        for name in summary.ops.keys.sorted() {
            let op = summary.ops[name]!
            html += row(
                name,
                link: true,
                op.count,
                op.ok,
                op.failed,
                op.throughputRps,
                op.latencyMs,
                op.serviceMs,
                op.lateStarts
            )
        }
        let totals = summary.totals
        html += row(
            "all operations",
            link: false,
            totals.requests,
            totals.ok,
            totals.failed,
            totals.throughputRps,
            totals.latencyMs,
            totals.serviceMs,
            summary.lateStarts,
            total: true
        )
        html += "</table>\n"
        html += "<h3>Latency by outcome, all operations</h3>\n"
        html += latencyByOutcome(totals.latencyByOutcomeMs, all: totals.latencyMs, counts: totals.outcomes)
        html += failureTable(totals.failures, examples: [:])
        html += "<h3>Percentile spectrum, all operations</h3>\n<div class=\"charts\">"
        html += figure(
            "All operations: latency and service time by percentile",
            spectrum(title: "All operations", latency: data.overallLatency, service: data.overallService)
        )
        html += "</div>\n"
        let failing = summary.ops.values.filter(isFailing).count
        html += "<p class=\"note\">Each operation below is collapsed unless it failed (an unexpected answer, a "
        html += "transport error or a failure of any kind): \(failing) of \(summary.ops.count) open.</p>\n"
        for name in summary.ops.keys.sorted() {
            html += operation(name, summary.ops[name]!, data: data, codeName: codeName)
        }
        return html + "</section>\n"
    }

    private static func operation(
        _ name: String,
        _ op: OperationSummary,
        data: ReportData,
        codeName: (Int) -> String?
    ) -> String {
        let failing = isFailing(op)
        var html = "<details class=\"op\(failing ? " failing" : "")\" id=\"\(HTMLText.anchor(name))\""
        html += failing ? " open>\n<summary>" : ">\n<summary>"
        html += HTMLText.escape(name) + "<span class=\"facts\">\(Formatting.count(op.count)) requests · "
        html += "p99 \(Formatting.milliseconds(op.latencyMs.p99)) ms · "
        html += "<span\(failing ? " class=\"bad\"" : "")>\(Formatting.count(op.failed)) failed</span>"
        if op.outcomes.cancelled > 0 { html += " · \(Formatting.count(op.outcomes.cancelled)) cancelled" }
        html += "</span></summary>\n<div class=\"body\"><div class=\"op-grid\">\n"
        html += figure(
            "\(name): latency and service time by percentile",
            spectrum(title: name, latency: data.latency[name], service: data.service[name])
        )
        html += "<div>\n" + outcomeTable(op.outcomes, total: op.count) + codes(op, codeName: codeName)
        html += "<p class=\"note\">schedule lag p99 \(Formatting.milliseconds(op.scheduleLagMs.p99)) ms, "
        html += "max \(Formatting.milliseconds(op.scheduleLagMs.max)) ms; "
        html += "\(Formatting.count(op.lateStarts)) late start\(op.lateStarts == 1 ? "" : "s")</p>\n"
        html += "</div>\n</div>\n"
        html += failureTable(op.failures, examples: op.failureExamples)
        if !op.latencyByOutcomeMs.isEmpty {
            html += "<h3>Latency by outcome</h3>\n"
            html += latencyByOutcome(op.latencyByOutcomeMs, all: op.latencyMs, counts: op.outcomes)
        }
        return html + "</div>\n</details>\n"
    }

    /// An operation is shown open when it failed: an unexpected answer, a transport error, or a
    /// failure of any kind.
    static func isFailing(_ op: OperationSummary) -> Bool {
        op.failed > 0 || op.transportErrors > 0 || op.failures.values.contains { $0 > 0 }
    }

    private static func codes(_ op: OperationSummary, codeName: (Int) -> String?) -> String {
        var html = "<h3>Result codes</h3>\n"
        guard !op.codes.isEmpty else { return html + "<p class=\"note\">No answer carried a result code.</p>\n" }
        let sorted = op.codes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let names = sorted.map { Int($0.key).flatMap(codeName) ?? "" }
        let showNames = names.contains { !$0.isEmpty }
        html += "<table>\n<tr><th class=\"num\">code</th>\(showNames ? "<th>name</th>" : "")"
        html += "<th class=\"num\">count</th><th>share</th></tr>\n"
        let answered = op.codes.values.reduce(0, +)
        for ((code, count), name) in zip(sorted, names) {
            html += "<tr><td class=\"num mono\">\(HTMLText.escape(code))</td>"
            if showNames { html += "<td class=\"mono codename\">\(HTMLText.escape(name))</td>" }
            html += "<td class=\"num\">\(Formatting.count(count))</td>"
            let share = answered > 0 ? Double(count) / Double(answered) : 0
            html += "<td>\(bar(share: share, tone: code == "0" ? "" : "err"))</td></tr>\n"
        }
        return html + "</table>\n"
    }
}
