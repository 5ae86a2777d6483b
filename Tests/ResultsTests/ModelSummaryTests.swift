import Foundation
import Testing

@testable import Results

/// The model's counts (desyncs, belief overflows, harness errors) reach every output: summary.json
/// always, the terminal table and the HTML report whenever one is non-zero.
@Suite("model counts in the outputs", .timeLimit(.minutes(2)))
struct ModelSummaryTests {
    static let model = ModelSummary(
        desyncs: 2,
        beliefOverflows: 2,
        harnessErrors: 3,
        harnessErrorExamples: [
            "member.get d0 T12 (step 13, predicting): no user U7 in the model state",
            "transfer.renew d1 T4 (step 9, predicting): no TransferAccount A5 in the model state",
        ]
    )

    static func summary(model: ModelSummary) async throws -> RunSummary {
        let recording = await SampleRun.recording()
        var metadata = SampleRun.metadata
        metadata.model = model
        return RunSummary(recording: recording, metadata: metadata, violations: SampleRun.violations)
    }

    @Test("summary.json carries the model object with its documented keys and values")
    func json() async throws {
        let summary = try await Self.summary(model: Self.model)
        let object = try #require(try JSONSerialization.jsonObject(with: summary.jsonData()) as? [String: Any])
        let model = try #require(object["model"] as? [String: Any])
        #expect(model["desyncs"] as? Int == 2)
        #expect(model["belief_overflows"] as? Int == 2)
        #expect(model["harness_errors"] as? Int == 3)
        #expect(model["harness_error_examples"] as? [String] == Self.model.harnessErrorExamples)
        #expect(try RunSummary.decode(from: summary.jsonData()).model == Self.model)
    }

    @Test("a summary.json written before the model object existed decodes with zero counts")
    func olderSummaryDecodes() async throws {
        let summary = try await Self.summary(model: Self.model)
        var object = try #require(try JSONSerialization.jsonObject(with: summary.jsonData()) as? [String: Any])
        object["model"] = nil
        let older = try JSONSerialization.data(withJSONObject: object)
        #expect(try RunSummary.decode(from: older).model == ModelSummary())
    }

    @Test("the terminal summary and the HTML report show non-zero counts and the harness errors' messages")
    func shownWhenNonZero() async throws {
        let summary = try await Self.summary(model: Self.model)
        let text = SummaryTable.render(summary)
        #expect(text.contains("model: 3 harness errors, 2 belief overflows, 2 desyncs"))
        #expect(
            text.contains("  harness error: member.get d0 T12 (step 13, predicting): no user U7 in the model state")
        )
        let html = HTMLReport.render(ReportData(summary: summary, recording: await SampleRun.recording()))
        #expect(html.contains("id=\"model-tile\""))
        #expect(html.contains("Harness errors"))
        #expect(html.contains("no TransferAccount A5 in the model state"))
        #expect(html.contains("1 more not listed"))
    }

    @Test("with nothing to report, neither the terminal summary nor the HTML report mention the model")
    func hiddenWhenClean() async throws {
        let summary = try await Self.summary(model: ModelSummary())
        #expect(!SummaryTable.render(summary).contains("model:"))
        let html = HTMLReport.render(ReportData(summary: summary, recording: await SampleRun.recording()))
        #expect(!html.contains("model-tile"))
    }
}
