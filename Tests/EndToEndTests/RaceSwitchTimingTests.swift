import Basics
import Foundation
import Fuzz
import GBFuzzTestKit
import Plan
import Results
import Runner
import Testing

/// `profiles/race.yaml` as shipped finds each race-only bug switch of the reference server, for
/// three seeds each, and writes a concurrent reproducer that fails again when replayed. Wall-clock
/// sensitive (how often requests meet), hence `.timing`.
@Suite("race hunting: profiles/race.yaml finds the race switches", .tags(.timing), .timeLimit(.minutes(20)))
struct RaceSwitchTimingTests {
    static let cases: [(String, UInt64)] = ["race-mapping", "race-transfer-failcount"].flatMap { bug in
        [UInt64(1), 2, 3].map { (bug, $0) }
    }

    /// race.yaml with a shorter shrink budget (the test's time, not the finding, is what it bounds).
    static func profile() throws -> String {
        let text = try String(contentsOfFile: E2E.profile("race"), encoding: .utf8)
        let tuned = text.replacingOccurrences(of: "fuzz:\n  adversarial: 0.1", with: "fuzz:\n  adversarial: 0.1\n  shrinkBudget: 15s")
        #expect(tuned != text, "profiles/race.yaml no longer has the fuzz section this test extends")
        return E2E.writeProfile(tuned, name: "race-switch")
    }

    @Test("found within 30 s of load, as a linearizability violation with a concurrent reproducer that replays", arguments: cases)
    func found(_ bug: String, _ seed: UInt64) async throws {
        let plan = try E2E.plan(try Self.profile(), seed: seed) { $0.serveBugs = [bug] }
        let log = E2E.Log()
        let printed = E2E.Log()
        let outcome = await CampaignRunner(plan: plan, say: { log.append($0) }, print: { printed.append($0) }).run()
        #expect(outcome.exit == .violations, "\(bug) seed \(seed): \(outcome.exit)\n\(printed.text)")
        let summary = try #require(outcome.summary)
        let entry = try #require(
            summary.violations.list.first { $0.checker == .linearizability },
            "\(bug) seed \(seed) not found:\n\(printed.text)"
        )
        let standing = try #require(entry.standing, "the reproducer was not replayed")
        #expect(standing.reproduced >= 1, "\(bug) seed \(seed): the reproducer never failed again: \(standing)")
        let json = outcome.directory.appendingPathComponent(try #require(entry.reproducerJSON))
        let file = try RaceReproFile.load(json)
        #expect(file.entries.count == standing.steps)
        #expect(FileManager.default.isExecutableFile(atPath: outcome.directory.appendingPathComponent(try #require(entry.reproducerSH)).path))
        print("RACE \(bug) seed \(seed): \(file.standing?.description ?? "-"); witness \(entry.subHistory?.count ?? 0) of \(entry.subHistory?.partitionEntries ?? 0)")
        // `gbfuzz replay` re-runs it on a fresh embedded server with the same bug.
        let replayed = await ReplayRunner(file: json.path, runs: 10, say: { log.append($0) }).run()
        #expect(replayed == .violations, "\(bug) seed \(seed): gbfuzz replay did not reproduce:\n\(log.text)")
        try? FileManager.default.removeItem(at: outcome.directory)
    }
}
