import Protocol

/// Token login (docs/PROTOCOL.md §2.3). A read: it never waits for the writer. It answers from
/// ``SessionCache`` when it can, else from a read-only snapshot (and caches what it read); both
/// evaluate expiry and due deadlines lazily, at the time of the request.
enum TokenLogin {
    static func run(_ backend: Backend, _ caller: Caller) throws -> ClientReplyBody {
        guard let token = caller.bearer else {
            return Rejection(.tokenLoginInvalidLastLoggedInIdP).body(transactionId: caller.transactionId)  // L2
        }
        if let entry = backend.sessions.lookup(token) {
            return answer(backend, caller, entry, now: backend.clock.now())
        }
        let generation = backend.sessions.generation
        let (entry, now) = try backend.read { db, now -> (SessionCache.Entry?, Int64) in
            guard let session = try SessionRow.fetch(db, token: token), let user = try UserRow.fetch(db, session.userId)
            else { return (nil, now) }
            return (
                SessionCache.Entry(session: session, user: user, mappings: try MappingRow.of(db, user: user.userId)),
                now
            )
        }
        guard let entry else { return Rejection(.tokenLoginInvalidTokenInfo).body(transactionId: caller.transactionId) }
        backend.sessions.insert(entry, generation: generation)
        return answer(backend, caller, entry, now: now)
    }

    /// Steps 2–4 on the stored rows of the token's session and user.
    static func answer(_ backend: Backend, _ caller: Caller, _ entry: SessionCache.Entry, now: Int64) -> ClientReplyBody
    {
        let session = entry.session
        let semantics = backend.semantics
        guard session.deviceId == caller.device || !semantics.tokens.deviceBound, session.isUnexpired(at: now) else {
            return Rejection(.tokenLoginInvalidTokenInfo).body(transactionId: caller.transactionId)  // L4, L11
        }
        let user = entry.user.settled(at: now).user
        // A withdrawal that is due has revoked every token of the user.
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
