import Foundation
import Model

/// Checks a recorded history for linearizability against the reference model: splits it into
/// independent partitions (``Partitioner``), searches each within its budget (``Search``), in
/// parallel, and for each violation shrinks the partition to a minimal non-linearizable
/// sub-history and reports the deepest linearization found (docs/MODEL.md, "Linearizability
/// checking").
package struct LinearizabilityCheck: Sendable {
    /// Each partition's budget.
    package var budget: CheckBudget
    /// `false`: the whole history is one partition.
    package var split: Bool
    /// Shrink each violation to a minimal sub-history.
    package var shrink: Bool
    /// Partitions searched at once.
    package var concurrency: Int
    /// When every search must stop (a run's check phase): partitions not finished by then are
    /// unknown. `nil`: only each partition's budget bounds it.
    package var deadline: ContinuousClock.Instant?
    /// The time a violation's shrink may take (on top of its search).
    package var shrinkTime: Duration
    /// Whether searches try only a persistent set's candidates (``Search/persistent(_:_:_:)``).
    package var reduction = true
    /// Whether a search still unknown after half of its time is restarted with learned order
    /// preferences (``Search/runWithRestarts()``); off only to measure what that decides.
    package var restarts = true
    /// Whether an undecided partition's restarts and exhaustive search run side by side on two
    /// threads (``Search/runWithRestarts()``); by default when the machine has two cores or more.
    package var sideBySide = ProcessInfo.processInfo.activeProcessorCount > 1
    /// Whether searches join states that differ only in a TransferAccount's wrong-password count
    /// (``Search/joiningCounts(_:_:_:on:)``); off only to measure what that decides.
    package var joins = true

    /// How many of a partition's entity keys a report lists.
    package static let keysShown = 100

    package init(
        budget: CheckBudget = CheckBudget(),
        split: Bool = true,
        shrink: Bool = true,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        deadline: ContinuousClock.Instant? = nil,
        shrinkTime: Duration? = nil
    ) {
        self.budget = budget
        self.split = split
        self.shrink = shrink
        self.concurrency = max(1, concurrency)
        self.deadline = deadline
        self.shrinkTime = shrinkTime ?? budget.time
    }

    /// - Parameter progress: called after each partition with (partitions done, partitions).
    package func check(_ full: History, progress: (@Sendable (Int, Int) -> Void)? = nil) async -> CheckReport {
        let clock = ContinuousClock()
        let start = clock.now
        let (recorded, unchecked) = full.checkable
        let history = recorded.itemized
        let partitions = Partitioner.partition(history, split: split)
        let context = Context(history: history)
        // Largest first, so a big partition does not start last.
        let order = partitions.indices.sorted { partitions[$0].entries.count > partitions[$1].entries.count }
        var results = [(PartitionReport, LinearizabilityViolation?)?](repeating: nil, count: partitions.count)
        await withTaskGroup(of: (Int, PartitionReport, LinearizabilityViolation?).self) { group in
            var next = 0
            func launch() {
                guard next < order.count else { return }
                let i = order[next]
                next += 1
                let p = partitions[i]
                group.addTask {
                    // A search is long and never suspends: it runs on a thread of its own, so it
                    // cannot hold one of the few threads every other task of the process needs.
                    let (r, v) = await SearchThread.run { cancelled in self.check(p, context, cancelled: cancelled) }
                    return (i, r, v)
                }
            }
            for _ in 0..<concurrency { launch() }
            var done = 0
            for await (i, r, v) in group {
                results[i] = (r, v)
                done += 1
                progress?(done, partitions.count)
                launch()
            }
        }
        let done = results.compactMap { $0 }
        let reports = done.map(\.0)
        return CheckReport(
            verdict: reports.map(\.verdict).max() ?? .linearizable,
            entries: recorded.entries.count,
            partitioned: split && history.windowsFollowRealTime,
            clock: history.header.clock,
            uncheckedEntries: unchecked,
            partitions: reports,
            violations: done.compactMap(\.1),
            elapsedMs: Self.ms(clock.now - start)
        )
    }

    /// What every partition's search shares.
    struct Context: Sendable {
        let entries: [HistoryEntry]
        let horizon: Int64
        let model: GamebaseModel
        let matcher: Matcher
        let ids: Identities
        let header: HistoryHeader

        init(history: History) {
            header = history.header
            ids = Identities(salt: history.header.identities)
            entries = history.entries
            horizon = history.horizon
            model = GamebaseModel(semantics: history.header.semantics)
            matcher = Matcher(
                identities: Identities(salt: history.header.identities),
                semantics: history.header.semantics
            )
        }
    }

    func check(
        _ p: Partition,
        _ c: Context,
        cancelled: @escaping @Sendable () -> Bool = { Task.isCancelled }
    ) -> (PartitionReport, LinearizabilityViolation?) {
        let entries = p.entries.map { c.entries[$0] }
        var budget = budget
        if let deadline { budget.time = min(budget.time, max(.zero, deadline - .now)) }
        var search = Search(
            input: SearchInput(entries, horizon: c.horizon, ids: c.ids),
            model: c.model,
            matcher: c.matcher,
            budget: budget
        )
        search.isCancelled = cancelled
        search.reduces = reduction
        search.restarts = restarts
        search.sideBySide = sideBySide
        search.joinsCounts = joins
        let result = search.run()
        let keys = p.keys.prefix(Self.keysShown).map(\.description)
        var report = PartitionReport(
            id: p.id,
            verdict: .linearizable,
            entries: entries.count,
            keys: keys,
            keyCount: p.keys.count,
            configurations: result.configurations,
            elapsedMs: Self.ms(result.elapsed),
            reason: nil
        )
        switch result.verdict {
        case .linearizable:
            return (report, nil)
        case .unknown(let reason, let deepest):
            report.verdict = .unknown
            report.reason = reason
            if let deepest {
                report.deepest = deepest.set.count
                let first = Int(deepest.set.prefix)
                report.frontier = first < search.input.count ? search.input.entries[first].index : nil
                report.stuck = search.stuckEntry(deepest)
            }
            return (report, nil)
        case .violation(let deepest):
            report.verdict = .violation
            var minimal = entries.map { EntryReport($0) }
            var complete = false
            if shrink {
                // A candidate that takes many times the partition's own search is one whose
                // set-aside answers made the search explode: it is dropped (not a witness) after
                // that long rather than after the whole budget.
                let stuck = Self.stuck(search.longestPrefix(deepest), in: entries)
                var candidateBudget = self.budget
                candidateBudget.time = min(candidateBudget.time, max(.seconds(1), result.elapsed * 10))
                let shrunk = SubHistoryShrinker(
                    header: c.header,
                    entries: entries,
                    horizon: c.horizon,
                    model: c.model,
                    matcher: c.matcher,
                    candidateBudget: candidateBudget,
                    maxAttempts: 400,
                    time: shrinkTime,
                    appliedMaybe: result.appliedMaybe,
                    stuck: stuck,
                    focus: Self.focus(of: stuck, in: entries, ids: c.ids)
                ).shrink()
                minimal = shrunk.entries.map { EntryReport($0, setAside: shrunk.setAside.contains($0.op.id)) }
                complete = shrunk.complete
            }
            let violation = LinearizabilityViolation(
                partition: p.id,
                keys: keys,
                keyCount: p.keys.count,
                minimal: minimal,
                minimalComplete: complete,
                originalEntries: entries.count,
                longestPrefix: search.longestPrefix(deepest)
            )
            return (report, violation)
        }
    }

    /// The position of the entry the deepest linearization could not place.
    static func stuck(_ prefix: LongestPrefix, in entries: [HistoryEntry]) -> Int? {
        guard let stuck = prefix.stuck else { return nil }
        return entries.firstIndex { $0.index == stuck.entry.index }
    }

    /// The entries (positions) that share an entity with entry `at`: the shrink first tries to
    /// keep only their answers (and a concurrent reproducer's replay starts from them).
    package static func focus(of at: Int?, in entries: [HistoryEntry], ids: Identities) -> Set<Int> {
        guard let at else { return [] }
        let keys = entries[at].entities(ids)
        return Set(entries.indices.filter { !entries[$0].entities(ids).isDisjoint(with: keys) })
    }

    static func ms(_ d: Duration) -> Double {
        let (s, a) = d.components
        return Double(s) * 1000 + Double(a) / 1e15
    }
}
