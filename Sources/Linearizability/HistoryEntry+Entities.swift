import Model
import Protocol

extension HistoryEntry {
    /// Every entity the operation may read or write, named by concrete values: its device, the IdP
    /// accounts it presents or asks about (guest: the device's key), the operation itself and the
    /// operations whose symbols it refers to, every value it sent (userIds, tokens, forcing keys,
    /// TransferAccount ids, TransferKeys), and every such value its answer names (a 3302 ticket
    /// names the requester, the owner and the account; E4/E7 answers name many users and
    /// accounts). Whether it touches the clock is decided with its window
    /// (``Partitioner``). docs/MODEL.md, "Linearizability checking", argues this is enough.
    package func entities(_ ids: Identities) -> Set<EntityKey> {
        let action = op.action
        // The operation's own key joins it to the entries that refer to the values it minted; an
        // IdP lookup mints none (and its parts, ``itemized(_:)``, share one operation id).
        var keys: Set<EntityKey> = []
        let isIdPLookup = if case .serverIdP(_, let accounts) = action { !accounts.isEmpty } else { false }
        if !isIdPLookup { keys.insert(EntityKey(.op, String(op.id))) }
        if let d = action.device { keys.insert(EntityKey(.device, ids.device(d))) }
        for s in action.references { keys.insert(EntityKey(.op, String(s.op))) }
        for (s, v) in op.values { if let k = Self.key(for: s.kind, v) { keys.insert(k) } }
        for a in Self.accounts(of: action) { keys.insert(Self.account(ids.idPAccount(a))) }
        if let answer { keys.formUnion(Self.entities(of: answer, action: action)) }
        return keys
    }

    /// The IdP accounts an action presents or asks about (both readings of a credential: as minted,
    /// and as `plain` token mode reads it).
    static func accounts(of action: Action) -> [AccountRef] {
        var out: [AccountRef] = []
        if let c = action.credential {
            if c.idPCode == .guest, let d = action.device { out.append(.guest(d)) }
            if let a = c.account { out += [a, AccountRef(c.idPCode, a.index)] }
        }
        switch action {
        case .loginGuest(let d, _), .transferLogin(let d, _), .transferKeyLogin(let d, _): out.append(.guest(d))
        case .serverIdP(_, let accounts): out += accounts
        default: break
        }
        return out
    }

    static func key(for kind: Sym.Kind, _ value: String) -> EntityKey? {
        switch kind {
        case .user: EntityKey(.user, value)
        case .token: EntityKey(.token, value)
        case .ticket: EntityKey(.ticket, value)
        case .transferId, .chosenId: EntityKey(.transferId, value)
        case .transferKey: EntityKey(.transferKey, value)
        // A password is only ever compared within its TransferAccount (found by its id), never
        // looked up by value; the entity itself has no value of its own.
        case .transferPassword, .chosenPassword, .transferAccount: nil
        }
    }

    static func account(_ a: IdPAccount) -> EntityKey { EntityKey(.account, "\(a.idPCode.rawValue):\(a.idPId)") }

    static func account(_ code: IdPCode, _ idPId: String) -> EntityKey { account(IdPAccount(code, idPId)) }

    /// The values an answer names.
    static func entities(of answer: Observation, action: Action) -> [EntityKey] {
        var keys: [EntityKey] = []
        func member(_ userId: String, _ authList: [(IdPCode, String)]) {
            keys.append(EntityKey(.user, userId))
            for (code, key) in authList { keys.append(account(code, key)) }
        }
        switch answer {
        case .client(let b):
            if let t = b.token { keys.append(EntityKey(.token, t.accessToken)) }
            if let m = b.member { member(m.userId, m.authList.map { ($0.idPCode, $0.authKey) }) }
            if let t = b.transferAccount { keys.append(EntityKey(.transferId, t.account.id)) }
            if let k = b.transferKey { keys.append(EntityKey(.transferKey, k.transferKey)) }
            if let t = b.forcingMappingTicket {
                keys += [
                    EntityKey(.user, t.userId), EntityKey(.user, t.mappedUserId),
                    EntityKey(.ticket, t.forcingMappingKey),
                ]
                // Without idPId (shapes.ticketIdPId: optional) the add mapping's own credential names the account.
                if let id = t.idPId { keys.append(account(t.idPCode, id)) }
            }
            if let f = b.failTransferAccount { keys.append(EntityKey(.transferId, f.id)) }
            if let b = b.banInfo { keys.append(EntityKey(.user, b.userId)) }
        case .tokenAuthentication(let b):
            if let m = b.member { member(m.userId, (m.authList ?? []).map { ($0.idPCode, $0.authKey) }) }
            if let l = b.linkedIdP { keys.append(account(l.idPCode, l.idPId)) }
        case .member(let b):
            if let m = b.member { member(m.userId, (m.authList ?? []).map { ($0.idPCode, $0.authKey) }) }
        case .members(let b):
            for row in b.memberList ?? [] { keys.append(EntityKey(.user, row.userId)) }
        case .idPMembers(let b):
            if case .serverIdP(let code, _) = action {
                for (idPId, userId) in b.result ?? [:] {
                    keys += [account(code, idPId), EntityKey(.user, userId)]
                }
            }
        case .ban(let b):
            for u in b.failedUserIdList ?? [] { keys.append(EntityKey(.user, u)) }
        case .validate(let b):
            if let m = b.member { keys.append(EntityKey(.user, m.userId)) }
        case .idPProfile(let b):
            if let c = b.idPCode, let id = b.idPId { keys.append(account(c, id)) }
        case .withdrawHistories(let b):
            // Race hunting sends no E15 (its page is judged against every user the state holds,
            // which no entity set names: docs/MODEL.md §7); a history that has one joins its
            // listed users at least.
            for row in b.result ?? [] { keys.append(EntityKey(.user, row.userId)) }
        case .empty, .clock, .graceBan:
            break
        }
        return keys
    }
}
