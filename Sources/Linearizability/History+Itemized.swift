import Model
import Protocol

extension History {
    /// The history with each multi-account IdP lookup (E7, `server.idp` over a list) checked as
    /// one read per account (``HistoryEntry/itemized(_:)``), and without the maybe-applied
    /// Server API reads (``HistoryEntry/isPureRead``: they change nothing whether applied or not).
    package var itemized: History {
        let ids = Identities(salt: header.identities)
        return History(header: header, entries: entries.flatMap { $0.itemized(ids) })
    }
}

extension HistoryEntry {
    /// An E7 lookup of several IdP accounts as one read per account, each over the same interval
    /// with its own part of the answer; any other entry as it is.
    ///
    /// The protocol promises each account's mapping as of some moment of the request, not one
    /// snapshot of them all (a backend may look them up one by one), so the checker must not
    /// demand a snapshot: each part is linearized on its own. It also keeps a lookup of the whole
    /// pool from joining every account's operations into one partition, and from making the
    /// search find the one instant at which dozens of accounts concurrently being mapped all
    /// looked as answered. A failed lookup (an error for the whole request, such as a list too
    /// long) stays whole: its parts alone would have succeeded. The parts keep the entry's index
    /// and operation id.
    package func itemized(_ ids: Identities) -> [HistoryEntry] {
        if isMaybeApplied, isPureRead { return [] }
        guard case .serverIdP(let code, let accounts) = op.action else { return [self] }
        var distinct: [AccountRef] = []
        for a in accounts where !distinct.contains(a) { distinct.append(a) }
        guard distinct.count > 1 else { return [self] }
        let result: [String: String]?
        switch answer {
        case nil:
            result = nil
        case .idPMembers(let b)? where b.header.isSuccessful:
            // An answer naming an account nobody asked about stays whole (the model rejects it).
            let asked = Set(distinct.map(ids.idPId))
            guard (b.result ?? [:]).keys.allSatisfy(asked.contains) else { return [self] }
            result = b.result ?? [:]
        default:
            return [self]
        }
        return distinct.map { a in
            var part = self
            part.op.action = .serverIdP(idPCode: code, accounts: [a])
            if case .idPMembers(var b)? = answer, let result {
                let key = ids.idPId(a)
                b.result = result[key].map { [key: $0] } ?? [:]
                part.answer = .idPMembers(b)
            }
            return part
        }
    }
}

extension HistoryEntry {
    /// A Server API read (E3, E4, E7): no outcome of it changes the model state but for the server
    /// time it has seen. Left out where it is maybe applied (or its answer is set aside): any
    /// linearization that applies it is one without it, at a clock that has seen less, which
    /// never allows fewer steps (docs/MODEL.md, "Linearizability checking").
    package var isPureRead: Bool {
        switch op.action {
        case .serverIdP, .serverMember, .serverMembers: true
        default: false
        }
    }
}
