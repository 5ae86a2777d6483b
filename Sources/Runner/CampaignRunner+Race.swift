import Basics
import Foundation
import Fuzz
import Linearizability
import Model
import Plan
import Protocol
import Results

// The end of a race-hunting run: the recorded operations become `history.jsonl`, and the
// linearizability checker judges them (the `check` phase) with the reference model as its
// specification. Its violations join the model's in the summary, with their witnesses.
extension CampaignRunner {
    /// The history of a race-hunting run and the checker's report (`nil`: not checked, the run was
    /// interrupted first).
    struct RaceOutcome: Sendable {
        var history: History
        var report: CheckReport?
    }

    /// The run's history as `history.jsonl` holds it: every recorded operation in invoke order, the
    /// target's semantics, the identity salt every player shared, the clock as test control left it
    /// (frozen when it froze it), and, when the recorder was full, from when it is incomplete.
    static func history(
        _ log: HistoryLog,
        configuration: FuzzConfiguration,
        frozen: Bool,
        startedAt: Date
    ) -> History {
        let entries = log.all.enumerated().map { i, r in
            HistoryEntry(
                index: i,
                process: r.process,
                op: r.op,
                invokeNs: r.invokeNanos,
                returnNs: r.answer == nil ? nil : r.returnNanos,
                window: r.window,
                answer: r.answer,
                burst: r.burst,
                fault: r.fault
            )
        }
        let dropped = log.dropped
        let header = HistoryHeader(
            semantics: configuration.semantics,
            identities: SharedPool.salt(run: configuration.runSalt),
            clock: frozen ? .frozen : .free,
            startedAt: RunSummary.iso8601(startedAt),
            dropped: dropped,
            // Every dropped operation was invoked no earlier than this; `0` if unknown, so nothing
            // is judged rather than something unsoundly.
            completeBeforeNs: dropped > 0 ? (log.completeBeforeNanos ?? 0) : nil
        )
        return History(header: header, entries: entries)
    }

    /// The check phase: every partition within `race.checkBudget` (searches), shrinking the
    /// violations found within half as much again; its progress on the live line.
    func check(_ history: History, spec: RaceSpec, phases: RunPhases) async -> CheckReport {
        phases.begin(.check, detail: "\(history.entries.count) entries")
        let check = LinearizabilityCheck(
            budget: CheckBudget(time: spec.checkBudget),
            // One core stays free for the live line and the rest of the run.
            concurrency: max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
            deadline: .now + spec.checkBudget,
            shrinkTime: spec.checkBudget / 2
        )
        let report = await check.check(history) { done, total in
            phases.detail("\(done)/\(total) partitions")
        }
        if report.verdict == .unknown {
            say(
                "note: the linearizability check ran out of its budget (\(DurationText.format(spec.checkBudget))) "
                    + "for \(report.count(.unknown)) of \(report.partitions.count) partitions: verdict unknown"
            )
        }
        if report.uncheckedEntries > 0 {
            say(
                "note: the history was full (race.historyLimit): \(report.uncheckedEntries) operations invoked after "
                    + "the first it dropped were not checked"
            )
        }
        return report
    }

    /// The checker's violations as summary entries, numbered from `first`.
    static func violationEntries(_ report: CheckReport?, first: Int) -> [ViolationEntry] {
        guard let report else { return [] }
        return report.violations.enumerated().map { i, v in
            let stuck = v.longestPrefix.stuck
            let allowed = stuck?.allowed.map { "\($0.code) (\($0.rule))" } ?? []
            return ViolationEntry(
                index: first + i,
                rule: RuleID.LIN.rawValue,
                message: "no linearization explains the answers of partition \(v.partition) "
                    + "(\(v.originalEntries) entries; witness of \(v.minimal.count))",
                expected: stuck.map {
                    "#\($0.entry.index) \($0.entry.op): "
                        + (allowed.isEmpty ? $0.reason : allowed.joined(separator: " | "))
                } ?? "a linearization of the partition",
                observed: stuck.map { "#\($0.entry.index): \($0.entry.answer)" } ?? "none exists",
                checker: .linearizability,
                subHistory: SubHistory(
                    entries: v.minimal,
                    minimal: v.minimalComplete,
                    partitionEntries: v.originalEntries,
                    keys: v.keys,
                    stuck: stuck
                )
            )
        }
    }

    /// `run.race`: the bursts, the history, the probes, and the checker's verdict and partitions.
    static func raceSummary(
        _ race: RaceContext,
        probes: Int,
        outcome: RaceOutcome?,
        interrupted: Bool
    ) -> RaceSummary {
        var summary = raceSummary(race, probes: probes)
        guard let report = outcome?.report else { return summary }
        // An interrupted check proves nothing but the violations it found.
        summary.verdict = interrupted && report.verdict != .violation ? "not_checked" : report.verdict.rawValue
        summary.partitions = report.partitions.count
        summary.linearizable = report.count(.linearizable)
        summary.violating = report.count(.violation)
        summary.unknown = report.count(.unknown)
        summary.longestPartition = report.partitions.map(\.entries).max() ?? 0
        summary.uncheckedEntries = report.uncheckedEntries
        summary.checkMs = report.elapsedMs
        return summary
    }
}

extension RunPlan {
    /// A race-hunting profile's shared machinery (bursts, leases, the history); `nil` without one.
    func raceContext(_ config: FuzzConfiguration) -> RaceContext? {
        profile.race.map { spec in
            RaceContext(
                bursts: BurstCoordinator(
                    settings: spec.bursts,
                    targets: BurstTargets(configuration: config),
                    seed: seed
                ),
                leases: IdentityLeases(limit: spec.inFlightPerIdentity),
                history: HistoryLog(limit: spec.historyLimit)
            )
        }
    }
}
