import Engine
import Foundation
import Fuzz
import Model
import Protocol
import Results
import Runner
import Testing

/// What the players report about the model reaches `summary.json` through the one collector and
/// the runner's metadata: harness errors (with their messages), belief overflows and desyncs.
@Suite("Model counts reach summary.json", .timeLimit(.minutes(1)))
struct ModelCountsSummaryTests {
    @Test("Harness errors, belief overflows and desyncs counted by the collector are the summary's model object")
    func collectorToSummary() async throws {
        let collector = FuzzCollector()
        let get = Op(id: 13, action: .getMember(device: DeviceRef(0), token: .token(Sym(.token, 12))))
        let harness = HarnessError(get, MissingState(Sym(.user, 7)), stage: .predicting)
        for _ in 0..<25 {
            collector.record(StepVerdict(kind: .memberGet, code: .success, outcome: .unexpected, harnessError: harness))
        }
        let release = Op(id: 20, action: .serverRelease(users: [.user(Sym(.user, 7))]))
        collector.record(
            StepVerdict(
                kind: .serverRelease,
                code: .success,
                outcome: .unexpected,
                beliefOverflow: BeliefOverflow(.paths, limit: GamebaseModel.maxPaths, release),
                desync: true
            )
        )
        collector.record(StepVerdict(kind: .memberGet, code: .success, outcome: .ok))
        let found = collector.snapshot
        #expect(found.harnessErrors == 25 && found.beliefOverflows == 1 && found.desyncs == 1)
        #expect(found.harnessErrorExamples.count == FuzzCollector.maxHarnessErrorExamples)
        #expect(found.violations.isEmpty)

        var metadata = RunMetadata(seed: 1, profile: "model", target: "sim")
        metadata.model = CampaignRunner.modelSummary(found)
        let recorder = Recorder()
        let recording = await recorder.finish(at: recorder.runStart + .seconds(1))
        let data = try RunSummary(recording: recording, metadata: metadata).jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let model = try #require(object["model"] as? [String: Any])
        #expect(model["harness_errors"] as? Int == 25)
        #expect(model["belief_overflows"] as? Int == 1)
        #expect(model["desyncs"] as? Int == 1)
        let examples = try #require(model["harness_error_examples"] as? [String])
        #expect(examples.count == 20)
        #expect(examples.first == "member.get d0 T12 (step 13, predicting): no user U7 in the model state")
        // Not a violation of the target.
        #expect((object["violations"] as? [String: Any])?["count"] as? Int == 0)
    }
}
