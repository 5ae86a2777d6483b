import Protocol

/// Token login (docs/PROTOCOL.md §2.3). A read: it never waits for the writer. It answers from
/// ``SessionCache`` when it can, else from a read-only snapshot (and caches what it read); both
/// evaluate expiry and due deadlines lazily, at the time of the request.
enum TokenLogin {
    static func run(_ backend: Backend, _ caller: Caller) throws -> ClientReplyBody {
        if backend.maintenance.contains(backend.clock.now()) {
            return Rejection(.notPlayable).body(transactionId: caller.transactionId)  // L14
        }
        guard let token = caller.bearer else {
            return Rejection(.tokenLoginInvalidLastLoggedInIdP).body(transactionId: caller.transactionId)  // L2
        }
        if let entry = backend.sessions.lookup(token) {
            return answer(backend, caller, entry, now: backend.clock.now())
        }
        let generation = backend.sessions.generation
        let goneCode = backend.semantics.tokens.goneMember.code
        let (entry, now, gone) = try backend.read { db, now -> (SessionCache.Entry?, Int64, Bool) in
            guard let session = try SessionRow.fetch(db, token: token), let user = try UserRow.fetch(db, session.userId)
            else { return (nil, now, try goneCode != nil && SessionRow.isGone(db, token: token)) }
            return (
                SessionCache.Entry(session: session, user: user, mappings: try MappingRow.of(db, user: user.userId)),
                now,
                false
            )
        }
        guard let entry else {
            // Revoked by its member's withdrawal or loss (`tokens.goneMember`), or never live.
            return Rejection(gone ? goneCode ?? .tokenLoginInvalidTokenInfo : .tokenLoginInvalidTokenInfo).body(
                transactionId: caller.transactionId
            )
        }
        backend.sessions.insert(entry, generation: generation)
        return answer(backend, caller, entry, now: now)
    }

    /// Steps 2–4 on the stored rows of the token's session and user.
    static func answer(_ backend: Backend, _ caller: Caller, _ entry: SessionCache.Entry, now: Int64) -> ClientReplyBody
    {
        let session = entry.session
        let semantics = backend.semantics
        let user = entry.user.settled(at: now).user
        // A withdrawal that is due has revoked every token of the user, with the member
        // (`tokens.goneMember`), before any other check.
        if user.withdrawnAt != nil, let code = semantics.tokens.goneMember.code {
            return Rejection(code).body(transactionId: caller.transactionId)
        }
        guard session.deviceId == caller.device || !semantics.tokens.deviceBound, session.isUnexpired(at: now) else {
            return Rejection(.tokenLoginInvalidTokenInfo).body(transactionId: caller.transactionId)  // L4, L11
        }
        guard user.withdrawnAt == nil else {
            return Rejection(.tokenLoginInvalidTokenInfo).body(transactionId: caller.transactionId)
        }
        if user.isBanned, !backend.bugs.has(.bannedTokenLogin) {
            return Rejection(semantics.ban.code, banInfo: MemberView.banInfo(user, semantics)).body(
                transactionId: caller.transactionId
            )
        }
        return ClientReplyBody(
            header: caller.header(),
            token: TokenInfo(accessToken: session.token, expirationDate: session.expiresAt),
            member: MemberView.client(backend, user: user, mappings: entry.mappings, lastLoginDate: user.lastLoginDate),
            lastLoggedInProvider: IdPCode(session.idPCode)
        )
    }
}
