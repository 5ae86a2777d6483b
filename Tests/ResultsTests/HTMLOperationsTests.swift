import Engine
import Foundation
import Testing

@testable import Results

@Suite("HTML report: many operations, failures and the run's status", .timeLimit(.minutes(2)))
struct HTMLOperationsTests {
    static func manyRun(status: RunStatus = RunStatus()) async -> (summary: RunSummary, html: String) {
        let recording = await ChartRuns.many()
        var metadata = RunMetadata(seed: 29, profile: "many", target: "t")
        metadata.status = status
        let summary = RunSummary(recording: recording, metadata: metadata)
        return (summary, HTMLReport.render(ReportData(summary: summary, recording: recording)))
    }

    @Test("29 operations: the busiest 7 drawn apart and the rest as other, every name in the legend or its note")
    func completeLegend() async throws {
        let (summary, html) = await Self.manyRun()
        #expect(summary.ops.count == 29)
        let chart = try #require(SVGChart(in: html, label: "Throughput per operation"))
        let legend = chart.legend.map(\.text)
        #expect(legend == Array(ChartRuns.manyNames.prefix(7)) + ["other (22 operations)"])
        #expect(Set(chart.series.keys) == Set(legend))
        // Nothing is cut: every entry fits inside the chart, on rows above the plot.
        for entry in chart.legend {
            #expect(entry.x + LineChart.legendWidth(entry.text) - 23 <= chart.width, "\(entry.text)")
            #expect(entry.y < chart.plotTop, "\(entry.text)")
        }
        #expect(Set(chart.legend.map(\.y)).count > 1, "the legend wraps over several rows")
        // The grouped operations are named under the chart.
        let note = try #require(html.firstMatch(of: /<p class="note legend-note">other = (.*?)<\/p>/)?.output.1)
        for name in ChartRuns.manyNames.dropFirst(7) { #expect(note.contains("<code>\(name)</code>"), "\(name)") }
    }

    @Test("with 8 operations or fewer each has its own line and nothing is grouped")
    func fewOperationsAreNotGrouped() async throws {
        let recording = await ChartRuns.holeAndPartialEnd()
        let summary = RunSummary(recording: recording, metadata: RunMetadata(seed: 1, profile: "p", target: "t"))
        let html = HTMLReport.render(ReportData(summary: summary, recording: recording))
        let chart = try #require(SVGChart(in: html, label: "Throughput per operation"))
        #expect(chart.legend.map(\.text) == ["login.guest", "mapping.add"])
        #expect(!html.contains("<p class=\"note legend-note\">"))
    }

    @Test("operation sections are collapsed, except those that failed (unexpected, transport error, any failure)")
    func onlyFailingSectionsOpen() async throws {
        let (summary, html) = await Self.manyRun()
        let sections = html.matches(of: /<details class="op[^"]*" id="op-([^"]*)"( open)?>/)
        #expect(sections.count == 29)
        let open = Set(sections.filter { $0.output.2 != nil }.map { String($0.output.1) })
        #expect(open == Set(ChartRuns.failingNames.map { HTMLText.anchor($0).dropFirst(3) }.map(String.init)))
        // Cancelled requests are not failures: op05 stays collapsed, its cancelled count shown apart.
        #expect(summary.ops["op05.call"]!.outcomes.cancelled == 1 && summary.ops["op05.call"]!.failed == 0)
        #expect(html.contains("<tr class=\"apart\"><td>cancelled"))
    }

    @Test("failures are broken down by kind, with the example answer escaped and its control bytes visible")
    func failureBreakdownEscaped() async throws {
        let (summary, html) = await Self.manyRun()
        #expect(summary.ops["op17.call"]!.failures == ["http_502": 1])
        #expect(html.contains("<td><code>http_502</code></td><td>an HTTP 502 answer instead of a protocol answer</td>"))
        #expect(html.contains("<td><code>timeout</code></td><td>no answer within the timeout</td>"))
        #expect(html.contains("&lt;html&gt;&lt;script&gt;alert(1)&lt;/script&gt;Bad \u{241B}[0m Gateway&lt;/html&gt;"))
        #expect(!html.contains("<script>"))
        #expect(!html.contains("\u{1b}"))
    }

    @Test("latency is shown for the successful answers apart from all answers, per operation and overall")
    func latencyByOutcome() async throws {
        let (summary, html) = await Self.manyRun()
        let ok = try #require(summary.totals.latencyByOutcomeMs["ok"])
        #expect(html.contains("<tr><td>ok (successful answers)</td><td class=\"num\">"))
        #expect(html.contains(Formatting.milliseconds(ok.p99)))
        #expect(html.contains("<tr class=\"total\"><td>all answers</td>"))
        #expect(html.contains("<td>transport errors</td>"))
        // One table overall, one per operation.
        #expect(html.matches(of: /<table class="by-outcome">/).count == 1 + 29)
    }

    @Test("an interrupted run shows the INTERRUPTED banner and never a green PASS")
    func interruptedBanner() async throws {
        let status = RunStatus(
            interrupted: true,
            phases: [
                PhaseSummary(name: "probe", durationS: 0.05, budgetS: 30),
                PhaseSummary(name: "load", durationS: 3.9, budgetS: 60),
            ],
            clock: ClockWaitSummary(advances: 12, forced: 2, advanceWaitMs: 345.6, heldWaitMs: 1_234.5),
            audit: AuditSummary(players: 8, audited: 5, unfinished: 3, requests: 40)
        )
        let (summary, html) = await Self.manyRun(status: status)
        #expect(!summary.passed)
        #expect(html.contains("<div class=\"banner\" id=\"interrupted\"><b>INTERRUPTED</b>"))
        #expect(html.contains("<span class=\"status warn\">INTERRUPTED</span>"))
        #expect(!html.contains("status pass"))
        // The phases with budgets, the clock waits and the audit.
        #expect(html.contains("<td><code>load</code></td><td class=\"num\">3.90 s</td><td class=\"num\">1m0s</td>"))
        #expect(html.contains("<div class=\"label\">Clock advance wait</div><div class=\"value\">345.6 ms</div>"))
        #expect(html.contains("<tr><td>held wait</td><td class=\"num\">1234.5 ms</td>"))
        #expect(html.contains("5 audited, 3 unfinished"))

        let (_, complete) = await Self.manyRun()
        #expect(!complete.contains("id=\"interrupted\""))
        #expect(!complete.contains("status warn"))
    }
}
