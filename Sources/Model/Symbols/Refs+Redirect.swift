import Protocol

extension Sym {
    /// Whether pointing the references to `from` elsewhere also moves this symbol: the same producer
    /// and value class, and a TransferAccount id takes its password along (`I`/`P` and `CI`/`CP`
    /// pairs stay together).
    package func movesWith(_ from: Sym) -> Bool {
        op == from.op
            && (kind.valueClass == from.kind.valueClass
                || (from.kind.valueClass == Kind.transferId.valueClass
                    && kind.valueClass == Kind.transferPassword.valueClass))
    }

    /// This symbol with its producer replaced by `producer` when it moves with `from`: the same
    /// kind, or its twin of the given origin (``Kind/chosen(_:)``) when `chosen` is given, since a
    /// manual renew's chosen id and an issue's generated one are both a TransferAccount's id.
    package func redirected(_ from: Sym, to producer: Int, chosen: Bool? = nil) -> Sym {
        guard movesWith(from) else { return self }
        return Sym(chosen.map { kind.chosen($0) } ?? kind, producer)
    }
}

// Each argument type maps the symbols it refers to; values an action produces (a manual renew's
// `.fresh` id and password) are not references and stay.

extension TokenArg {
    package func mapReferences(_ f: (Sym) -> Sym) -> TokenArg {
        if case .token(let s) = self { .token(f(s)) } else { self }
    }
}

extension TicketArg {
    package func mapReferences(_ f: (Sym) -> Sym) -> TicketArg {
        if case .ticket(let s) = self { .ticket(f(s)) } else { self }
    }
}

extension CredentialArg {
    package func mapReferences(_ f: (Sym) -> Sym) -> CredentialArg {
        if case .value(let s) = self { .value(f(s)) } else { self }
    }
}

extension TransferCredentials {
    package func mapReferences(_ f: (Sym) -> Sym) -> TransferCredentials {
        TransferCredentials(id: id.mapReferences(f), password: password.mapReferences(f))
    }
}

extension ManualValue {
    package func mapReferences(_ f: (Sym) -> Sym) -> ManualValue {
        if case .otherAccount(let s) = self { .otherAccount(f(s)) } else { self }
    }
}

extension Renewal {
    package func mapReferences(_ f: (Sym) -> Sym) -> Renewal {
        if case .manual(let i, let p) = self {
            .manual(id: i.mapReferences(f), password: p.mapReferences(f))
        } else {
            self
        }
    }
}

extension KeyArg {
    package func mapReferences(_ f: (Sym) -> Sym) -> KeyArg {
        if case .key(let s) = self { .key(f(s)) } else { self }
    }
}

extension UserArg {
    package func mapReferences(_ f: (Sym) -> Sym) -> UserArg {
        if case .user(let s) = self { .user(f(s)) } else { self }
    }
}
