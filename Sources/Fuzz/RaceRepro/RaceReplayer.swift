import Foundation
import Linearizability
import Model
import Protocol

/// Replays a concurrent reproducer against a target: fresh identities shared by its players, its
/// waves released together, the values the server generates carried from answer to later request
/// (``ValueMap``), and the replay's own history judged by the linearizability checker. A race
/// does not fail every time: ``replay(_:runs:)`` counts how often it does.
package struct RaceReplayer: Sendable {
    package let configuration: FuzzConfiguration
    package let executor: any OperationExecutor
    package let clock: ClockTracker
    /// Each replay's check: small histories, so a small budget.
    package var check = LinearizabilityCheck(budget: CheckBudget(time: .seconds(5)), shrink: false, concurrency: 1)

    package init(configuration: FuzzConfiguration, executor: any OperationExecutor, clock: ClockTracker) {
        self.configuration = configuration
        self.executor = executor
        self.clock = clock
    }

    /// A replayer for `file` (its semantics and capabilities).
    package init(file: RaceReproFile, idPSecret: String, executor: any OperationExecutor, clock: ClockTracker) {
        self.init(
            configuration: FuzzConfiguration(
                seed: file.seed,
                runSalt: "race-replay",
                semantics: file.semantics,
                idPSecret: idPSecret,
                capabilities: file.capabilities
            ),
            executor: executor,
            clock: clock
        )
    }

    /// One replay: the history it recorded and the checker's verdict on it.
    package struct Attempt: Sendable {
        package var history: History
        /// The replayed operations in the reproducer's order (each with its recorded `index`).
        package var replayed: [HistoryEntry]
        package var report: CheckReport
        package var failed: Bool { report.verdict == .violation }
    }

    /// Replays `file` `runs` times, stopping early once `stopAfter` runs have failed or, after
    /// the first run, once `deadline` has passed (a long witness takes seconds per replay: 35 s for
    /// one of 11,687 operations, whose 30 replays looked like a hang). `progress` hears each run.
    package func replay(
        _ file: RaceReproFile,
        runs: Int,
        stopAfter: Int = .max,
        deadline: ContinuousClock.Instant? = nil,
        progress: (@Sendable (_ run: Int, _ attempt: Attempt) -> Void)? = nil
    ) async -> (failed: Int, runs: Int, last: Attempt?) {
        var failed = 0
        var done = 0
        var lastFailure: Attempt?
        var last: Attempt?
        while done < max(1, runs), failed < stopAfter, !Task.isCancelled {
            if done > 0, let deadline, ContinuousClock.now >= deadline { break }
            let a = await attempt(file)
            done += 1
            last = a
            progress?(done, a)
            if a.failed {
                failed += 1
                lastFailure = a
            }
        }
        return (failed, done, lastFailure ?? last)
    }

    /// One replay of `file` under fresh identities.
    package func attempt(_ file: RaceReproFile) async -> Attempt {
        let salt = "rr\(UInt32.random(in: 0...UInt32.max))"
        let origin = ContinuousClock.now
        var values = ValueMap()
        var replayed: [HistoryEntry?] = Array(repeating: nil, count: file.entries.count)
        for wave in file.schedule.waves {
            let planned = wave.map { i in (i, plan(file.entries[i], salt: salt, values: values)) }
            for (i, p) in planned {
                for (s, v) in file.entries[i].op.values where s.kind.isChosen && s.op == file.entries[i].op.id {
                    if let mine = p.op.values[s] { values.learn(v, as: mine) }
                }
            }
            let gate = ReleaseGate(count: planned.count)
            let results = await withTaskGroup(of: (Int, HistoryEntry).self) { group in
                for (i, p) in planned {
                    let process = file.entries[i].process
                    group.addTask {
                        await gate.arrive()
                        let mark = clock.begin()
                        let invoked = ContinuousClock.now
                        let result = await executor.execute(p)
                        let returned = ContinuousClock.now
                        let window = clock.end(mark)
                        let r = result.recorded(invoked: invoked, returned: returned, since: origin)
                        return (
                            i,
                            HistoryEntry(
                                index: i,
                                process: process,
                                op: p.op,
                                invokeNs: r.invokeNanos,
                                returnNs: r.returnNanos,
                                window: window,
                                answer: r.answer
                            )
                        )
                    }
                }
                var out: [(Int, HistoryEntry)] = []
                for await r in group { out.append(r) }
                return out
            }
            for (i, e) in results {
                replayed[i] = e
                values.learn(recorded: file.entries[i].answer, replayed: e.answer)
            }
        }
        let inFileOrder = replayed.compactMap { $0 }
        var entries = inFileOrder.sorted { $0.invokeNs < $1.invokeNs }
        for i in entries.indices { entries[i].index = i }
        let header = HistoryHeader(
            semantics: configuration.semantics,
            identities: salt,
            clock: file.clock,
            startedAt: Date().formatted(.iso8601)
        )
        let history = History(header: header, entries: entries)
        var kept = inFileOrder
        for i in kept.indices { kept[i].index = file.entries[i].index }
        return Attempt(history: history, replayed: kept, report: await check.check(history))
    }

    /// The recorded operation, concretised for this replay: identities from `salt` (devices, IdP
    /// accounts and their tokens, chosen ids), generated values as this replay learned them.
    ///
    /// A value the replay did not learn (its producer answered differently this time) is sent as
    /// one no server issued, never as recorded: against the recording's own target the recorded
    /// value is live (a forcing ticket, a token), and the answer about it is not the "unknown"
    /// the model predicts for a value this replay never saw (CI: "fails 10/10 with 1 player and 3
    /// operations", never reproduced on a fresh server).
    func plan(_ e: HistoryEntry, salt: String, values: ValueMap) -> PlannedOperation {
        var player = Player(configuration: configuration, index: e.process, salt: salt)
        var planned = player.make(e.op.action, id: e.op.id, edge: e.op.edge, now: clock.now())
        let identities = Identities(salt: salt)
        for (s, v) in e.op.values where planned.op.values[s] == nil {
            planned.op.values[s] = values[v] ?? identities.unissued(s, semantics: configuration.semantics)
        }
        return planned
    }
}
