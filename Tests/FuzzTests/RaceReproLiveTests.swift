import Foundation
import Fuzz
import GBFuzzTestKit
import Linearizability
import Model
import Protocol
import ReferenceServer
import Testing

/// Concurrent reproducers against the embedded reference server: `gbfuzz replay`'s mechanism and
/// the concurrent curl script, on a server with a bug and on a clean one.
@Suite("Concurrent reproducers against the reference server")
struct RaceReproLiveTests {
    static func script(_ file: RaceReproFile, _ config: FuzzConfiguration) async throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gbfuzz-race-\(UInt32.random(in: 0...UInt32.max))"
        )
        let (_, sh) = try Reproducer.write(try await file.rendered(configuration: config), number: 1, to: dir)
        return sh.path
    }

    @Test("replayed and run as a concurrent curl script, it fails on the buggy server and passes on a clean one")
    func replayAndScript() async throws {
        let config = FuzzConfiguration(seed: 1, runSalt: "racelive")
        let lanes = [RaceReplayTests.survivor, RaceReplayTests.bystander]
        var recorded: RaceReproFile?
        try await withLiveTarget(bugs: [.tokenSurvivesLogout]) { live in
            let clock = await ClockTracker.prepare(client: live.client, configuration: config)
            let entries = await RaceReplayTests.record(lanes, with: live.executor, clock: clock, config: config)
            let file = RaceReplayTests.file(entries)
            recorded = file
            let replay = await RaceReplayer(configuration: config, executor: live.executor, clock: clock)
                .replay(file, runs: 3)
            #expect(replay.failed == 3)
            let sh = try await Self.script(file, config)
            let (status, output) = try await EndToEndBugTests.bash(sh, live.server.baseURL)
            #expect(status == 2 && output.contains("VERDICT: REPRODUCED"), "exit \(status):\n\(output)")
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: sh).deletingLastPathComponent().path)
        }
        let file = try #require(recorded)
        try await withLiveTarget(bugs: []) { live in
            let clock = await ClockTracker.prepare(client: live.client, configuration: config)
            let replay = await RaceReplayer(configuration: config, executor: live.executor, clock: clock)
                .replay(file, runs: 3)
            #expect(replay.failed == 0)
            let sh = try await Self.script(file, config)
            let (status, output) = try await EndToEndBugTests.bash(sh, live.server.baseURL)
            #expect(status == 0 && output.contains("VERDICT: not reproduced"), "exit \(status):\n\(output)")
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: sh).deletingLastPathComponent().path)
        }
    }
}
