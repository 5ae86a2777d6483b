import Foundation
import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import Testing

@Suite("Shrinker against simulated buggy targets")
struct ShrinkerTests {
    /// Harness expects the defaults; the target deviates in one rule.
    static let bugs: [(String, RuleID, Semantics, Set<SimulatedTarget.Deviation>)] = {
        var m1 = Semantics()
        m1.mapping.addPrecedence = [.addMappingCannotAddGuestIdP, .addMappingAlreadyMappedToOtherMember]
        var m6 = Semantics()
        m6.mapping.removePrecedence = [.removeMappingLoggedInIdP]
        var t8 = Semantics()
        t8.transferAccount.failThreshold = 1_000_000
        return [
            ("same-idp-twice", .M1, m1, []), ("remove-last-idp", .M6, m6, []), ("transfer-no-block", .T8, t8, []),
            ("forged-idp-token", .F1, .default, [.forgedTokenAccepted]),
        ]
    }()

    @Test(
        "Each simulated bug is found, shrunk to a 1-minimal sequence that still fails, and never to one that passes",
        .timeLimit(.minutes(3)),
        arguments: 0..<4
    )
    func shrinks(_ i: Int) async throws {
        let (name, rule, sem, dev) = Self.bugs[i]
        let config = FuzzConfiguration(seed: 11 + UInt64(i), runSalt: "shr\(i)")
        let target = SimulatedTarget(semantics: sem, deviations: dev)
        let clock = ClockTracker(frozenAt: target.now)
        let found = await Campaign.closed(
            config,
            executor: target,
            clock: clock,
            players: 1,
            operations: 20_000,
            failFast: true
        )
        let v = try #require(found.findings.violations.first, "\(name) not found")
        #expect(v.rule == rule, "\(name): \(v)")
        let runner = ScriptRunner(configuration: config, executor: target, clock: clock)
        let result = await Shrinker(runner: runner, timeBudget: .seconds(60)).shrink(v)
        let final = try #require(result.violation, "\(name): shrunk sequence does not fail")
        #expect(final.rule == rule)
        #expect(result.sequence.count <= 8, "\(name): \(result.sequence.map(\.description))")
        // 1-minimal: dropping any single step makes it pass (or meaningless).
        for j in result.sequence.indices {
            var c = result.sequence
            c.remove(at: j)
            let r = await runner.run(c, salt: "min\(i)-\(j)")
            let meaningful = runner.isMeaningful(c)
            #expect(r.violation?.rule != rule || !meaningful, "\(name): step \(j) is not needed")
        }
        // Against a clean target the shrunk sequence passes.
        let clean = SimulatedTarget()
        let cleanRun = await ScriptRunner(
            configuration: config,
            executor: clean,
            clock: ClockTracker(frozenAt: clean.now)
        ).run(result.sequence, salt: "clean\(i)")
        #expect(cleanRun.violation == nil)
        // The reproducer round-trips and replays: reproduced on the buggy target, not on a clean one.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gbfuzz-repro-\(i)-\(UInt32.random(in: 0...UInt32.max))"
        )
        let reproducer = Reproducer(
            configuration: config,
            target: .init(baseURL: "sim", appId: "gbfuzz", embedded: false)
        )
        let file = reproducer.file(for: result, original: v)
        let (json, sh) = try await reproducer.write(file, salt: result.run?.salt ?? "", number: 1, to: dir)
        let loaded = try ReproFile.load(json)
        #expect(loaded.rule == rule && loaded.steps.count == result.sequence.count)
        let script = try String(contentsOf: sh, encoding: .utf8)
        #expect(script.hasPrefix("#!/usr/bin/env bash") && script.contains("VERDICT"))
        let again = await Replayer(executor: target, clock: clock).replay(loaded)
        #expect(again.reproduced)
        let clean2 = SimulatedTarget()
        #expect(
            !(await Replayer(executor: clean2, clock: ClockTracker(frozenAt: clean2.now)).replay(loaded).reproduced)
        )
        if i == 0 { print(script) }
        print(
            "\(name): \(final.message) :: \(v.sequence.count) → \(result.sequence.count) steps in \(result.attempts) runs: \(result.sequence.map(\.description))"
        )
    }
}
