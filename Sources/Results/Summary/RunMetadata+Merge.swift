extension RunMetadata {
    /// The metadata of the run that `summaries` (the shards of one run, or any runs) make together,
    /// for ``RunSummary/init(recording:metadata:violations:violationCount:)`` over their merged
    /// recording. Counts are added; each phase lasted as long as its longest shard's; a flag holds
    /// when it holds for one shard; the race checker's verdict is the worst shard's. The spread of
    /// burst send times has no histogram to merge, so its percentiles are the largest shard's (an
    /// upper bound). A value the summaries disagree on (seed, profile, target, a configuration
    /// entry) lists each shard's, in order.
    ///
    /// - Parameter sources: the run folders, in the order of `summaries`.
    package static func merging(_ summaries: [RunSummary], sources: [String]) -> RunMetadata {
        func joined(_ values: [String]) -> String {
            var distinct: [String] = []
            for v in values where !distinct.contains(v) { distinct.append(v) }
            return distinct.joined(separator: " | ")
        }
        var configuration: [String: String] = [:]
        for key in Set(summaries.flatMap(\.config.keys)) {
            configuration[key] = joined(summaries.map { $0.config[key] ?? "-" })
        }
        let seeds = Set(summaries.map(\.seed))
        if seeds.count > 1 { configuration["seeds"] = summaries.map { String($0.seed) }.joined(separator: " | ") }
        var metadata = RunMetadata(
            seed: summaries.first?.seed ?? 0,
            profile: joined(summaries.map(\.profile)),
            target: joined(summaries.map(\.target)),
            configuration: configuration
        )
        metadata.model = ModelSummary(
            desyncs: summaries.reduce(0) { $0 + $1.model.desyncs },
            beliefOverflows: summaries.reduce(0) { $0 + $1.model.beliefOverflows },
            harnessErrors: summaries.reduce(0) { $0 + $1.model.harnessErrors },
            harnessErrorExamples: Array(summaries.flatMap(\.model.harnessErrorExamples).prefix(10))
        )
        metadata.status = RunStatus.merging(summaries.map(\.run), sources: sources)
        return metadata
    }
}

extension RunStatus {
    /// The status of the runs `statuses` together (``RunMetadata/merging(_:sources:)``).
    static func merging(_ statuses: [RunStatus], sources: [String]) -> RunStatus {
        var phases: [PhaseSummary] = []
        for phase in statuses.flatMap(\.phases) {
            if let i = phases.firstIndex(where: { $0.name == phase.name }) {
                phases[i].durationS = max(phases[i].durationS, phase.durationS)
                if let b = phase.budgetS { phases[i].budgetS = max(phases[i].budgetS ?? 0, b) }
            } else {
                phases.append(phase)
            }
        }
        let clocks = statuses.map(\.clock)
        let races = statuses.compactMap(\.race)
        let held = statuses.compactMap(\.shards)
        let indices = held.flatMap(\.indices).sorted()
        return RunStatus(
            interrupted: statuses.contains(where: \.interrupted),
            phases: phases,
            clock: ClockWaitSummary(
                advances: clocks.reduce(0) { $0 + $1.advances },
                forced: clocks.reduce(0) { $0 + $1.forced },
                advanceWaitMs: clocks.reduce(0) { $0 + $1.advanceWaitMs },
                longestAdvanceWaitMs: clocks.map(\.longestAdvanceWaitMs).max() ?? 0,
                heldWaitMs: clocks.reduce(0) { $0 + $1.heldWaitMs },
                resyncs: clocks.reduce(0) { $0 + $1.resyncs }
            ),
            audit: AuditSummary(
                players: statuses.reduce(0) { $0 + $1.audit.players },
                audited: statuses.reduce(0) { $0 + $1.audit.audited },
                unfinished: statuses.reduce(0) { $0 + $1.audit.unfinished },
                requests: statuses.reduce(0) { $0 + $1.audit.requests }
            ),
            race: races.isEmpty ? nil : RaceSummary.merging(races),
            targetChanged: statuses.lazy.compactMap(\.targetChanged).first,
            shards: held.isEmpty
                ? nil : ShardSummary(count: held.map(\.count).max() ?? 0, indices: indices, sources: sources),
            faults: faults(statuses.compactMap(\.faults))
        )
    }

    /// The proxies' counts added up (each shard had its own proxy).
    private static func faults(_ all: [FaultSummary]) -> FaultSummary? {
        guard let first = all.first else { return nil }
        var injected: [String: Int] = [:]
        for f in all { for (k, n) in f.injected { injected[k, default: 0] += n } }
        return FaultSummary(specs: first.specs, requests: all.reduce(0) { $0 + $1.requests }, injected: injected)
    }
}

extension RaceSummary {
    /// The race hunting of several shards: each checked its own history (its identities are its
    /// own), so counts add up and the verdict is the worst one.
    static func merging(_ races: [RaceSummary]) -> RaceSummary {
        let order = ["violation", "unknown", "not_checked", "linearizable"]
        let verdict =
            races.map(\.verdict).min { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
            ?? "not_checked"
        func sum(_ k: KeyPath<RaceSummary, Int>) -> Int { races.reduce(0) { $0 + $1[keyPath: k] } }
        func top(_ k: KeyPath<SpreadSummary, Double>) -> Double { races.map { $0.spreadMs[keyPath: k] }.max() ?? 0 }
        return RaceSummary(
            bursts: sum(\.bursts),
            partialBursts: sum(\.partialBursts),
            spreadMs: SpreadSummary(p50: top(\.p50), p90: top(\.p90), p99: top(\.p99), max: top(\.max)),
            historyOperations: sum(\.historyOperations),
            historyDropped: sum(\.historyDropped),
            probes: sum(\.probes),
            leaseWaits: sum(\.leaseWaits),
            verdict: verdict,
            partitions: sum(\.partitions),
            linearizable: sum(\.linearizable),
            violating: sum(\.violating),
            unknown: sum(\.unknown),
            longestPartition: races.map(\.longestPartition).max() ?? 0,
            uncheckedEntries: sum(\.uncheckedEntries),
            checkMs: races.map(\.checkMs).max() ?? 0
        )
    }
}
