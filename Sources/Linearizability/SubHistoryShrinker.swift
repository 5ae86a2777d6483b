import Model

/// Shrinks a non-linearizable partition to a small witness using only reductions that keep the
/// conclusion sound: whenever the witness has no linearization, neither has the partition.
///
/// Deleting an entry is not such a reduction in general (a deleted logout makes a later "invalid
/// token" unexplainable, inventing a violation). These are:
/// 1. **A real-time cut**: the entries invoked before an instant `c`, with the answers of those
///    that returned at or after `c` set aside. Every entry left out was invoked after every answer
///    kept had arrived, so any linearization of the partition, cut after its last kept answer, is
///    one of the witness. The earliest failing cut is found by bisection (a later cut of a failing
///    cut fails too).
/// 2. **Setting an answer aside**: the entry becomes maybe applied (any outcome, anywhere after its
///    invocation, or never), which only adds linearizations. Tried first for every entry that shares
///    no entity with the one the search could not place, then ddmin-style, chunks then single
///    entries, from the end.
/// 1a. **Setting the reads' answers aside** (all but the unexplained one): a read changes no
///    state, so this is 2 below at no cost to the search.
/// 1b. **Re-partitioning the cut**: without the entries after it, the rest may split into independent
///    partitions (fewer operations join fewer entities); a failing one is a witness on its own.
/// 3. **Leaving out maybe-applied entries the exhaustive search never applied** (their every
///    outcome left the state as it was, or they could not be taken): the search of the witness
///    without them visits the same configurations.
///
/// The witness lists the entries whose answers count and the maybe-applied ones that took part.
struct SubHistoryShrinker {
    /// The history's header (for re-partitioning a cut).
    let header: HistoryHeader
    let entries: [HistoryEntry]
    let horizon: Int64
    let model: GamebaseModel
    let matcher: Matcher
    /// Budget of each candidate's search.
    let candidateBudget: CheckBudget
    let maxAttempts: Int
    let time: Duration
    /// The maybe-applied entries (positions in `entries`) the search of the whole partition applied.
    let appliedMaybe: Set<Int32>
    /// The entry (position) the search of the partition could not place: the first cut tried is
    /// just after its answer.
    var stuck: Int?
    /// Entries (positions) likely to explain the violation: those sharing an entity with the entry
    /// the search could not place. Keeping only their answers is tried first.
    var focus: Set<Int> = []

    struct Result {
        /// The witness, in invoke order.
        var entries: [HistoryEntry]
        /// Op ids of the witness's entries whose answers were set aside.
        var setAside: Set<Int>
        /// Every reduction was tried (not stopped by the budget).
        var complete: Bool
    }

    /// A candidate: the cut, and which answers are set aside (positions in `entries`).
    private struct Candidate {
        var cut: Int64 = .max
        var relaxed: Set<Int> = []
        /// The entries (positions) still considered, when a re-partition narrowed them.
        var pool: [Int]?
        /// Positions in `entries` of the candidate's maybe-applied entries the search applied.
        var applied: Set<Int> = []
    }

    func shrink() -> Result {
        let clock = ContinuousClock()
        let deadline = clock.now + time
        var attempts = 0
        var budgetLeft: Bool { attempts < maxAttempts && clock.now < deadline }
        var best = Candidate(applied: Set(appliedMaybe.map(Int.init)))
        // How long the last failing candidate's proof took.
        var lastProof: Duration?

        // The candidate's entries (positions in `entries`) and whether each keeps its answer.
        func members(_ c: Candidate) -> [(position: Int, answered: Bool)] {
            (c.pool ?? Array(entries.indices)).compactMap { i in
                let e = entries[i]
                guard e.invokeNs < c.cut else { return nil }
                let answered = !e.isMaybeApplied && !c.relaxed.contains(i) && (e.returnNs ?? .max) < c.cut
                // A read without its answer changes nothing: left out (``HistoryEntry/isPureRead``).
                if !answered, e.isPureRead { return nil }
                return (i, answered)
            }
        }
        func fails(_ c: inout Candidate) -> Bool {
            attempts += 1
            let m = members(c)
            let history = m.map { relaxedEntry($0.position, answered: $0.answered) }
            var budget = candidateBudget
            // A candidate whose proof takes many times the last one's is one whose set-aside
            // answers made the search explode (each maybe-applied entry doubles what it must
            // rule out): given up on after that long instead of the whole candidate budget.
            if let lastProof { budget.time = min(budget.time, max(.seconds(1), lastProof * Self.proofFactor)) }
            budget.time = min(budget.time, max(.zero, deadline - clock.now))
            // Only a violation counts here, which only the exhaustive search proves: restarts from
            // checkpoints (``Search/runWithRestarts()``) would take its time for nothing.
            let result = Search(
                input: SearchInput(history, horizon: horizon, ids: matcher.identities),
                model: model,
                matcher: matcher,
                budget: budget
            ).runDepthFirst()
            guard case .violation = result.verdict else { return false }
            lastProof = result.elapsed
            c.applied = Set(result.appliedMaybe.map { m[Int($0)].position })
            return true
        }

        // 1. The earliest failing cut, just after some answer arrived.
        let returns = Array(Set(entries.compactMap { $0.isMaybeApplied ? nil : $0.returnNs })).sorted()
        var lo = 0
        var hi = returns.count  // `returns.count`: no cut (the whole partition, known to fail)
        // First the cut just after the answer of the entry the search could not place: it usually
        // fails already, and a long partition's bisection then works on its first entries only
        // (cuts are monotone: either answer narrows the range).
        if let s = stuck, let r = entries[s].returnNs, !entries[s].isMaybeApplied,
            let k = returns.firstIndex(of: r), budgetLeft
        {
            var c = Candidate(cut: r + 1)
            if fails(&c) {
                hi = k
                best = c
            } else {
                lo = k + 1
            }
        }
        while lo < hi, budgetLeft {
            let mid = (lo + hi) / 2
            var c = Candidate(cut: returns[mid] + 1)
            if fails(&c) {
                hi = mid
                best = c
            } else {
                lo = mid + 1
            }
        }
        var complete = lo >= hi

        // 1a. Every read's answer set aside but the stuck entry's: a read changes no state, so its
        // answer set aside leaves it out (``HistoryEntry/isPureRead``) and adds nothing to search;
        // the audit probes' reads of the whole pool are what join most of a long witness, and
        // without them it may fall apart (1b).
        if budgetLeft {
            var c = best
            c.relaxed.formUnion(
                members(best).filter { $0.answered && $0.position != stuck && entries[$0.position].isPureRead }
                    .map(\.position)
            )
            if c.relaxed.count > best.relaxed.count, fails(&c) { best = c }
        }

        // 1b. Without what came after the cut, the rest may fall apart into partitions: one that
        // fails is a witness of its own (projection, docs/MODEL.md). The focus's first.
        if budgetLeft {
            let m = members(best)
            let sub = History(header: header, entries: m.map { relaxedEntry($0.position, answered: $0.answered) })
            let parts = Partitioner.partition(sub).map { $0.entries.map { m[$0].position } }
            if parts.count > 1 {
                let ordered = parts.sorted { a, b in
                    let (fa, fb) = (a.contains(where: focus.contains), b.contains(where: focus.contains))
                    return fa != fb ? fa : a.count < b.count
                }
                for part in ordered where budgetLeft {
                    var c = best
                    c.pool = part
                    if fails(&c) {
                        best = c
                        break
                    }
                }
            }
        }

        // 2. Set answers aside while the rest still fails: first every answer outside the focus,
        // then ddmin.
        func answered(_ c: Candidate) -> [Int] { members(c).filter(\.answered).map(\.position) }
        if !focus.isEmpty, budgetLeft {
            var c = best
            c.relaxed.formUnion(answered(best).filter { !focus.contains($0) })
            if c.relaxed.count > best.relaxed.count, fails(&c) { best = c }
        }
        var size = max(1, answered(best).count / 2)
        var passDone = false
        while !passDone, budgetLeft {
            var changed = false
            var end = answered(best).count
            while end > 0, budgetLeft {
                let list = answered(best)
                let lower = max(0, min(end, list.count) - size)
                let chunk = list[lower..<min(end, list.count)]
                var c = best
                c.relaxed.formUnion(chunk)
                if !chunk.isEmpty, chunk.count < list.count, fails(&c) {
                    best = c
                    changed = true
                }
                end = lower
            }
            if size == 1 {
                passDone = !changed
            } else {
                size = max(1, size / 2)
            }
        }
        complete = complete && passDone

        // 3. The witness: answered entries, and the maybe-applied ones the search applied (a
        // set-aside entry keeps its answer here, for the report to show).
        var witness: [HistoryEntry] = []
        var setAside: Set<Int> = []
        for (p, isAnswered) in members(best) where isAnswered || best.applied.contains(p) {
            if !isAnswered, !entries[p].isMaybeApplied { setAside.insert(entries[p].op.id) }
            witness.append(entries[p])
        }
        return Result(entries: witness, setAside: setAside, complete: complete)
    }

    /// A candidate's search may take this many times the last failing candidate's (at least 1 s).
    static let proofFactor = 4

    /// Entry `p` as a candidate has it: with its answer, or maybe applied.
    private func relaxedEntry(_ p: Int, answered: Bool) -> HistoryEntry {
        var e = entries[p]
        if !answered {
            e.answer = nil
            e.returnNs = nil
        }
        return e
    }
}
