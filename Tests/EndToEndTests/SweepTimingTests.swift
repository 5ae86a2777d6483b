import Basics
import Foundation
import GBFuzzTestKit
import Plan
import Results
import Runner
import Testing

/// `gbfuzz sweep`: one run per rate, and the first rate at which the target fails.
@Suite("Sweeps over the arrival rate", .tags(.timing), .timeLimit(.minutes(3)))
struct SweepTimingTests {
    @Test("A bug that shows only above 300 requests a second: clean at 40/s, found at 900/s, and the sweep names 900")
    func findsTheRateWhereALoadDependentBugBegins() async throws {
        var request = RunRequest(profilePath: E2E.profile("sweep"))
        request.duration = .seconds(3)
        request.seed = 7
        request.serveBugs = ["logout-lost-under-load"]
        let directory = E2E.temporaryDirectory("sweep")
        var sweep = SweepRunner(request: request, rates: [900, 40], directory: directory)
        sweep.say = { _ in }
        sweep.print = { _ in }
        let (report, exit) = await sweep.run()
        let r = try #require(report)
        #expect(r.steps.map(\.rate) == [40, 900], "lowest rate first")
        #expect(r.steps[0].violations == 0 && r.steps[0].failedThresholds.isEmpty, "\(r.steps[0])")
        #expect(r.steps[1].violations > 0, "\(r.steps[1])")
        #expect(r.firstFailingRate == 900 && r.firstViolatingRate == 900)
        #expect(exit == .violations)
        let json = try Data(contentsOf: directory.appendingPathComponent("sweep.json"))
        let decoded = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect(decoded?["first_failing_rate"] as? Double == 900)
        let html = try String(contentsOf: directory.appendingPathComponent("sweep.html"), encoding: .utf8)
        #expect(html.contains("first failure at 900/s") && html.contains("<svg"))
        for step in r.steps {
            #expect(
                FileManager.default.fileExists(
                    atPath: directory.appendingPathComponent(step.directory + "/summary.json").path
                )
            )
        }
        try? FileManager.default.removeItem(at: directory)
    }

    @Test("A closed-model profile is refused (64) before any step runs")
    func closedModelRefused() async throws {
        let directory = E2E.temporaryDirectory("sweep-closed")
        var sweep = SweepRunner(
            request: RunRequest(profilePath: E2E.profile("smoke")),
            rates: [10],
            directory: directory
        )
        sweep.say = { _ in }
        sweep.print = { _ in }
        let (report, exit) = await sweep.run()
        #expect(report == nil)
        #expect(exit == .usage)
        try? FileManager.default.removeItem(at: directory)
    }
}
