import Foundation
import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import ReferenceServer
import Testing

@Suite("End to end: every sequential bug switch is found, shrunk and reproduced")
struct EndToEndBugTests {
    static let bugs: [ServerBug] = ServerBug.allCases.filter(\.isSequential)
    static let cases: [(ServerBug, UInt64)] = bugs.flatMap { b in [UInt64(1), 2, 3].map { (b, $0) } }

    @Test(
        "Found within 60 s under its rule, shrunk to ≤ 8 steps (a ticket reused through transfers: 11), replayed, and its curl script shows it",
        .timeLimit(.minutes(8)),
        arguments: cases
    )
    func bug(_ bug: ServerBug, _ seed: UInt64) async throws {
        try await ConcurrencyLimit.endToEnd.run {
            try await withLiveTarget(bugs: [bug]) { live in try await Self.hunt(bug, seed, live) }
        }
    }

    static func hunt(_ bug: ServerBug, _ seed: UInt64, _ live: LiveTarget) async throws {
        let config = FuzzConfiguration(seed: seed * 7919, runSalt: "bug\(seed)", adversarialShare: 0.25)
        let clock = await ClockTracker.prepare(client: live.client, configuration: config)
        let start = ContinuousClock.now
        let r = await Campaign.closed(
            config,
            executor: live.executor,
            clock: clock,
            players: 4,
            // Failing fast, a campaign ends at the first violation (0.1–8 s in CI runs). The bound
            // is for a loaded machine: grace-never-released seed 2 took 292 operations in one run and
            // was not found in 6,304 (30 s) in a fresh-clone CI run beside a compiler, where slower
            // answers widen the clock windows and the model allows both answers more often.
            duration: .seconds(60),
            failFast: true
        ).findings
        let found = ContinuousClock.now - start
        let v = try #require(
            r.violations.first,
            "\(bug.rawValue) not found in 60 s (seed \(seed), \(r.operations) ops)"
        )
        #expect(v.rule.rawValue == bug.rule, "\(bug.rawValue) reported as \(v): \(v.message)")
        let runner = ScriptRunner(configuration: config, executor: live.executor, clock: clock)
        // A generous time budget: on a loaded CI machine the attempt budget, not the clock, should
        // end the search, so the result does not depend on how busy the machine is.
        var shrinker = Shrinker(runner: runner, timeBudget: .seconds(300))
        let log = ShrinkLog()
        shrinker.log = { log.add($0) }
        let shrunk = await shrinker.shrink(v)
        let final = try #require(shrunk.violation, "\(bug.rawValue): the shrunk sequence does not fail")
        #expect(final.rule.rawValue == bug.rule)
        // Reusing a ticket through a TransferAccount (issue, map, 3302, change, hold period,
        // transfer, change again) has a 1-minimal witness of 9 steps that deletions cannot leave
        // (seen for seeds 1 and 2 in CI runs). Which violation a four-player campaign meets first
        // depends on timing, and a loaded CI run (2026-11-29, seed 1) met one through two
        // transfers and two tickets, 1-minimal at 11 steps: guest login, TransferAccount issue, IdP
        // login elsewhere, hold period, transfer login, two add mappings (3302, tickets K1 and K2),
        // transfer back, forcibly with K1, change login with K2, forcibly with K2 again. The other
        // bugs' bound is 8.
        let bound = bug == .ticketReusable ? 11 : 8
        #expect(
            shrunk.sequence.count <= bound,
            """
            \(bug.rawValue): \(shrunk.sequence.map(\.description))
            from \(v.sequence.map(\.description))
            shrinker's last candidates:
            \(log.tail(60).joined(separator: "\n"))
            """
        )
        let reproducer = Reproducer(
            configuration: config,
            target: .init(baseURL: live.server.baseURL, appId: "gbfuzz", embedded: true, bugs: [bug.rawValue])
        )
        let file = reproducer.file(for: shrunk, original: v)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gbfuzz-e2e-\(bug.rawValue)-\(seed)-\(UInt32.random(in: 0...UInt32.max))"
        )
        let (json, sh) = try await reproducer.write(file, salt: shrunk.run?.salt ?? "", number: 1, to: dir)
        let replay = await Replayer(executor: live.executor, clock: clock).replay(try ReproFile.load(json))
        #expect(replay.reproduced, "\(bug.rawValue): replay did not reproduce: \(String(describing: replay.violation))")
        let (status, output) = try await bash(sh.path, live.server.baseURL)
        #expect(
            status == 2 && output.contains("VERDICT: REPRODUCED \(bug.rule)"),
            "\(bug.rawValue) script exit \(status):\n\(output)"
        )
        print(
            "BUG \(bug.rawValue) seed \(seed): found in \(found) after \(r.operations) ops as \(v.rule); shrunk \(shrunk.originalLength) → \(shrunk.sequence.count) in \(shrunk.attempts) runs"
        )
        if ProcessInfo.processInfo.environment["GBFUZZ_KEEP_REPRO"] == nil {
            try? FileManager.default.removeItem(at: dir)
        } else {
            print("KEPT \(json.path)")
        }
    }

    /// Runs the script without blocking a cooperative thread (the in-process server needs them).
    static func bash(_ path: String, _ base: String) async throws -> (Int32, String) {
        let out = URL(fileURLWithPath: path + ".out")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        let handle = try FileHandle(forWritingTo: out)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["bash", path, base]
        p.standardOutput = handle
        p.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { c in
            p.terminationHandler = { c.resume(returning: $0.terminationStatus) }
            do { try p.run() } catch { c.resume(throwing: error) }
        }
        try handle.close()
        return (status, (try? String(contentsOf: out, encoding: .utf8)) ?? "")
    }
}
