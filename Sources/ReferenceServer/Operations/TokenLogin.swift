import Protocol

/// Token login (docs/PROTOCOL.md §2.3). A read: it runs on a read-only snapshot and evaluates
/// due deadlines lazily, so it never waits for the writer.
enum TokenLogin {
    static func run(_ backend: Backend, _ caller: Caller) async throws -> ClientReplyBody {
        guard let token = caller.bearer else {
            return Rejection(.tokenLoginInvalidLastLoggedInIdP).body(transactionId: caller.transactionId)  // L2
        }
        return try await backend.read { db, now in
            let invalid = Rejection(.tokenLoginInvalidTokenInfo).body(transactionId: caller.transactionId)
            guard let session = try SessionRow.fetch(db, token: token), session.deviceId == caller.device,
                session.isUnexpired(at: now), let row = try UserRow.fetch(db, session.userId)
            else { return invalid }
            let user = row.settled(at: now).user
            // A withdrawal that is due has revoked every token of the user.
            guard user.withdrawnAt == nil else { return invalid }
            if user.isBanned, !backend.bugs.has(.bannedTokenLogin) {
                return Rejection(.bannedMember, banInfo: MemberView.banInfo(user)).body(
                    transactionId: caller.transactionId
                )
            }
            return ClientReplyBody(
                header: caller.header(),
                token: TokenInfo(accessToken: session.token, expirationDate: session.expiresAt),
                member: try MemberView.client(db, backend, user: user, lastLoginDate: user.lastLoginDate),
                lastLoggedInProvider: IdPCode(session.idPCode)
            )
        }
    }
}
