import Protocol

extension GamebaseModel {
    /// qsm-style precondition check of a candidate sequence without a server: runs every step on
    /// every state the model allows (all outcomes kept, values unbound) and returns the first step
    /// that refers to a symbol no earlier step can have produced, or `nil` when none dangles.
    package func firstDanglingReference(in ops: [Op], startingAt t0: Int64 = 1_800_000_000_000) -> (
        index: Int, symbol: Sym
    )? {
        var states = [ModelState()]
        var now = t0
        for (i, op) in ops.enumerated() {
            for r in op.action.references where !states.contains(where: { $0.knows(r) }) { return (i, r) }
            var next: [ModelState] = []
            var seen: Set<ModelState> = []
            for st in states {
                for o in step(st, op, ClockWindow(exactly: now)) where seen.insert(o.next).inserted {
                    next.append(o.next)
                }
            }
            states = Array(next.prefix(Belief.maxStates))
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
