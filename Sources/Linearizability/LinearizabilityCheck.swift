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

    /// How many of a partition's entity keys a report lists.
    package static let keysShown = 100

    package init(
        budget: CheckBudget = CheckBudget(),
        split: Bool = true,
        shrink: Bool = true,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.budget = budget
        self.split = split
        self.shrink = shrink
        self.concurrency = max(1, concurrency)
    }

    package func check(_ history: History) async -> CheckReport {
        let clock = ContinuousClock()
        let start = clock.now
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
                    let (r, v) = self.check(p, context)
                    return (i, r, v)
                }
            }
            for _ in 0..<concurrency { launch() }
            for await (i, r, v) in group {
                results[i] = (r, v)
                launch()
            }
        }
        let done = results.compactMap { $0 }
        let reports = done.map(\.0)
        return CheckReport(
            verdict: reports.map(\.verdict).max() ?? .linearizable,
            entries: history.entries.count,
            partitioned: split,
            clock: history.header.clock,
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

        init(history: History) {
            entries = history.entries
            horizon = history.horizon
            model = GamebaseModel(semantics: history.header.semantics)
            matcher = Matcher(
                identities: Identities(salt: history.header.identities),
                semantics: history.header.semantics
            )
        }
    }

    func check(_ p: Partition, _ c: Context) -> (PartitionReport, LinearizabilityViolation?) {
        let entries = p.entries.map { c.entries[$0] }
        let search = Search(
            input: SearchInput(entries, horizon: c.horizon),
            model: c.model,
            matcher: c.matcher,
            budget: budget
        )
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
        case .unknown(let reason, _):
            report.verdict = .unknown
            report.reason = reason
            return (report, nil)
        case .violation(let deepest):
            report.verdict = .violation
            var minimal = entries
            var complete = false
            if shrink {
                let shrunk = SubHistoryShrinker(
                    entries: entries,
                    horizon: c.horizon,
                    model: c.model,
                    matcher: c.matcher,
                    candidateBudget: budget.scaled(0.1),
                    maxAttempts: 400,
                    time: budget.time
                ).shrink()
                minimal = shrunk.entries
                complete = shrunk.complete
            }
            let violation = LinearizabilityViolation(
                partition: p.id,
                keys: keys,
                keyCount: p.keys.count,
                minimal: minimal.map(EntryReport.init),
                minimalComplete: complete,
                originalEntries: entries.count,
                longestPrefix: search.longestPrefix(deepest)
            )
            return (report, violation)
        }
    }

    static func ms(_ d: Duration) -> Double {
        let (s, a) = d.components
        return Double(s) * 1000 + Double(a) / 1e15
    }
}
