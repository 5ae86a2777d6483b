import Basics
import Foundation
import GBFuzzTestKit
import Plan
import Protocol
import Results
import Runner
import Synchronization
import Testing

/// A run watches its target's knobs (`KnobWatch`): a maintenance window put in force while the
/// load runs is named in the run's results and makes the verdict UNKNOWN, since the players
/// judged every login by a schedule that no longer held. Through test control where the target
/// has it, through the Server API's E17 (ours) where that is all it has.
@Suite("a target's knobs switched during a run", .timeLimit(.minutes(3)))
struct KnobWatchTests {
    static let profile = """
        name: knob-watch
        duration: 4s
        load: {model: closed, players: 4}
        fuzz: {shrink: false, audit: false}
        thresholds: ["violations == 0"]
        """

    /// Runs `plan`, calling `switchKnobs` half a second after the load began (the knobs were read).
    static func run(_ plan: RunPlan, switchKnobs: @escaping @Sendable () async throws -> Bool) async throws -> (
        CampaignRunner.Outcome, String, Bool
    ) {
        let (started, startedSignal) = AsyncStream<Void>.makeStream()
        let log = E2E.Log()
        let runner = CampaignRunner(
            plan: plan,
            say: { line in
                log.append(line)
                // The line that opens the load.
                if line.hasPrefix("gbfuzz run: knob-watch against") { startedSignal.yield() }
            },
            print: { _ in }
        )
        return try await withThrowingTaskGroup(of: Bool?.self) { group in
            group.addTask {
                for await _ in started {
                    try await Task.sleep(for: .milliseconds(500))
                    return try await switchKnobs()
                }
                return nil
            }
            let outcome = await runner.run()
            startedSignal.finish()
            var switched = false
            for try await r in group { if let r { switched = r } }
            return (outcome, log.text, switched)
        }
    }

    static func expectUnknown(_ outcome: CampaignRunner.Outcome, _ log: String) throws {
        #expect(outcome.exit == .unknown, "\(log)")
        let change = try #require(outcome.summary?.run.targetChanged, "\(log)")
        #expect(change.differences.contains { $0.hasPrefix("maintenance.periodSeconds: null → ") }, "\(change)")
        #expect(change.seenAtS > 0 && change.seenAtS < 10, "\(change)")
        #expect(log.contains("the target's knobs changed during the run"), "\(log)")
        let json = try E2E.summaryJSON(outcome.directory)
        #expect((json["run"] as? [String: Any])?["target_changed"] != nil)
        let junit = try String(contentsOf: outcome.directory.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("target knobs unchanged during the run"))
    }

    @Test("maintenance switched on through test control after the load began: UNKNOWN (exit 3), the change named")
    func throughTestControl() async throws {
        let (outcome, log, switched) = try await withLiveTarget { live in
            let plan = try E2E.plan(E2E.writeProfile(Self.profile)) { $0.target = live.baseURL }
            return try await Self.run(plan) {
                try await live.client.startMaintenance(durationSeconds: 3600).resultCode.isSuccess
            }
        }
        #expect(switched)
        try Self.expectUnknown(outcome, log)
        try? FileManager.default.removeItem(at: outcome.directory)
    }

    @Test("a target without test control: its maintenance schedule is read and watched through E17")
    func throughServerAPI() async throws {
        let (outcome, log, switched) = try await withLiveTarget { live in
            // Test control answers an HTML 404 page: only the Server API is left.
            let front = try FaultyTarget(
                upstream: live.baseURL,
                rules: [.init(.htmlError(404), 1.0, path: "/tcgb-test/")],
                unfaulted: 0
            )
            defer { front.stop() }
            let plan = try E2E.plan(E2E.writeProfile(Self.profile)) { $0.target = front.baseURL }
            return try await Self.run(plan) {
                try await live.client.startMaintenance(durationSeconds: 3600, via: .serverAPI).resultCode.isSuccess
            }
        }
        #expect(switched)
        #expect(log.contains("no test control"), "\(log)")
        try Self.expectUnknown(outcome, log)
        try? FileManager.default.removeItem(at: outcome.directory)
    }

    @Test("a run whose target kept its knobs has no target_changed, and passes; its probe budget counts the 2 s floor")
    func unchanged() async throws {
        // A timeout under the probe's 2 s floor: the probe phase's budget counts the floor.
        let profile = Self.profile + "\ntarget: {timeout: 1500ms}\n"
        let (outcome, log) = try await withLiveTarget { live in
            let plan = try E2E.plan(E2E.writeProfile(profile)) { $0.target = live.baseURL }
            return await E2E.run(plan)
        }
        #expect(outcome.exit == .clean, "\(log)")
        #expect(outcome.summary?.run.targetChanged == nil)
        let probe = outcome.summary?.run.phases.first { $0.name == "probe" }
        #expect(probe?.budgetS == 10, "\(String(describing: probe))")
        try? FileManager.default.removeItem(at: outcome.directory)
    }
}

/// `KnobWatch` on its own, with a scripted read: nothing here waits for a target.
@Suite("KnobWatch: re-reads, skips failed reads, keeps the first change")
struct KnobWatchUnitTests {
    /// Answers the scripted reads in order (`nil`: a failed read), then the last one forever.
    final class Script: Sendable {
        private let reads: Mutex<[Semantics?]>
        private let count = Mutex(0)
        init(_ reads: [Semantics?]) { self.reads = Mutex(reads) }
        var readsDone: Int { count.withLock { $0 } }
        func next() -> Semantics? {
            count.withLock { $0 += 1 }
            return reads.withLock { $0.count > 1 ? $0.removeFirst() : $0.first ?? nil }
        }
    }

    static var scheduled: Semantics {
        var s = Semantics()
        s.maintenance = MaintenanceSemantics(periodSeconds: 3600, durationSeconds: 60, offsetSeconds: 0)
        return s
    }

    @Test("every interval until the first change: equal and failed reads are no change; a later change is not kept")
    func periodic() async {
        var later = Self.scheduled
        later.tokens.deviceBound = false
        let script = Script([.default, nil, .default, Self.scheduled, later])
        let watch = KnobWatch(initial: .default) { script.next() }
        await watch.watch(every: .milliseconds(5), until: { false })
        #expect(script.readsDone == 4)
        #expect(
            watch.change?.differences == [
                "maintenance.durationSeconds: 600 → 60", "maintenance.periodSeconds: null → 3600",
            ]
        )
        await watch.check()
        #expect(script.readsDone == 4, "a watch that saw a change reads no more")
    }

    @Test("a watch whose load is over, or whose task is cancelled, stops without waiting out its interval")
    func stops() async {
        let script = Script([.default])
        let done = KnobWatch(initial: .default) { script.next() }
        await done.watch(every: .milliseconds(5), until: { true })
        #expect(script.readsDone == 0 && done.change == nil)
        let start = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await KnobWatch(initial: .default) { script.next() }.watch(every: .seconds(3600), until: { false })
            }
            try? await Task.sleep(for: .milliseconds(20))
            group.cancelAll()
        }
        #expect(ContinuousClock.now - start < .seconds(60))
        #expect(script.readsDone == 0)
    }
}

/// `gbfuzz replay` says when the target's knobs are no longer the reproducer's.
@Suite("Replay: the target's knobs against the reproducer's")
struct ReplayKnobNoteTests {
    @Test("a difference is named (through test control or E17); equal knobs or none reported say nothing")
    func note() {
        var scheduled = Semantics()
        scheduled.maintenance = MaintenanceSemantics(periodSeconds: 3600, durationSeconds: 60)
        let viaTestControl = ReplayRunner.knobNote(reported: scheduled, reportedMaintenance: nil, reproducer: .default)
        #expect(viaTestControl?.contains("maintenance.periodSeconds: null → 3600") == true, "\(viaTestControl ?? "")")
        let viaE17 = ReplayRunner.knobNote(
            reported: nil,
            reportedMaintenance: scheduled.maintenance,
            reproducer: .default
        )
        #expect(viaE17 == viaTestControl)
        #expect(ReplayRunner.knobNote(reported: .default, reportedMaintenance: nil, reproducer: .default) == nil)
        #expect(ReplayRunner.knobNote(reported: nil, reportedMaintenance: nil, reproducer: scheduled) == nil)
    }
}
