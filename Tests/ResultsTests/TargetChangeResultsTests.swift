import Foundation
import Testing

@testable import Results

/// A run whose target's knobs changed while it went on (`run.target_changed`): UNKNOWN whatever it
/// found, in summary.json, the terminal, JUnit and the report.
@Suite("a target whose knobs changed during the run", .timeLimit(.minutes(2)))
struct TargetChangeResultsTests {
    static let change = TargetChange(
        seenAtS: 12.34,
        differences: ["maintenance.offsetSeconds: 0 → 1795372206", "maintenance.periodSeconds: null → 3153600000"]
    )

    static func summary(violations: [ViolationEntry]) async -> RunSummary {
        var metadata = SampleRun.metadata
        metadata.status.targetChanged = change
        return RunSummary(recording: await SampleRun.recording(), metadata: metadata, violations: violations)
    }

    @Test("the verdict is UNKNOWN with violations or without, and the change is named everywhere")
    func unknownEverywhere() async throws {
        for violations in [[], SampleRun.violations] {
            var summary = await Self.summary(violations: violations)
            summary.thresholds = []
            #expect(summary.undecided && !summary.passed, "\(violations.count) violations")
            let text = SummaryTable.render(summary)
            #expect(text.contains("UNKNOWN: the target's knobs changed during the run (seen 12.3 s into the load)"))
            #expect(text.contains("maintenance.periodSeconds: null → 3153600000"))
            let junit = JUnitReport.render(summary: summary)
            #expect(junit.contains("name=\"target knobs unchanged during the run\""))
            #expect(junit.contains("<failure type=\"unknown\" message=\"UNKNOWN: the target&apos;s knobs changed"))
            let html = HTMLReport.render(ReportData(summary: summary, recording: await SampleRun.recording()))
            #expect(html.contains("<span class=\"status warn\">UNKNOWN</span>"))
            #expect(html.contains("id=\"target-changed\""))
            #expect(!html.contains("<span class=\"status pass\">") && !html.contains("<span class=\"status fail\">"))
        }
    }

    @Test("summary.json carries run.target_changed and reads back; an interrupted run is not UNKNOWN")
    func roundTrip() async throws {
        var summary = await Self.summary(violations: [])
        let object = try #require(try JSONSerialization.jsonObject(with: summary.jsonData()) as? [String: Any])
        let run = try #require(object["run"] as? [String: Any])
        let change = try #require(run["target_changed"] as? [String: Any])
        #expect(change["seen_at_s"] as? Double == 12.34)
        #expect((change["differences"] as? [String])?.count == 2)
        #expect(try RunSummary.decode(from: summary.jsonData()) == summary)
        summary.run.interrupted = true
        #expect(!summary.undecided && summary.failed)
    }

    @Test("a run whose knobs stayed has no target_changed and no such test case")
    func unchanged() async throws {
        let summary = RunSummary(recording: await SampleRun.recording(), metadata: SampleRun.metadata, violations: [])
        #expect(summary.run.targetChanged == nil)
        let object = try #require(try JSONSerialization.jsonObject(with: summary.jsonData()) as? [String: Any])
        #expect((object["run"] as? [String: Any])?["target_changed"] == nil)
        #expect(!JUnitReport.render(summary: summary).contains("target knobs unchanged"))
    }
}
