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
        guard let r = users[u]?.apply(body) else { throw MissingState(u) }
        return r
    }

    @discardableResult
    package mutating func editToken<R>(_ t: Sym, _ body: (inout TokenState) -> R) throws(MissingState) -> R {
        guard let r = tokens[t]?.apply(body) else { throw MissingState(t) }
        return r
    }

    @discardableResult
    package mutating func editTicket<R>(_ k: Sym, _ body: (inout TicketState) -> R) throws(MissingState) -> R {
        guard let r = tickets[k]?.apply(body) else { throw MissingState(k) }
        return r
    }

    @discardableResult
    package mutating func editTransferAccount<R>(
        _ a: Sym,
        _ body: (inout TransferAccountState) -> R
    ) throws(MissingState) -> R {
        guard let r = transferAccounts[a]?.apply(body) else { throw MissingState(a) }
        return r
    }

    @discardableResult
    package mutating func editTransferKey<R>(_ k: Sym, _ body: (inout TransferKeyState) -> R) throws(MissingState) -> R
    {
        guard let r = transferKeys[k]?.apply(body) else { throw MissingState(k) }
        return r
    }
}

/// An entity of the model state that can be changed in place through optional chaining
/// (`users[u]?.apply { … }`): no copy out of the table, and `nil` when the entry is missing.
protocol EditableInPlace {}

extension EditableInPlace {
    mutating func apply<R>(_ body: (inout Self) -> R) -> R { body(&self) }
}

extension UserState: EditableInPlace {}
extension TokenState: EditableInPlace {}
extension TicketState: EditableInPlace {}
extension TransferAccountState: EditableInPlace {}
extension TransferKeyState: EditableInPlace {}
