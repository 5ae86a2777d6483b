import Foundation
import GBFuzzTestKit
import Testing

@Suite("gbfuzz run under Ctrl-C", .tags(.timing), .timeLimit(.minutes(3)))
struct InterruptTimingTests {
    @Test("SIGINT stops a run cleanly: exit 130 and a valid summary.json of what was measured")
    func sigintWritesResults() async throws {
        let out = E2E.temporaryDirectory("sigint").appendingPathComponent("run")
        let arguments = [
            "run", E2E.profile("smoke"), "--duration", "5m", "--seed", "9", "--out", out.path, "--progress", "plain",
        ]
        let log = E2E.temporaryDirectory("sigint-log").appendingPathComponent("run.log")
        let status = try await E2E.runGbfuzz(arguments, log: log) { $0.contains(" req ") }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == 130, "exit \(status):\n\(text)")
        let json = try E2E.summaryJSON(out)
        #expect(json["schema"] as? String == "gbfuzz.summary/1")
        let totals = try #require(json["totals"] as? [String: Any])
        #expect((totals["requests"] as? Int ?? 0) > 0, "what was measured before the interrupt is kept")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.html").path))
        // Marked interrupted everywhere, and the requests the stop cancelled are not the target's errors.
        let run = try #require(json["run"] as? [String: Any])
        #expect(run["interrupted"] as? Bool == true)
        let outcomes = try #require(totals["outcomes"] as? [String: Any])
        #expect(outcomes["transport_error"] as? Int == 0, "cancelled requests counted as transport errors: \(outcomes)")
        #expect(text.contains("INTERRUPTED"), "\(text)")
        let junit = try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("type=\"interrupted\""))
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("INTERRUPTED"))
    }

    @Test(
        "a run leaves nothing in TMPDIR: the embedded server's database and every temporary file are removed",
        arguments: [false, true]
    )
    func temporaryFilesRemoved(interrupted: Bool) async throws {
        let tmp = E2E.temporaryDirectory("tmpdir")
        let out = E2E.temporaryDirectory("teardown")
        let log = out.appendingPathComponent("run.log")
        // Thresholds that a slow (debug) build cannot fail: the exit status is about teardown only.
        let profile = E2E.writeProfile(
            "duration: 5s\nload: {players: 4}\nthresholds: [\"violations == 0\"]\n",
            name: "teardown"
        )
        let arguments = [
            "run", profile, "--duration", interrupted ? "5m" : "5s", "--seed", "3", "--out",
            out.appendingPathComponent("run").path, "--progress", "plain",
        ]
        let underWay: @Sendable (String) -> Bool = { $0.contains(" req ") }
        let status = try await E2E.runGbfuzz(
            arguments,
            environment: ["TMPDIR": tmp.path],
            log: log,
            interruptWhen: interrupted ? underWay : nil
        )
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == (interrupted ? 130 : 0), "exit \(status):\n\(text)")
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path)
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("run/summary.json").path))
    }
}
