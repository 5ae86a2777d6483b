import Foundation
import Linearizability
import Testing

@testable import Results

/// A race-hunting run's checker in the outputs: linearizability violations with their witness
/// (`checker`, `sub_history`) in summary.json, the terminal, JUnit and the report, and an unknown
/// verdict that neither passes nor fails.
@Suite("race hunting in the outputs", .timeLimit(.minutes(2)))
struct RaceResultsTests {
    static let witness = [
        EntryReport(
            index: 10,
            process: 5,
            opId: 6_000_003,
            op: "mapping.add d61 T6000002 facebook(facebook#1)",
            invokeNs: 20_355_210,
            returnNs: 33_755_952,
            window: "@1795372206520",
            answer: "0 SUCCESS user=TKT8K184HYA3L9KG(Y)",
            setAside: false
        ),
        EntryReport(
            index: 14,
            process: 7,
            opId: 8_000_002,
            op: "mapping.add d58 T8000001 facebook(facebook#1)",
            invokeNs: 21_889_537,
            returnNs: 31_243_275,
            window: "@1795372206520",
            answer: "0 SUCCESS user=1D3M9MJNPS3FXDPL(Y)",
            setAside: false
        ),
        EntryReport(
            index: 2,
            process: 7,
            opId: 8_000_001,
            op: "login.guest d58",
            invokeNs: 6_079_948,
            returnNs: nil,
            window: "@1795372206520",
            answer: "0 SUCCESS user=1D3M9MJNPS3FXDPL(Y)",
            setAside: true
        ),
    ]

    static let linearizability = ViolationEntry(
        index: 3,
        rule: "LIN",
        message: "no linearization explains the answers of partition 1 (6170 entries; witness of 3)",
        expected: "#10 mapping.add d61 T6000002 facebook(facebook#1): 3302 (M2)",
        observed: "#10: 0 SUCCESS",
        checker: .linearizability,
        subHistory: SubHistory(
            entries: witness,
            minimal: true,
            partitionEntries: 6170,
            keys: ["account:facebook:pool.facebook.1"],
            stuck: StuckEntry(
                entry: witness[0],
                reason: "no outcome the model allows here fits its answer",
                allowed: [AllowedOutcome(code: "3302", rule: "M2", because: "owned", mismatch: "M2: resultCode")]
            )
        )
    )

    static func summary(race: RaceSummary, violations: [ViolationEntry] = []) async -> RunSummary {
        let recording = await SampleRun.recording()
        var metadata = SampleRun.metadata
        metadata.status.race = race
        return RunSummary(recording: recording, metadata: metadata, violations: violations)
    }

    @Test(
        "a linearizability violation carries its checker and witness in summary.json; older entries read as the model's"
    )
    func summaryJSON() async throws {
        let summary = await Self.summary(
            race: RaceSummary(verdict: "violation", partitions: 2, linearizable: 1, violating: 1),
            violations: SampleRun.violations + [Self.linearizability]
        )
        let object = try #require(try JSONSerialization.jsonObject(with: summary.jsonData()) as? [String: Any])
        let list = try #require((object["violations"] as? [String: Any])?["list"] as? [[String: Any]])
        #expect(list.map { $0["checker"] as? String } == ["model", "model", "linearizability"])
        #expect(list[0]["sub_history"] is NSNull)
        let sub = try #require(list[2]["sub_history"] as? [String: Any])
        let entries = try #require(sub["entries"] as? [[String: Any]])
        #expect(entries.count == 3 && sub["count"] as? Int == 3 && sub["partition_entries"] as? Int == 6170)
        for key in ["index", "process", "op_id", "op", "invoke_ns", "return_ns", "window", "answer", "set_aside"] {
            #expect(entries[0][key] != nil, "an entry lacks \(key)")
        }
        #expect(entries[2]["return_ns"] is NSNull && entries[2]["set_aside"] as? Bool == true)
        let race = try #require((object["run"] as? [String: Any])?["race"] as? [String: Any])
        #expect(race["verdict"] as? String == "violation" && race["violating"] as? Int == 1)
        #expect(try RunSummary.decode(from: summary.jsonData()) == summary)

        var older = object
        var violations = try #require(older["violations"] as? [String: Any])
        violations["list"] = list.map { entry in entry.filter { $0.key != "checker" && $0.key != "sub_history" } }
        older["violations"] = violations
        let decoded = try RunSummary.decode(from: JSONSerialization.data(withJSONObject: older))
        #expect(decoded.violations.list.allSatisfy { $0.checker == .model && $0.subHistory == nil })
    }

    @Test("the witness is printed under its violation in the terminal, JUnit and the report")
    func witnessShown() async throws {
        let summary = await Self.summary(
            race: RaceSummary(verdict: "violation", partitions: 2, linearizable: 1, violating: 1),
            violations: [Self.linearizability]
        )
        #expect(summary.failed && !summary.undecided)
        let text = SummaryTable.render(summary)
        #expect(text.contains("#3 [LIN] no linearization explains"))
        #expect(text.contains("witness (3 of the partition's 6,170 entries, minimal)"))
        #expect(text.contains("#14 p7 [21889537 → 31243275] op 8000002: mapping.add d58 T8000001"))
        #expect(text.contains("(set aside: maybe applied) 0 SUCCESS"))
        #expect(text.contains("linearizability: VIOLATION"))
        let junit = JUnitReport.render(summary: summary, rules: ["M2", "LIN"])
        #expect(junit.contains("<testcase classname=\"gbfuzz.invariants\" name=\"LIN\" time=\"0\">"))
        #expect(junit.contains("#14 p7 [21889537 → 31243275]"))
        let html = HTMLReport.render(ReportData(summary: summary, recording: await SampleRun.recording()))
        #expect(html.contains("id=\"witness-3\""))
        #expect(html.contains("op 8000002: mapping.add d58 T8000001 facebook(facebook#1)"))
        #expect(html.contains("id=\"race\""))
        // The timeline: one lane per player, a bar per entry; the stuck entry and those in flight
        // with it marked (the unanswered login is in flight until the end: dashed, and marked).
        let timeline = try #require(html.range(of: "<svg class=\"timeline\"").map { String(html[$0.lowerBound...]) })
        let svg = timeline.components(separatedBy: "</svg>")[0]
        #expect(svg.contains(">player 5<") && svg.contains(">player 7<"))
        #expect(svg.components(separatedBy: "<rect").count - 1 == 3)
        #expect(svg.components(separatedBy: "stroke=\"#c0392b\"").count - 1 == 3)
        #expect(svg.components(separatedBy: "stroke-dasharray").count - 1 == 1)
    }

    @Test("an unknown verdict neither passes nor fails: UNKNOWN in the terminal, the report and JUnit")
    func unknownIsUndecided() async throws {
        var summary = await Self.summary(
            race: RaceSummary(verdict: "unknown", partitions: 3, linearizable: 2, unknown: 1, longestPartition: 900)
        )
        summary.thresholds = []
        #expect(!summary.passed && summary.undecided && !summary.failed)
        #expect(SummaryTable.render(summary).contains("linearizability: UNKNOWN — 3 partitions (2 linearizable"))
        let junit = JUnitReport.render(summary: summary)
        #expect(junit.contains("<failure type=\"unknown\""))
        let html = HTMLReport.render(ReportData(summary: summary, recording: await SampleRun.recording()))
        #expect(html.contains("<span class=\"status warn\">UNKNOWN</span>"))
        #expect(!html.contains("<span class=\"status pass\">"))

        // Anything that failed wins over unknown.
        summary.run.interrupted = true
        #expect(!summary.undecided && summary.failed)
        summary.run.interrupted = false
        summary.run.race?.verdict = "linearizable"
        #expect(summary.passed && !JUnitReport.render(summary: summary).contains("type=\"unknown\""))
    }

    @Test("operations that waited for a lease are counted in summary.json, the terminal and the report")
    func leaseWaitsReported() async throws {
        let summary = await Self.summary(race: RaceSummary(leaseWaits: 1_234, verdict: "linearizable"))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(summary)) as? [String: Any]
        let race = (json?["run"] as? [String: Any])?["race"] as? [String: Any]
        #expect(race?["lease_waits"] as? Int == 1_234)
        #expect(SummaryTable.render(summary).contains("1,234 waited for a lease"))
        let html = HTMLReport.render(ReportData(summary: summary, recording: await SampleRun.recording()))
        #expect(html.contains("<td>lease waits</td><td class=\"num\"><span>1,234</span>"))
        // A summary written before the count existed reads back as none.
        var old = try #require(race)
        old["lease_waits"] = nil
        let decoded = try JSONDecoder().decode(RaceSummary.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(decoded.leaseWaits == 0)
    }
}
