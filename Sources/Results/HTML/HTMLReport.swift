import Engine
import Foundation

/// `report.html`: one self-contained page (inline CSS and SVG, no scripts, fonts or external links).
package enum HTMLReport {
    /// Renders the report.
    ///
    /// - Parameters:
    ///   - data: the summary and histograms.
    ///   - codeName: the documented name of a Gamebase result code, if known (the executable passes
    ///     `ResultCode.name`; Report does not depend on Protocol). A placeholder name `UNKNOWN_<code>`
    ///     counts as no name, so the run and `gbfuzz report` show the same page whichever they pass.
    package static func render(_ data: ReportData, codeName: (Int) -> String? = { _ in nil }) -> String {
        let summary = data.summary
        let codeName = { (code: Int) -> String? in
            codeName(code).flatMap { $0.isEmpty || $0 == "UNKNOWN_\(code)" ? nil : $0 }
        }
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>gbfuzz report: \(HTMLText.escape(summary.profile))</title>\n"
        page += "<style>\n\(ReportStyle.css)\n</style>\n</head>\n<body>\n"
        page += header(summary)
        page += "<main>\n"
        page += interruptedBanner(summary)
        page += targetChangedBanner(summary)
        page += overview(summary)
        page += thresholds(summary)
        page += violations(summary)
        page += timeline(data)
        page += operations(data, codeName: codeName)
        page += runStatus(summary)
        page += configuration(summary)
        page += "</main>\n"
        page += footer(summary)
        page += "</body>\n</html>\n"
        return page
    }

    static func header(_ summary: RunSummary) -> String {
        var html = "<header class=\"top\">\n<h1>gbfuzz run report · <span class=\"profile\">"
        html += HTMLText.escape(summary.profile) + "</span>" + status(summary) + "</h1>\n"
        html += "<div class=\"meta\">"
        var facts = [
            ("started", summary.startedAt),
            ("duration", Formatting.duration(seconds: summary.durationS)),
            ("seed", String(summary.seed)),
            ("target", summary.target),
        ]
        if let shards = summary.run.shards { facts.append(("sharded", shards.text)) }
        for (label, value) in facts {
            html += "<span>\(label) <b>\(HTMLText.escape(value))</b></span>"
        }
        html += "</div>\n</header>\n<nav>"
        for (anchor, title) in [
            ("overview", "Overview"), ("thresholds", "Thresholds"), ("violations", "Violations"),
            ("timeline", "Over time"), ("operations", "Operations"), ("run", "Run"), ("configuration", "Configuration"),
        ] {
            html += "<a href=\"#\(anchor)\">\(title)</a>"
        }
        return html + "</nav>\n"
    }

    static func overview(_ summary: RunSummary) -> String {
        let totals = summary.totals
        let requests = Double(max(totals.requests, 1))
        func card(_ label: String, _ value: String, _ sub: String = "", tone: String = "") -> String {
            "<div class=\"card \(tone)\"><div class=\"label\">\(label)</div><div class=\"value\">"
                + HTMLText.escape(value) + "</div><div class=\"sub\">\(HTMLText.escape(sub))</div></div>"
        }
        var html = "<section id=\"overview\">\n<h2>Overview</h2>\n<div class=\"cards\">"
        html += card(
            "Requests",
            Formatting.count(totals.requests),
            "in " + Formatting.duration(seconds: summary.durationS)
        )
        html += card("Throughput", Formatting.rate(totals.throughputRps), "requests / s")
        html += card(
            "OK",
            Formatting.count(totals.ok),
            Formatting.percent(Double(totals.ok) / requests) + " matched the model",
            tone: totals.requests > 0 && totals.failed == 0 ? "good" : ""
        )
        html += card(
            "Failed",
            Formatting.count(totals.failed),
            "error rate " + Formatting.percent(totals.errorRate),
            tone: totals.failed > 0 ? "bad" : ""
        )
        html += card(
            "Transport errors",
            Formatting.count(totals.transportErrors),
            Formatting.percent(totals.transportErrorRate) + " of requests",
            tone: totals.transportErrors > 0 ? "bad" : ""
        )
        html += card(
            "Violations",
            Formatting.count(summary.violations.count),
            "\(summary.violations.byRule.count) rule\(summary.violations.byRule.count == 1 ? "" : "s")",
            tone: summary.violations.count > 0 ? "bad" : "good"
        )
        html += card("Latency p99", Formatting.milliseconds(totals.latencyMs.p99) + " ms", "corrected, all operations")
        html += card("Service p99", Formatting.milliseconds(totals.serviceMs.p99) + " ms", "completion − send")
        html += card(
            "Late starts",
            Formatting.count(summary.lateStarts),
            "lag > \(Formatting.milliseconds(summary.lateStartToleranceMs)) ms",
            tone: summary.lateStarts > 0 ? "bad" : ""
        )
        if totals.outcomes.cancelled > 0 {
            html += card(
                "Cancelled",
                Formatting.count(totals.outcomes.cancelled),
                "stopped by the run, not failures"
            )
        }
        html += clockTile(summary.run.clock)
        html += modelTile(summary.model)
        return html + "</div>\n" + modelNote(summary.model) + "</section>\n"
    }

    static func thresholds(_ summary: RunSummary) -> String {
        var html = "<section id=\"thresholds\">\n<h2>Thresholds</h2>\n"
        guard !summary.thresholds.isEmpty else {
            return html + "<p class=\"note\">No thresholds were set for this run.</p>\n</section>\n"
        }
        html += "<table>\n<tr><th>result</th><th>threshold</th><th class=\"num\">actual</th><th>note</th></tr>\n"
        for result in summary.thresholds {
            let pill = result.ok ? "<span class=\"pill pass\">PASS</span>" : "<span class=\"pill fail\">FAIL</span>"
            let actual = result.actual.map(Formatting.measured) ?? "—"
            html += "<tr><td>\(pill)</td><td><code>\(HTMLText.escape(result.expression))</code></td>"
            html += "<td class=\"num\">\(HTMLText.escape(actual))</td>"
            html += "<td class=\"wrap\">\(HTMLText.escape(result.note ?? ""))</td></tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    static func violations(_ summary: RunSummary) -> String {
        var html = "<section id=\"violations\">\n<h2>Violations</h2>\n"
        let violations = summary.violations
        guard violations.count > 0 else {
            return html
                + "<p class=\"note\">No violations found: every answer matched the reference model.</p>\n</section>\n"
        }
        let rules = violations.byRule.sorted { $0.key < $1.key }
            .map { "<code>\(HTMLText.escape($0.key))</code> × \($0.value)" }
        html += "<p>\(Formatting.count(violations.count)) violation\(violations.count == 1 ? "" : "s"): "
        html += rules.joined(separator: ", ") + ".</p>\n"
        html += "<table>\n<tr><th class=\"num\">#</th><th>rule</th><th>message</th><th>expected</th><th>observed</th>"
        html += "<th>reproducer</th><th>standing</th></tr>\n"
        for entry in violations.list {
            let links = [
                HTMLText.link(entry.reproducerJSON, label: "json"),
                HTMLText.link(entry.reproducerSH, label: "curl"),
            ].filter { !$0.isEmpty }
            html += "<tr><td class=\"num\">\(entry.index)</td><td><code>\(HTMLText.escape(entry.rule))</code></td>"
            html += "<td class=\"wrap\">\(HTMLText.escape(entry.message))</td>"
            html += "<td class=\"wrap mono\">\(HTMLText.escape(entry.expected))</td>"
            html += "<td class=\"wrap mono\">\(HTMLText.escape(entry.observed))</td>"
            html += "<td>\(links.joined(separator: " · "))</td>"
            html += "<td class=\"wrap\">\(HTMLText.escape(entry.standing?.text ?? "unknown"))</td></tr>\n"
        }
        html += "</table>\n"
        html += witnesses(violations.list)
        if violations.list.count < violations.count {
            html += "<p class=\"note\">\(violations.count - violations.list.count) more not listed.</p>\n"
        }
        return html + "</section>\n"
    }

    static func configuration(_ summary: RunSummary) -> String {
        var html =
            "<section id=\"configuration\">\n<h2>Configuration</h2>\n<table>\n<tr><th>key</th><th>value</th></tr>\n"
        var rows = [("profile", summary.profile), ("target", summary.target), ("seed", String(summary.seed))]
        rows += summary.config.sorted { $0.key < $1.key }
        for (key, value) in rows {
            html +=
                "<tr><td><code>\(HTMLText.escape(key))</code></td><td class=\"wrap mono\">\(HTMLText.escape(value))</td></tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    static func footer(_ summary: RunSummary) -> String {
        let histogram = summary.histogram
        var html = "<footer>\n<p>Latency is measured from each request's <em>intended</em> start (corrected for "
        html += "coordinated omission); service time from its actual send. Percentiles come from HdrHistograms "
        html += "(\(histogram.significantDigits) significant digits, \(HTMLText.escape(histogram.unit)) units, "
        html +=
            "\(Formatting.count(histogram.lowestDiscernibleValue)) … \(Formatting.count(histogram.highestTrackableValue)))"
        html +=
            " and are exact to within \(histogram.significantDigits == 3 ? "0.1 %" : "the histogram's precision").</p>\n"
        html +=
            "<p>Files: "
            + ["summary.json", "latency.hlog", "service.hlog", "outcomes.hlog", "junit.xml"]
            .map { HTMLText.link($0, label: $0) }.joined(separator: " · ")
        html += " · schema <code>\(HTMLText.escape(summary.schema))</code></p>\n</footer>\n"
        return html
    }
}
