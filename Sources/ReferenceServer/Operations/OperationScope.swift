import GRDB
import Protocol

/// What an operation sees: the transaction, the backend, the caller and the server time.
struct OperationScope {
    let db: Database
    let backend: Backend
    let caller: Caller
    let now: Int64

    var semantics: Semantics { backend.semantics }
    func bug(_ b: ServerBug) -> Bool { backend.bugs.has(b) }

    /// L14: every login answers 3701 while the game is under maintenance (knob `maintenance`, or
    /// the schedule test control switched to), before any other semantics.
    func requirePlayable() throws {
        if backend.maintenance.contains(now) { throw Rejection(.notPlayable) }
    }

    /// Runs `op` in a savepoint: a thrown ``Rejection`` undoes the operation's writes (never the
    /// deadlines settled before it) and is returned as the failure.
    static func attempt<T>(
        db: Database,
        backend: Backend,
        caller: Caller,
        now: Int64,
        _ op: (OperationScope) throws -> T
    ) throws -> Result<T, Rejection> {
        let scope = OperationScope(db: db, backend: backend, caller: caller, now: now)
        if scope.bug(.logoutLostUnderLoad) { backend.arrivals.note() }
        var result: Result<T, Rejection>?
        try db.inSavepoint {
            do {
                result = .success(try op(scope))
                return .commit
            } catch let r as Rejection {
                result = .failure(r)
                return .rollback
            }
        }
        return result!
    }

    /// ``attempt(db:backend:caller:now:_:)`` for a client operation: a rejection becomes its envelope.
    static func run(
        db: Database,
        backend: Backend,
        caller: Caller,
        now: Int64,
        _ op: (OperationScope) throws -> ClientReplyBody
    ) throws -> ClientReplyBody {
        switch try attempt(db: db, backend: backend, caller: caller, now: now, op) {
        case .success(let body): return body
        case .failure(let r): return r.body(transactionId: caller.transactionId)
        }
    }

    // MARK: Shared steps

    /// The auth preamble (docs/PROTOCOL.md §1.7, L12): 2 without a token, 3011 when it is not live
    /// (or, with `tokens.deviceBound`, issued to another device), `ban.code` when the user is banned
    /// (skipped by logout).
    func authenticate(checkBan: Bool = true) throws -> (SessionRow, UserRow) {
        guard let token = caller.bearer else { throw Rejection(.notLoggedIn) }
        guard let session = try SessionRow.fetch(db, token: token) else {
            // Revoked by its member's withdrawal or loss: the knob's code, before any other check.
            if let code = semantics.tokens.goneMember.code, try SessionRow.isGone(db, token: token) {
                throw Rejection(code)
            }
            throw Rejection(.authInvalidGamebaseToken)
        }
        guard session.deviceId == caller.device || !semantics.tokens.deviceBound,
            session.isUnexpired(at: now), let user = try UserRow.fetch(db, session.userId)
        else { throw Rejection(.authInvalidGamebaseToken) }
        if checkBan, semantics.ban.scope == .everyCall, user.isBanned {
            throw Rejection(semantics.ban.code, banInfo: MemberView.banInfo(user, semantics))
        }
        return (session, user)
    }

    /// The device's current session when it is live.
    func liveDeviceSession() throws -> SessionRow? {
        guard let s = try SessionRow.current(db, device: caller.device), s.isUnexpired(at: now) else { return nil }
        return s
    }

    /// The IdP account an IdP access token stands for, or nil when it is forged (F1) or names
    /// another IdP than `idPCode`.
    func verify(_ token: String, idPCode: String) -> IdPAccount? {
        if bug(.forgedIdPToken) {
            // Trusts the token's payload without checking the signature.
            if semantics.idp.tokenMode == .hmac, let a = UnverifiedIdPToken.account(in: token) {
                return a.idPCode.rawValue == idPCode ? a : nil
            }
        }
        guard let account = backend.signer.resolve(token, idPCode: IdPCode(idPCode), mode: semantics.idp.tokenMode),
            account.idPCode.rawValue == idPCode
        else { return nil }
        return account
    }

    func lineRegionOK(_ idPCode: String, _ region: String?) -> Bool {
        guard idPCode == IdPCode.line.rawValue, let region else { return true }
        return semantics.idp.lineRegions.contains(region)
    }

    func member(_ user: UserRow, lastLoginDate: Int64?) throws -> Member {
        try MemberView.client(db, backend, user: user, lastLoginDate: lastLoginDate)
    }

    /// An AuthToken answer for `session`.
    func authToken(_ session: SessionRow, user: UserRow, lastLoginDate: Int64?) throws -> ClientReplyBody {
        ClientReplyBody(
            header: caller.header(),
            token: TokenInfo(accessToken: session.token, expirationDate: session.expiresAt),
            member: try member(user, lastLoginDate: lastLoginDate),
            lastLoggedInProvider: IdPCode(session.idPCode)
        )
    }
}
