import Basics
import Engine
import Foundation
import Fuzz
import Model
import Plan
import Protocol
import Testing

@Suite("--shard i/N: each shard runs its part of the load with identities of its own")
struct ShardPlanTests {
    func plan(_ yaml: String, _ change: (inout RunRequest) -> Void) throws -> RunPlan {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gbfuzz-shard-\(UInt32.random(in: 0...UInt32.max))"
        )
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("p.yaml")
        try Data(yaml.utf8).write(to: file)
        var request = RunRequest(profilePath: file.path)
        change(&request)
        return try RunPlan.make(request, now: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test("i/N parses for 1 ≤ i ≤ N; anything else is refused with the form to use")
    func parsing() throws {
        let s = try Shard(parsing: "2/4")
        #expect(s.index == 2 && s.count == 4 && s.description == "2/4")
        for bad in ["0/4", "5/4", "2", "a/b", "2/4/1", "-1/2", "1/0", "", "1/1001"] {
            #expect(throws: ShardError.self, "\(bad)") { _ = try Shard(parsing: bad) }
        }
    }

    @Test("The shards' parts of a count add up to it exactly, and differ by at most one")
    func partsAddUp() throws {
        for total in [0, 1, 2, 7, 64, 1_001] {
            for n in [1, 2, 3, 4, 7] {
                let parts = try (1...n).map { try Shard(index: $0, count: n).share(of: total) }
                #expect(parts.reduce(0, +) == total, "\(total) over \(n)")
                #expect(parts.max()! - parts.min()! <= 1)
            }
        }
    }

    @Test("A closed profile's players, stages and operation limit are split; the clock stays still")
    func closedLoadSplit() throws {
        let yaml = """
            load: {model: closed, players: 10, stages: [{duration: 5s, target: 7}, {duration: 5s, target: 3}]}
            maxOperations: 1001
            """
        let parts = try (1...3).map { i in try plan(yaml) { $0.shard = try? Shard(index: i, count: 3) } }
        #expect(parts.map(\.profile.load.players) == [4, 3, 3])
        #expect(parts.map { $0.profile.load.stages.map(\.target) } == [[3, 1], [2, 1], [2, 1]])
        #expect(parts.compactMap(\.profile.maxOperations).reduce(0, +) == 1_001)
        #expect(parts.allSatisfy { !$0.profile.fuzz.clockMoves })
        #expect(Set(parts.map(\.runId)).count == 3)
        #expect(parts[1].runId.hasSuffix("-shard2of3"))
        let whole = try plan(yaml) { _ in }
        #expect(whole.profile.load.players == 10 && whole.profile.fuzz.clockMoves)
    }

    @Test("An open profile's rate, stage targets and limits are split")
    func openLoadSplit() throws {
        let yaml =
            "load: {model: open, rate: 900, maxPlayers: 1000, maxInFlight: 256, stages: [{duration: 5s, target: 300}]}\n"
        let p = try plan(yaml) { $0.shard = try? Shard(index: 2, count: 3) }
        #expect(p.profile.load.rate == 300)
        #expect(p.profile.load.stages.map(\.target) == [100])
        #expect(p.profile.load.maxPlayers == 334 && p.profile.load.maxInFlight == 86)
    }

    @Test("Shards of one run, seed and second share no identity salt, the race pool's included")
    func identitiesApart() throws {
        let yaml = "race: {devices: 8, accounts: 4}\nload: {players: 8}\n"
        let salts = try (1...4).map { i in
            try plan(yaml) {
                $0.shard = try? Shard(index: i, count: 4); $0.seed = 5
            }
            .fuzzConfiguration(semantics: .default, capabilities: TargetCapabilities())
            .runSalt
        }
        #expect(Set(salts).count == 4)
        #expect(Set(salts.map { SharedPool.salt(run: $0) }).count == 4)
        // The pool is split with the players, so contention (players per identity) stays the same.
        let p = try plan(yaml) { $0.shard = try? Shard(index: 1, count: 4) }
        #expect(p.profile.race?.devices == 2 && p.profile.race?.accounts == 1 && p.profile.load.players == 2)
    }

    @Test("A shard that would get no players is refused (exit 64), not run idle")
    func emptyShardRefused() throws {
        do {
            _ = try plan("load: {players: 2}\n") { $0.shard = try? Shard(index: 3, count: 4) }
            Issue.record("shard 3/4 of 2 players was accepted")
        } catch let e as CommandError {
            #expect(e.exit == .usage)
            #expect(e.message.contains("gets no players"), "\(e.message)")
        }
    }
}
