import Foundation
import Fuzz
import GBFuzzTestKit
import Model
import Plan
import ReferenceServer
import Results
import Runner
import Testing

/// Every reproducer says where it stands (shrunk or not; confirmed, flaky or unconfirmed), the same
/// everywhere, and `gbfuzz replay` and its curl script agree on the verdict.
@Suite("Reproducers with a clear standing", .tags(.timing), .timeLimit(.minutes(6)))
struct ReproducerStandingTests {
    @Test("shrinking goes to distinct rules first: the earliest violation of each rule, then the rest")
    func distinctRulesFirst() {
        func v(_ rule: RuleID, _ player: Int) -> Violation {
            Violation(
                rule: rule,
                message: "",
                field: "",
                expected: "",
                observed: "",
                kind: .logout,
                player: player,
                seed: 1,
                salt: "",
                sequence: [],
                response: nil
            )
        }
        let vs = [v(.M6, 1), v(.M6, 2), v(.M6, 3), v(.T8, 4), v(.M6, 5), v(.X2, 6)]
        #expect(CampaignRunner.shrinkOrder(vs) == [0, 3, 5, 1, 2, 4])
    }

    @Test(
        "each reproducer's standing is the same in summary.json, its JSON file, its script and the terminal; replay and script agree"
    )
    func standingEverywhereAndVerdictsAgree() async throws {
        let out = E2E.temporaryDirectory("standing").appendingPathComponent("run")
        let profile = E2E.writeProfile(
            """
            duration: 10s
            load: {players: 4}
            fuzz: {maxShrinks: 1, confirmations: 2, adversarial: 0.3}
            thresholds: ["requests > 0"]
            """
        )
        let plan = try E2E.plan(profile) {
            $0.out = out.path
            $0.serveBugs = ["remove-last-idp"]
        }
        let printed = E2E.Log()
        let log = E2E.Log()
        let outcome = await CampaignRunner(plan: plan, say: { log.append($0) }, print: { printed.append($0) }).run()
        let summary = try #require(outcome.summary, "\(log.text)")
        let entries = summary.violations.list
        try #require(entries.count >= 2, "needs a shrunk and an unshrunk violation: \(log.text)")
        #expect(entries.filter { $0.standing?.shrunk == true }.count == 1)
        for entry in entries {
            let standing = try #require(entry.standing)
            #expect(standing.replays == 2, "\(standing)")
            let file = try ReproFile.load(out.appendingPathComponent(entry.reproducerJSON ?? ""))
            #expect(file.standing?.shrunk == standing.shrunk && file.standing?.reproduced == standing.reproduced)
            #expect(file.standing?.status.rawValue == standing.status)
            let script = try String(contentsOf: out.appendingPathComponent(entry.reproducerSH ?? ""), encoding: .utf8)
            #expect(script.contains("# Standing: \(file.standing.map { "\($0)" } ?? "?")"))
            #expect(
                !script.contains("model allows )") && !script.contains("step -"),
                "empty expectations or negative steps"
            )
        }
        #expect(
            printed.text.contains("confirmed") || printed.text.contains("flaky") || printed.text.contains("unconfirmed")
        )
        // The same file gives the same verdict through `gbfuzz replay` and through its script
        // (for confirmed reproducers: a flaky one may rightly go either way on any one replay).
        let confirmed = entries.filter { $0.standing?.status == "confirmed" }
        try #require(!confirmed.isEmpty, "no confirmed reproducer: \(entries.map { $0.standing?.text ?? "?" })")
        try await withLiveTarget(bugs: [.removeLastIdP]) { live in
            for entry in confirmed.prefix(3) {
                let json = out.appendingPathComponent(entry.reproducerJSON ?? "").path
                let sh = out.appendingPathComponent(entry.reproducerSH ?? "").path
                let replayLog = E2E.temporaryDirectory("replay").appendingPathComponent("replay.log")
                let replay = try await E2E.runGbfuzz(["replay", json, "--target", live.baseURL], log: replayLog)
                let (scriptStatus, scriptOutput) = try await EndToEndScripts.bash(sh, live.baseURL)
                let replayText = (try? String(contentsOf: replayLog, encoding: .utf8)) ?? ""
                #expect(
                    replay == scriptStatus,
                    "#\(entry.index): replay exit \(replay) (\(replayText)) vs script exit \(scriptStatus) (\(scriptOutput.suffix(400)))"
                )
            }
        }
    }
}

/// Runs a reproducer's curl script without blocking a cooperative thread.
enum EndToEndScripts {
    static func bash(_ path: String, _ base: String) async throws -> (Int32, String) {
        let out = URL(fileURLWithPath: path + ".out")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        let handle = try FileHandle(forWritingTo: out)
        defer { try? handle.close() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["bash", path, base]
        p.standardOutput = handle
        p.standardError = handle
        let (ended, continuation) = AsyncStream<Int32>.makeStream()
        p.terminationHandler = {
            continuation.yield($0.terminationStatus)
            continuation.finish()
        }
        try p.run()
        var iterator = ended.makeAsyncIterator()
        let status = await iterator.next() ?? -1
        return (status, (try? String(contentsOf: out, encoding: .utf8)) ?? "")
    }
}
