import Protocol

extension GamebaseModel {
    /// qsm-style precondition check of a candidate sequence without a server: runs every step on
    /// every state the model allows (all outcomes kept, values unbound) and returns the first step
    /// that refers to a symbol no earlier step can have produced, or `nil` when none dangles.
    ///
    /// Only a certain verdict drops a candidate. States beyond ``Belief/maxStates`` (and the
    /// successors of a step with more than ``maxPaths`` paths) are not followed; from then on a
    /// reference missing from the states kept may live in one that was not, so it is not called
    /// dangling (the replay decides). A step whose evaluation finds its state inconsistent (a
    /// harness error) dangles at the symbol that was missing: the model cannot run the candidate.
    package func firstDanglingReference(in ops: [Op], startingAt t0: Int64 = 1_800_000_000_000) -> (
        index: Int, symbol: Sym
    )? {
        var states = [ModelState()]
        var capped = false
        var now = t0
        for (i, op) in ops.enumerated() {
            for r in op.action.references where !states.contains(where: { $0.knows(r) }) {
                return capped ? nil : (i, r)
            }
            var next: [ModelState] = []
            var seen: Set<ModelState> = []
            for st in states {
                let outcomes: [Outcome]
                do throws(ModelError) {
                    outcomes = try step(st, op, ClockWindow(exactly: now))
                } catch {
                    guard case .harness(let h) = error else {
                        capped = true
                        continue
                    }
                    return (i, h.missing.symbol)
                }
                for o in outcomes { Belief.appendUnique(o.next, to: &next, seen: &seen) }
            }
            if next.count > Belief.maxStates {
                capped = true
                next.removeLast(next.count - Belief.maxStates)
            }
            states = next
            if case .advanceClock(let s) = op.action { now += s * 1000 }
        }
        return nil
    }
}

extension ModelState {
    /// Whether this state has an entity (or a credential value) named `s`.
    func knows(_ s: Sym) -> Bool {
        switch s.kind {
        case .user: users[s] != nil
        case .token: tokens[s] != nil
        case .ticket: tickets[s] != nil
        case .transferKey: transferKeys[s] != nil
        case .transferAccount: transferAccounts[s] != nil
        case .transferId, .chosenId, .transferPassword, .chosenPassword:
            transferAccounts.values.contains { $0.id == s || $0.password == s } || bindings[s] != nil
        }
    }
}
