import Model

// Twins: entries that are the same step. Two entries with the same operation (all but its id),
// the same window and the same answer (all but its transaction id), whose own symbols no other
// entry refers to, change every state the same way up to the names of what they mint, and no
// entry names those. Where both are candidates, a linearization that takes one later can take
// them in swapped places instead (docs/MODEL.md, "Twins"): the search tries only the first of
// each twin class among the candidates (the earliest answer; candidates are in answer order).
extension SearchInput {
    /// What two twins share.
    private struct TwinKey: Hashable {
        let op: Op
        let window: ClockWindow
        let answer: Observation?
    }

    /// Each entry's twin class (its position in `entries` of the class's first member), or -1 for
    /// an entry with no twin.
    static func twinClasses(_ entries: [HistoryEntry], windows: [ClockWindow]) -> [Int32] {
        var referenced: Set<Int> = []
        for e in entries {
            for s in e.op.action.references { referenced.insert(s.op) }
            for s in e.op.values.keys { referenced.insert(s.op) }
        }
        var first: [TwinKey: Int32] = [:]
        var twin = [Int32](repeating: -1, count: entries.count)
        for (p, e) in entries.enumerated() where !referenced.contains(e.op.id) {
            var op = e.op
            op.id = 0
            let key = TwinKey(op: op, window: windows[p], answer: e.answer?.withoutTransactionId)
            if let f = first[key] {
                twin[p] = f
                twin[Int(f)] = f
            } else {
                first[key] = Int32(p)
            }
        }
        return twin
    }
}
