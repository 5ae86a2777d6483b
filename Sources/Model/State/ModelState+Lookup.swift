import Protocol

// Look-ups of entities the model expects to exist. A missing one throws ``MissingState`` instead
// of trapping: one inconsistency must never abort a run (it becomes a harness error).
extension ModelState {
    package func user(_ u: Sym) throws(MissingState) -> UserState {
        guard let v = users[u] else { throw MissingState(u) }
        return v
    }

    package func token(_ t: Sym) throws(MissingState) -> TokenState {
        guard let v = tokens[t] else { throw MissingState(t) }
        return v
    }

    package func ticket(_ k: Sym) throws(MissingState) -> TicketState {
        guard let v = tickets[k] else { throw MissingState(k) }
        return v
    }

    package func transferAccount(_ a: Sym) throws(MissingState) -> TransferAccountState {
        guard let v = transferAccounts[a] else { throw MissingState(a) }
        return v
    }

    package func transferKey(_ k: Sym) throws(MissingState) -> TransferKeyState {
        guard let v = transferKeys[k] else { throw MissingState(k) }
        return v
    }

    /// Changes user `u` in place; throws when the state has no such user.
    @discardableResult
    package mutating func editUser<R>(_ u: Sym, _ body: (inout UserState) -> R) throws(MissingState) -> R {
        try edit(\.users, u, body)
    }

    @discardableResult
    package mutating func editToken<R>(_ t: Sym, _ body: (inout TokenState) -> R) throws(MissingState) -> R {
        try edit(\.tokens, t, body)
    }

    @discardableResult
    package mutating func editTicket<R>(_ k: Sym, _ body: (inout TicketState) -> R) throws(MissingState) -> R {
        try edit(\.tickets, k, body)
    }

    @discardableResult
    package mutating func editTransferAccount<R>(
        _ a: Sym,
        _ body: (inout TransferAccountState) -> R
    ) throws(MissingState) -> R {
        try edit(\.transferAccounts, a, body)
    }

    @discardableResult
    package mutating func editTransferKey<R>(_ k: Sym, _ body: (inout TransferKeyState) -> R) throws(MissingState) -> R
    {
        try edit(\.transferKeys, k, body)
    }

    private mutating func edit<V, R>(
        _ table: WritableKeyPath<ModelState, [Sym: V]>,
        _ key: Sym,
        _ body: (inout V) -> R
    ) throws(MissingState) -> R {
        guard var value = self[keyPath: table][key] else { throw MissingState(key) }
        let result = body(&value)
        self[keyPath: table][key] = value
        return result
    }
}
