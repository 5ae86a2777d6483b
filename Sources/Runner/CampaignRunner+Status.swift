import Basics
import Engine
import FaultProxy
import Fuzz
import Plan
import Results

extension CampaignRunner {
    /// `summary.json` `run`: interrupted or not, the phases so far with their budgets, clock
    /// waits and the audit's progress.
    func status(
        interrupted: Bool,
        phases: RunPhases,
        clock: ClockTracker,
        audit: Auditor.Result,
        kept: Int,
        race: RaceSummary? = nil,
        targetChanged: TargetChange? = nil,
        faults: FaultProxy? = nil
    ) -> RunStatus {
        let p = plan.profile
        let waits = clock.advanceStats
        func budget(_ phase: RunPhases.Phase) -> Double? {
            switch phase {
            // Each probe request is bounded by the target's timeout, or the probe's floor when that
            // is longer; there are at most five (identify, test control, the Server API, E16, E17).
            case .probe: 5 * max(p.target.timeout, TargetConnection.probeTimeoutFloor).seconds
            case .load: p.duration.seconds
            case .drain: p.load.gracefulStop.seconds
            case .audit: p.fuzz.auditBudget.seconds
            // The searches share the budget; shrinking the violations found may take half as much again.
            case .check: (p.race?.checkBudget.seconds ?? 0) * 1.5
            case .shrink: p.fuzz.shrink ? Double(p.fuzz.maxShrinks) * p.fuzz.shrinkBudget.seconds : 0
            case .write: nil
            }
        }
        return RunStatus(
            interrupted: interrupted,
            phases: phases.durations.map {
                PhaseSummary(name: $0.phase.rawValue, durationS: $0.duration.seconds, budgetS: budget($0.phase))
            },
            clock: ClockWaitSummary(
                advances: waits.advances,
                forced: waits.forced,
                advanceWaitMs: waits.advanceWait.seconds * 1_000,
                longestAdvanceWaitMs: waits.longestAdvanceWait.seconds * 1_000,
                heldWaitMs: waits.heldWait.seconds * 1_000,
                resyncs: clock.resyncs
            ),
            audit: AuditSummary(
                players: kept,
                audited: audit.audited,
                unfinished: audit.unfinished,
                requests: audit.requests
            ),
            race: race,
            targetChanged: targetChanged,
            shards: plan.shard.map { ShardSummary(count: $0.count, indices: [$0.index]) },
            faults: faults.map {
                let (requests, injected) = $0.plan.counts
                return FaultSummary(specs: p.faults.map(\.description), requests: requests, injected: injected)
            }
        )
    }

    /// `run.race`: the bursts, the history and the probes of a race-hunting run.
    static func raceSummary(_ race: RaceContext, probes: Int) -> RaceSummary {
        let stats = race.bursts.stats
        return RaceSummary(
            bursts: stats.bursts,
            partialBursts: stats.partial,
            spreadMs: SpreadSummary(spreads: stats.spreads),
            historyOperations: race.history.count,
            historyDropped: race.history.dropped,
            probes: probes,
            leaseWaits: race.leases.waited
        )
    }
}
