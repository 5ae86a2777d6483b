import Basics
import Foundation
import GBFuzzTestKit
import Plan
import ReferenceServer
import Results
import Runner
import Testing

/// `gbfuzz run --shard i/N` against one target, then `gbfuzz merge` of the shards' folders.
@Suite("Sharded runs merged", .timeLimit(.minutes(3)))
struct ShardedRunTests {
    /// Bounded by operations (1,500 a shard), not time: the same work however busy the machine is.
    static let profile = """
        name: sharded
        duration: 60s
        maxOperations: 3000
        load: {model: closed, players: 4}
        fuzz: {shrink: false, audit: false}
        thresholds: ["violations == 0"]
        """

    /// Runs the shards of `profile` at once against `target`; returns their outcomes.
    static func shards(_ n: Int, target: String) async throws -> [CampaignRunner.Outcome] {
        let path = E2E.writeProfile(profile)
        let plans = try (1...n).map { i in
            try E2E.plan(path) {
                $0.target = target
                $0.shard = try? Shard(index: i, count: n)
            }
        }
        return await withTaskGroup(of: (Int, CampaignRunner.Outcome).self) { group in
            for (i, plan) in plans.enumerated() { group.addTask { (i, await E2E.run(plan).0) } }
            var outcomes: [(Int, CampaignRunner.Outcome)] = []
            for await o in group { outcomes.append(o) }
            return outcomes.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    @Test("Two shards against one buggy target: the merge sums their requests and keeps each finding, named by shard")
    func bugFoundThroughShards() async throws {
        let outcomes = try await withLiveTarget(bugs: [.sameIdPTwice]) { live in
            try await Self.shards(2, target: live.baseURL)
        }
        let summaries = try outcomes.map { try #require($0.summary) }
        #expect(summaries.map(\.run.shards?.indices) == [[1], [2]])
        let out = E2E.temporaryDirectory("merged")
        let merged = try RunMerger(sources: outcomes.map(\.directory), destination: out).run()
        #expect(merged.summary.totals.requests == summaries.reduce(0) { $0 + $1.totals.requests })
        #expect(merged.summary.violations.count == summaries.reduce(0) { $0 + $1.violations.count })
        #expect(merged.summary.violations.byRule["M1", default: 0] > 0, "\(merged.summary.violations.byRule)")
        #expect(merged.exit == .violations)
        #expect(merged.summary.thresholds.map(\.ok) == [false])
        for (n, entry) in merged.summary.violations.list.enumerated() {
            #expect(entry.index == n + 1)
            #expect(entry.message.hasPrefix("[shard "), "\(entry.message)")
            if let json = entry.reproducerJSON {
                #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(json).path))
            }
        }
        #expect(merged.summary.run.shards?.isComplete == true)
        for file in ["summary.json", "latency.hlog", "service.hlog", "outcomes.hlog", "report.html", "junit.xml"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "\(file)")
        }
        for o in outcomes { try? FileManager.default.removeItem(at: o.directory) }
        try? FileManager.default.removeItem(at: out)
    }

    @Test("A shard given twice, and a folder without outcomes.hlog, are refused (exit 64) before anything is written")
    func mergeRefusals() async throws {
        let outcomes = try await withLiveTarget { live in try await Self.shards(2, target: live.baseURL) }
        #expect(outcomes.allSatisfy { $0.exit == .clean })
        let out = E2E.temporaryDirectory("refused").appendingPathComponent("merged")
        let copy = E2E.temporaryDirectory("copy").appendingPathComponent("again")
        try FileManager.default.copyItem(at: outcomes[0].directory, to: copy)
        #expect {
            try RunMerger(sources: [outcomes[0].directory, copy], destination: out).run()
        } throws: { error in
            guard let e = error as? CommandError else { return false }
            return e.exit == .usage && e.message.contains("counted twice")
        }
        try FileManager.default.removeItem(at: copy.appendingPathComponent("outcomes.hlog"))
        #expect {
            try RunMerger(sources: [outcomes[1].directory, copy], destination: out).run()
        } throws: { error in
            guard let e = error as? CommandError else { return false }
            return e.exit == .usage && e.message.contains("outcomes.hlog")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
        for o in outcomes { try? FileManager.default.removeItem(at: o.directory) }
    }
}
