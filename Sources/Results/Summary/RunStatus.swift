/// How the run went as a process (`summary.json` `run`): interrupted or not, each phase with its
/// duration and budget, what waiting for clock advances cost, and how far the audit got.
package struct RunStatus: Codable, Sendable, Equatable {
    /// Stopped by Ctrl-C / SIGTERM before its planned end (the results are partial).
    package var interrupted: Bool
    /// Probe, load, drain, audit, shrink, write, in order, as they happened.
    package var phases: [PhaseSummary]
    package var clock: ClockWaitSummary
    package var audit: AuditSummary
    /// Race hunting: bursts, the history, the checker (absent for private worlds).
    package var race: RaceSummary?
    /// The target's knobs changed during the run (absent when they did not, or could not be read).
    package var targetChanged: TargetChange?
    /// A sharded run: this shard, or the shards a merge combined (absent for a whole run).
    package var shards: ShardSummary?
    /// The faults a profile's `faults:` injected into the load (absent without).
    package var faults: FaultSummary?

    enum CodingKeys: String, CodingKey {
        case interrupted, phases, clock, audit, race, shards, faults
        case targetChanged = "target_changed"
    }

    package init(
        interrupted: Bool = false,
        phases: [PhaseSummary] = [],
        clock: ClockWaitSummary = ClockWaitSummary(),
        audit: AuditSummary = AuditSummary(),
        race: RaceSummary? = nil,
        targetChanged: TargetChange? = nil,
        shards: ShardSummary? = nil,
        faults: FaultSummary? = nil
    ) {
        self.shards = shards
        self.faults = faults
        self.interrupted = interrupted
        self.phases = phases
        self.clock = clock
        self.audit = audit
        self.race = race
        self.targetChanged = targetChanged
    }
}

/// One phase of a run.
package struct PhaseSummary: Codable, Sendable, Equatable {
    package var name: String
    package var durationS: Double
    /// The phase's bound, when it has one of its own (seconds).
    package var budgetS: Double?

    enum CodingKeys: String, CodingKey {
        case name
        case durationS = "duration_s"
        case budgetS = "budget_s"
    }

    package init(name: String, durationS: Double, budgetS: Double? = nil) {
        self.name = name
        self.durationS = durationS
        self.budgetS = budgetS
    }
}

/// What clock advances cost: with a frozen server clock an advance waits for operations in flight
/// (at most `fuzz.clockAdvanceWait`) and holds new ones back while it is answered.
package struct ClockWaitSummary: Codable, Sendable, Equatable {
    package var advances: Int
    /// Advances that stopped waiting for a straggler after the limit.
    package var forced: Int
    /// Time advances spent waiting for operations in flight, in all and at most.
    package var advanceWaitMs: Double
    package var longestAdvanceWaitMs: Double
    /// Time operations spent held back by advances, summed over operations.
    package var heldWaitMs: Double
    /// Times the model's clock differed from the server's and was re-anchored (a desync detected
    /// and corrected before it could produce false violations of time-dependent rules).
    package var resyncs: Int

    enum CodingKeys: String, CodingKey {
        case advances, forced, resyncs
        case advanceWaitMs = "advance_wait_ms"
        case longestAdvanceWaitMs = "longest_advance_wait_ms"
        case heldWaitMs = "held_wait_ms"
    }

    package init(
        advances: Int = 0,
        forced: Int = 0,
        advanceWaitMs: Double = 0,
        longestAdvanceWaitMs: Double = 0,
        heldWaitMs: Double = 0,
        resyncs: Int = 0
    ) {
        self.advances = advances
        self.forced = forced
        self.advanceWaitMs = advanceWaitMs
        self.longestAdvanceWaitMs = longestAdvanceWaitMs
        self.heldWaitMs = heldWaitMs
        self.resyncs = resyncs
    }
}

/// How far the end-of-run audit got.
package struct AuditSummary: Codable, Sendable, Equatable {
    /// Players kept for the audit.
    package var players: Int
    /// Players whose every audit request was answered and judged.
    package var audited: Int
    /// Players not fully audited (the budget ran out, or the run was interrupted).
    package var unfinished: Int
    package var requests: Int

    package init(players: Int = 0, audited: Int = 0, unfinished: Int = 0, requests: Int = 0) {
        self.players = players
        self.audited = audited
        self.unfinished = unfinished
        self.requests = requests
    }
}
