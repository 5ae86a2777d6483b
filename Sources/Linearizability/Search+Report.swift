import Model
import Protocol

extension Search {
    /// The deepest partial linearization as a report: its entries in order, and the entry it could
    /// not place — the first, by return time, of the entries that could come next whose answer no
    /// outcome matched (else the one that returned first).
    func longestPrefix(_ d: Deepest) -> LongestPrefix {
        LongestPrefix(linearized: d.order.map { EntryReport(input.entries[Int($0)]) }, stuck: stuckEntry(d))
    }

    /// The entry the deepest partial linearization could not place (see ``longestPrefix(_:)``).
    func stuckEntry(_ d: Deepest) -> StuckEntry? {
        stuckIndex(d).map { stuck($0, at: d.state) }
    }

    /// The position of that entry: the first, by return time, of the completed candidates whose
    /// answer no outcome matched, else the one that returned first.
    func stuckIndex(_ d: Deepest) -> Int32? {
        let next = candidates(d.set).filter { !input.maybe[Int($0)] }.sorted { input.ret[Int($0)] < input.ret[Int($1)] }
        return next.first { e in stuck(e, at: d.state).allowed.allSatisfy { $0.mismatch != nil } } ?? next.first
    }

    /// What the model allowed for entry `e` at `state`, against its answer.
    func stuck(_ e: Int32, at state: ModelState) -> StuckEntry {
        let entry = input.entries[Int(e)]
        let w = input.windows[Int(e)]
        let report = EntryReport(entry)
        if state.timeFloor > w.hi {
            return StuckEntry(
                entry: report,
                reason: "the server clock had already reached \(state.timeFloor), after its window \(w)",
                allowed: []
            )
        }
        let outcomes: [Outcome]
        do {
            outcomes = try model.step(state, entry.op, w)
        } catch {
            return StuckEntry(entry: report, reason: "the model could not judge it: \(error)", allowed: [])
        }
        var allowed: [AllowedOutcome] = []
        for o in outcomes {
            var mismatch: String?
            if let answer = entry.answer {
                switch try? matcher.match(o, answer, op: entry.op) {
                case .success: mismatch = nil
                case .failure(let m): mismatch = m.description
                case nil: mismatch = "the model could not match it"
                }
            }
            let a = AllowedOutcome(
                code: o.code.description,
                rule: o.rule.rawValue,
                because: o.because,
                mismatch: mismatch
            )
            if !allowed.contains(a) { allowed.append(a) }
        }
        let matched = allowed.contains { $0.mismatch == nil }
        let reason =
            matched
            ? "its answer fits an outcome here, but no linearization continues from it"
            : "no outcome the model allows here fits its answer"
        return StuckEntry(entry: report, reason: reason, allowed: allowed)
    }
}
