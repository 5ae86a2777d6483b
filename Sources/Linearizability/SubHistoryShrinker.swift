import Model

/// Shrinks a non-linearizable partition to a small sub-history that is still non-linearizable, by
/// deleting entries (ddmin-style chunks, then single entries, until a pass deletes nothing).
///
/// A deletion takes along every entry that depends on a deleted one — that refers to a symbol it
/// produced, or names a value (userId, token, forcing key, TransferAccount id, TransferKey) whose
/// first appearance in an answer was the deleted entry's — so a sub-history never uses what
/// nothing in it produced (a dangling reference is trivially non-linearizable and explains
/// nothing).
struct SubHistoryShrinker {
    let entries: [HistoryEntry]
    let horizon: Int64
    let model: GamebaseModel
    let matcher: Matcher
    /// Budget of each candidate's search.
    let candidateBudget: CheckBudget
    let maxAttempts: Int
    let time: Duration

    struct Result {
        var entries: [HistoryEntry]
        /// Every deletion was tried (not stopped by the budget).
        var complete: Bool
    }

    func shrink() -> Result {
        let clock = ContinuousClock()
        let deadline = clock.now + time
        let dependents = Self.dependents(entries)
        var kept = Array(entries.indices)
        var attempts = 0
        var budgetLeft: Bool { attempts < maxAttempts && clock.now < deadline }

        // Deletes `chunk` and what depends on it when the rest still fails; true if it did.
        func tryDelete(_ chunk: [Int]) -> Bool {
            var gone = Set<Int>()
            var queue = chunk
            while let x = queue.popLast() {
                guard gone.insert(x).inserted else { continue }
                queue += dependents[x]
            }
            let candidate = kept.filter { !gone.contains($0) }
            guard candidate.count < kept.count, !candidate.isEmpty else { return false }
            attempts += 1
            if fails(candidate.map { entries[$0] }) {
                kept = candidate
                return true
            }
            return false
        }

        var size = max(1, kept.count / 2)
        while budgetLeft {
            var deleted = false
            var start = kept.count
            // From the end: later entries depend on earlier ones, not the other way round.
            while start > 0, budgetLeft {
                let lo = max(0, start - size)
                let chunk = Array(kept[lo..<start])
                if tryDelete(chunk) {
                    deleted = true
                    start = min(lo, kept.count)
                } else {
                    start = lo
                }
            }
            if size == 1 {
                if !deleted { return Result(entries: kept.map { entries[$0] }, complete: true) }
            } else {
                size = max(1, size / 2)
            }
        }
        return Result(entries: kept.map { entries[$0] }, complete: false)
    }

    private func fails(_ candidate: [HistoryEntry]) -> Bool {
        let search = Search(
            input: SearchInput(candidate, horizon: horizon),
            model: model,
            matcher: matcher,
            budget: candidateBudget
        )
        if case .violation = search.run().verdict { return true }
        return false
    }

    /// For each entry (by position), the positions of the entries that depend on it directly.
    static func dependents(_ entries: [HistoryEntry]) -> [[Int]] {
        var firstInAnswer: [EntityKey: Int] = [:]
        var positionOfOp: [Int: Int] = [:]
        for (p, e) in entries.enumerated() {
            positionOfOp[e.op.id] = positionOfOp[e.op.id] ?? p
            guard let a = e.answer else { continue }
            for k in HistoryEntry.entities(of: a, action: e.op.action) where k.kind != .account {
                if firstInAnswer[k] == nil { firstInAnswer[k] = p }
            }
        }
        var out = Array(repeating: [Int](), count: entries.count)
        for (p, e) in entries.enumerated() {
            var deps = Set<Int>()
            for s in e.op.action.references { if let q = positionOfOp[s.op] { deps.insert(q) } }
            for (s, v) in e.op.values {
                if let k = HistoryEntry.key(for: s.kind, v), let q = firstInAnswer[k] { deps.insert(q) }
            }
            if let a = e.answer {
                for k in HistoryEntry.entities(of: a, action: e.op.action) where k.kind != .account {
                    if let q = firstInAnswer[k] { deps.insert(q) }
                }
            }
            for q in deps where q != p { out[q].append(p) }
        }
        return out
    }
}
