import Basics
import Engine
import Foundation
import Fuzz
import GBFuzzTestKit
import Model
import Plan
import Protocol
import Results
import Runner
import Testing
import Transport

/// "Timing" in the name puts these in the serial phase of scripts/test.sh: the smoke profile's
/// latency threshold (p99 < 500 ms) decides its exit code, which a CPU-starved parallel phase
/// could break; so does the probe's 2 s floor (a starved parallel phase once took longer).
@Suite("gbfuzz run, end to end against the embedded server", .tags(.timing), .timeLimit(.minutes(5)))
struct RunEndToEndTimingTests {
    @Test("the smoke profile on the clean server: zero violations, exit 0, every output file written")
    func smokeIsClean() async throws {
        let plan = try E2E.plan(E2E.profile("smoke"), duration: .seconds(8), seed: 11)
        let (outcome, log) = await E2E.run(plan)
        #expect(outcome.exit == .clean, "\(log)")
        let summary = try #require(outcome.summary)
        #expect(summary.violations.count == 0)
        #expect(summary.totals.requests > 100)
        #expect(summary.totals.transportErrors == 0)
        for file in ["summary.json", "latency.hlog", "service.hlog", "report.html", "junit.xml"] {
            #expect(
                FileManager.default.fileExists(atPath: outcome.directory.appendingPathComponent(file).path),
                "\(file)"
            )
        }
        let json = try E2E.summaryJSON(outcome.directory)
        #expect(json["schema"] as? String == "gbfuzz.summary/1")
        for key in ["seed", "duration_s", "totals", "ops", "violations", "thresholds"] {
            #expect(json[key] != nil, "summary.json lacks \(key)")
        }
        #expect(json["seed"] as? Int == 11)
        let ops = try #require(json["ops"] as? [String: Any])
        #expect(ops.count >= 20, "a mixed workload reaches most operation kinds (\(ops.keys.sorted()))")
    }

    @Test("a bug switch is found, shrunk and written as a reproducer; the run exits 2")
    func bugIsFound() async throws {
        let plan = try E2E.plan(E2E.profile("fuzz"), duration: .seconds(30), seed: 5) {
            $0.serveBugs = ["forged-idp-token"]
            $0.failFast = true
        }
        let (outcome, log) = await E2E.run(plan)
        #expect(outcome.exit == .violations, "\(log)")
        let v = try #require(outcome.violations.first)
        #expect(v.rule.rawValue == "F1")
        let entry = try #require(outcome.summary?.violations.list.first)
        let json = outcome.directory.appendingPathComponent(try #require(entry.reproducerJSON))
        let sh = outcome.directory.appendingPathComponent(try #require(entry.reproducerSH))
        #expect(FileManager.default.fileExists(atPath: json.path))
        #expect(FileManager.default.isExecutableFile(atPath: sh.path))
        let summary = try E2E.summaryJSON(outcome.directory)
        let violations = try #require(summary["violations"] as? [String: Any])
        #expect((violations["by_rule"] as? [String: Int])?["F1"] ?? 0 >= 1)
    }

    @Test("the load profile (open model with stages) writes every output and evaluates its thresholds")
    func loadProfile() async throws {
        let plan = try E2E.plan(E2E.profile("load"), duration: .seconds(6), seed: 3)
        let (outcome, log) = await E2E.run(plan)
        #expect(outcome.exit == .clean || outcome.exit == .thresholdFailed, "\(outcome.exit): \(log)")
        let summary = try #require(outcome.summary)
        #expect(summary.violations.count == 0)
        #expect(summary.thresholds.count == 6)
        #expect(summary.totals.requests > 50)
        #expect(FileManager.default.fileExists(atPath: outcome.directory.appendingPathComponent("report.html").path))
    }

    @Test(
        "a per-request timeout too short for a cold connection still passes the start-up probe, which waits at least 2 s"
    )
    func shortTimeoutPassesTheProbe() async throws {
        let path = E2E.writeProfile(
            """
            duration: 1s
            target: {timeout: 1ms}
            load: {players: 2}
            """,
            name: "short-timeout"
        )
        let (outcome, log) = await E2E.run(try E2E.plan(path))
        #expect(outcome.exit != .unreachable, "\(log)")
        #expect(log.contains("each request at most 2s"), "\(log)")
        let summary = try #require(outcome.summary, "\(log)")
        #expect(summary.totals.requests > 0)
    }
}

@Suite("gbfuzz run exit codes", .timeLimit(.minutes(3)))
struct RunExitCodeTests {
    @Test("a failed threshold exits 1")
    func thresholdFails() async throws {
        let path = E2E.writeProfile(
            """
            duration: 2s
            load: {players: 2}
            thresholds: ["throughput_rps > 1000000000", "violations == 0"]
            """
        )
        let (outcome, log) = await E2E.run(try E2E.plan(path))
        #expect(outcome.exit == .thresholdFailed, "\(log)")
        #expect(outcome.summary?.thresholds.first?.ok == false)
        #expect(outcome.summary?.thresholds.last?.ok == true)
    }

    @Test("an unreachable target exits 69 and names it")
    func unreachable() async throws {
        let (outcome, log) = await E2E.run(try E2E.plan(E2E.profile("smoke")) { $0.target = "http://127.0.0.1:1" })
        #expect(outcome.exit == .unreachable)
        #expect(log.contains("127.0.0.1:1"))
    }

    @Test("a bad profile, a bad threshold or an unknown bug switch exits 64 with a precise message")
    func usageErrors() async throws {
        let badKey = E2E.writeProfile("duration: 5s\nload:\n  players: ten\n", name: "bad")
        #expect(throws: CommandError.self) { try E2E.plan(badKey) }
        do {
            _ = try E2E.plan(badKey)
        } catch let e as CommandError {
            #expect(e.exit == .usage)
            #expect(e.message.contains("bad.yaml:3: load.players"), "\(e.message)")
        }
        let badThreshold = E2E.writeProfile("thresholds:\n  - \"latency_ms.p99 <\"\n", name: "badthreshold")
        do {
            _ = try E2E.plan(badThreshold)
            Issue.record("a malformed threshold was accepted")
        } catch let e as CommandError {
            #expect(e.exit == .usage && e.message.contains("badthreshold.yaml:2"), "\(e.message)")
        }
        let (outcome, log) = await E2E.run(try E2E.plan(E2E.profile("smoke")) { $0.serveBugs = ["no-such-bug"] })
        #expect(outcome.exit == .usage)
        #expect(log.contains("no-such-bug") && log.contains("same-idp-twice"), "\(log)")
        #expect(throws: CommandError.self) {
            try E2E.plan(E2E.profile("smoke")) {
                $0.target = "http://127.0.0.1:9"
                $0.serveBugs = ["same-idp-twice"]
            }
        }
    }
}

@Suite("gbfuzz run never loses its results", .timeLimit(.minutes(3)))
struct RunOutputSafetyTests {
    @Test("an output folder under a file is refused with exit 73 before any load is sent")
    func unwritableFolderRefusedFirst() async throws {
        let base = E2E.temporaryDirectory("under-file")
        let file = base.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let (outcome, log) = await E2E.run(
            try E2E.plan(E2E.profile("smoke"), duration: .seconds(30)) {
                $0.out = file.appendingPathComponent("run").path
            }
        )
        #expect(outcome.exit == .cannotCreate, "\(log)")
        #expect(outcome.summary == nil, "no load was sent")
        #expect(log.contains(file.path) && log.contains("is not a folder"), "\(log)")
        #expect(!log.contains("against"), "the target was never opened: \(log)")
    }

    @Test("a reused --out is refused (exit 73) unless --overwrite, which clears the old violations")
    func reusedOutRefusedUnlessOverwrite() async throws {
        let out = E2E.temporaryDirectory("reused")
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent("violations"),
            withIntermediateDirectories: true
        )
        try Data("old".utf8).write(to: out.appendingPathComponent("violations/006.json"))
        let profile = E2E.writeProfile("duration: 1s\nload: {players: 2}\nthresholds: [\"violations == 0\"]\n")
        let (refused, log) = await E2E.run(try E2E.plan(profile) { $0.out = out.path })
        #expect(refused.exit == .cannotCreate && log.contains("--overwrite"), "\(log)")
        let (overwritten, log2) = await E2E.run(
            try E2E.plan(profile) {
                $0.out = out.path
                $0.overwrite = true
            }
        )
        #expect(overwritten.exit == .clean, "\(log2)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("violations/006.json").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("summary.json").path))
    }
}

extension RunOutputSafetyTests {
    @Test("results that cannot be written at the end go to a named fallback folder (exit 73), the table still printed")
    func lateWriteFailureFallsBack() async throws {
        let out = E2E.temporaryDirectory("late").appendingPathComponent("run")
        let fallback = E2E.temporaryDirectory("fallback").appendingPathComponent("saved")
        let profile = E2E.writeProfile("duration: 3s\nload: {players: 2}\nthresholds: [\"violations == 0\"]\n")
        let plan = try E2E.plan(profile) { $0.out = out.path }
        let log = E2E.Log()
        let printed = E2E.Log()
        var configured = CampaignRunner(plan: plan, say: { log.append($0) }, print: { printed.append($0) })
        configured.fallbackFolders = [fallback]
        let runner = configured
        let outcome = await withTaskGroup(of: CampaignRunner.Outcome?.self) { group in
            group.addTask { await runner.run() }
            group.addTask {
                // Once the run is under way, put a file where its folder was.
                try? await Task.sleep(for: .seconds(1))
                try? FileManager.default.removeItem(at: out)
                try? Data("in the way".utf8).write(to: out)
                return nil
            }
            var result: CampaignRunner.Outcome?
            for await r in group {
                if let r { result = r }
            }
            return result
        }
        let o = try #require(outcome)
        #expect(o.exit == .cannotCreate, "\(log.text)")
        #expect(o.directory == fallback)
        #expect(log.text.contains(fallback.path), "\(log.text)")
        #expect(FileManager.default.fileExists(atPath: fallback.appendingPathComponent("summary.json").path))
        #expect(printed.text.contains("requests"), "the summary table was printed: \(printed.text)")
    }
}

@Suite("gbfuzz run against what is not a Gamebase target", .timeLimit(.minutes(2)))
struct ProbeTests {
    @Test("a target that is not Gamebase (HTTP 501 HTML) stops the run at the probe: exit 69 with what was seen")
    func notGamebase() async throws {
        let html = Array("<!DOCTYPE HTML><html><body>Unsupported method</body></html>".utf8)
        let server = try TestHTTPServer { _ in
            .respond(
                status: 501,
                headers: [HTTPHeader("Content-Type", "text/html")],
                body: html,
                close: false
            )
        }
        defer { server.stop() }
        let (outcome, log) = await E2E.run(try E2E.plan(E2E.profile("smoke")) { $0.target = server.baseURL })
        #expect(outcome.exit == .unreachable, "\(log)")
        #expect(outcome.summary == nil, "no campaign ran")
        #expect(log.contains("does not speak the Gamebase protocol"), "\(log)")
        #expect(log.contains("HTTP 501") && log.contains("text/html") && log.contains("<!DOCTYPE HTML>"), "\(log)")
        #expect(log.contains("probing \(server.baseURL)"), "the probe says what it does: \(log)")
    }
}
