import Linearizability
import Model

/// Shrinks a concurrent reproducer by replaying candidates: whole players first, then single
/// operations (each with the operations that use what it produced), keeping a candidate that
/// still fails at least once in ``runsPerCandidate`` replays. A race fails only sometimes, so the
/// final reproducer is replayed ``confirmationRuns`` times and its fail ratio recorded.
package struct RaceShrinker: Sendable {
    package let replayer: RaceReplayer
    package var runsPerCandidate: Int
    package var confirmationRuns: Int
    package var timeBudget: Duration
    package var log: (@Sendable (String) -> Void)?

    package static let defaultRunsPerCandidate = 5
    package static let defaultConfirmationRuns = 10

    package init(
        replayer: RaceReplayer,
        runsPerCandidate: Int = RaceShrinker.defaultRunsPerCandidate,
        confirmationRuns: Int = RaceShrinker.defaultConfirmationRuns,
        timeBudget: Duration = .seconds(60)
    ) {
        self.replayer = replayer
        self.runsPerCandidate = max(1, runsPerCandidate)
        self.confirmationRuns = max(1, confirmationRuns)
        self.timeBudget = timeBudget
    }

    /// The smallest failing reproducer found, with its standing (`failed == 0`: the recorded
    /// sub-history itself did not fail again, and is returned as it was).
    ///
    /// - Parameter focus: positions of `file.entries` likely to hold the race on their own (see
    ///   ``focus(_:stuck:ids:)``): replayed first, and shrunk from if they fail. A witness of
    ///   hundreds of bystanders (the checker's shrink ran out of time) seldom fails again as a
    ///   whole, since its replay meets the race window at a different moment; its few operations
    ///   on the entities of the answer no order explains often do.
    package func shrink(_ file: RaceReproFile, shrink: Bool = true, focus: [Int] = []) async -> RaceReproFile {
        let deadline = ContinuousClock.now + timeBudget
        var current = file
        if shrink {
            var start: RaceReproFile?
            if !focus.isEmpty, focus.count < file.entries.count {
                let candidate = file.keeping(focus)
                let r = await replayer.replay(candidate, runs: runsPerCandidate, stopAfter: 1, deadline: deadline)
                log?(
                    "focus: \(r.failed > 0 ? "FAILS" : "passes") with \(focus.count) of \(file.entries.count) (\(r.failed)/\(r.runs))"
                )
                if r.failed > 0 { start = candidate }
            }
            if start == nil {
                let first = await replayer.replay(current, runs: runsPerCandidate, stopAfter: 1, deadline: deadline)
                if first.failed > 0 {
                    start = current
                } else {
                    log?("the recorded sub-history did not fail in \(first.runs) replays: not shrunk")
                }
            }
            if let start { current = await reduce(start, deadline: deadline) }
        }
        // Confirmed within a budget of its own, so that a long witness (seconds per replay) cannot
        // hold the run for minutes.
        let confirmed = await replayer.replay(current, runs: confirmationRuns, deadline: .now + timeBudget)
        // Keep a failing replay's answers and times: they are non-linearizable as they stand (the
        // recorded ones of a sub-history that was shrunk by replay need not be).
        if let failure = confirmed.last, failure.failed, failure.replayed.count == current.entries.count {
            current.entries = failure.replayed
        }
        current.standing = RaceStanding(
            runs: confirmed.runs,
            failed: confirmed.failed,
            players: current.players,
            operations: current.entries.count,
            originalPlayers: file.players,
            originalOperations: file.entries.count
        )
        return current
    }

    private func reduce(_ start: RaceReproFile, deadline: ContinuousClock.Instant) async -> RaceReproFile {
        var current = start
        var progress = true
        while progress, ContinuousClock.now < deadline, !Task.isCancelled {
            progress = false
            // Whole players, then runs of operations (halves, quarters… as ddmin does, from the
            // last), then single operations from the last.
            let processes = Array(Set(current.entries.map(\.process))).sorted()
            var groups =
                processes.count > 1
                ? processes.map { p in current.entries.indices.filter { current.entries[$0].process == p } } : []
            groups += Self.chunks(current.entries.count)
            groups += current.entries.indices.reversed().map { [$0] }
            for group in groups where ContinuousClock.now < deadline {
                let kept = Self.keeping(current.entries, without: group)
                guard !kept.isEmpty, kept.count < current.entries.count else { continue }
                let candidate = current.keeping(kept)
                let r = await replayer.replay(candidate, runs: runsPerCandidate, stopAfter: 1, deadline: deadline)
                log?("\(r.failed > 0 ? "FAILS" : "passes") \(candidate.entries.map(\.op.id)) (\(r.failed)/\(r.runs))")
                if r.failed > 0 {
                    current = candidate
                    progress = true
                    break
                }
            }
        }
        return current
    }

    /// Runs of consecutive positions of `0..<count`: halves, then quarters, down to runs of two,
    /// the last run of each size first. A long witness (hundreds of operations, most of them
    /// bystanders) loses them in a few replays instead of one replay per operation.
    package static func chunks(_ count: Int) -> [[Int]] {
        var out: [[Int]] = []
        var size = count / 2
        while size >= 2 {
            var end = count
            while end > 0 {
                let start = max(0, end - size)
                out.append(Array(start..<end))
                end = start
            }
            size /= 2
        }
        return out
    }

    /// Positions of `entries` that share an entity with the entry of history index `stuck` (the
    /// answer no linearization explains), with every entry whose values they use (transitively,
    /// ``producing(_:for:)``); empty when no entry has that index.
    package static func focus(_ entries: [HistoryEntry], stuck: Int, ids: Identities) -> [Int] {
        guard let at = entries.firstIndex(where: { $0.index == stuck }) else { return [] }
        return producing(entries, for: LinearizabilityCheck.focus(of: at, in: entries, ids: ids).sorted())
    }

    /// `kept` (positions of `entries`) with every entry that produced a value a kept one refers to,
    /// transitively, in order.
    package static func producing(_ entries: [HistoryEntry], for kept: [Int]) -> [Int] {
        var positions: [Int: [Int]] = [:]
        for (i, e) in entries.enumerated() { positions[e.op.id, default: []].append(i) }
        var keep = Set(kept)
        var queue = kept
        while let i = queue.popLast() {
            for r in entries[i].op.action.references {
                for p in positions[r.op] ?? [] where keep.insert(p).inserted { queue.append(p) }
            }
        }
        return keep.sorted()
    }

    /// Positions of `entries` whose every referenced value is produced by an entry kept
    /// (transitively). A witness may name a value produced outside it (a token from an earlier
    /// login); a replay would send that value as recorded, and against the recording's own target
    /// it is live: the replay then meets the recording's world instead of its fresh one, and
    /// "fails" with one player and no race at all (CI: "fails 10/10 with 1 player and 3
    /// operations", which `gbfuzz replay` on a fresh server never reproduced).
    package static func selfContained(_ entries: [HistoryEntry]) -> [Int] {
        let produced = Set(entries.map(\.op.id))
        let dangling = entries.indices.filter { i in
            entries[i].op.action.references.contains { !produced.contains($0.op) }
        }
        // Deleting them deletes what uses their values too.
        return keeping(entries, without: dangling)
    }

    /// Positions of `entries` left after deleting `deleted` and every entry that refers to a value
    /// a deleted one produced (transitively).
    package static func keeping(_ entries: [HistoryEntry], without deleted: [Int]) -> [Int] {
        var gone = Set(deleted)
        var producedBy = Set(deleted.map { entries[$0].op.id })
        var changed = true
        while changed {
            changed = false
            for (i, e) in entries.enumerated() where !gone.contains(i) {
                if e.op.action.references.contains(where: { producedBy.contains($0.op) }) {
                    gone.insert(i)
                    producedBy.insert(e.op.id)
                    changed = true
                }
            }
        }
        return entries.indices.filter { !gone.contains($0) }
    }
}
