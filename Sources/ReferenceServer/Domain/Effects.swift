import GRDB
import Protocol

/// State changes several operations share.
enum Effects {
    /// Withdraws a user (docs/PROTOCOL.md §2.10): `D`, every mapping freed, every token revoked,
    /// TransferAccount and TransferKey deleted, a withdrawal history entry.
    static func withdraw(
        _ db: Database,
        _ backend: Backend,
        user: UserRow,
        at date: Int64,
        event: String,
        regUser: String?
    ) throws {
        var u = user
        u.withdrawnAt = date
        u.tempWithdrawalUntil = nil
        try u.update(db)
        if !backend.bugs.has(.withdrawKeepsMappings) {
            try MappingRow.deleteAll(db, user: u.userId)
        }
        try SessionRow.revokeAll(db, user: u.userId, memberGone: backend.semantics.tokens.goneMember != .invalidToken)
        try dropTransferCredentials(db, user: u.userId)
        try db.run(
            "INSERT INTO withdrawal (userId, date, regUser, eventLogType) VALUES (?, ?, ?, ?)",
            [u.userId, date, regUser, event]
        )
    }

    /// T14: a TransferAccount or TransferKey dies when its user stops being guest-only.
    static func dropTransferCredentials(_ db: Database, user userId: String) throws {
        try TransferAccountRow.delete(db, user: userId)
        try TransferKeyRow.delete(db, user: userId)
    }

    /// A user left without any IdP becomes lost `M` and all its tokens die (M9); `remember` keeps
    /// them in `goneToken` (a `tokens.goneMember` other than `invalidToken`).
    static func loseIfEmpty(_ db: Database, user userId: String, remember: Bool) throws {
        guard try db.int("SELECT 1 FROM mapping WHERE userId = ? LIMIT 1", [userId]) == nil,
            var u = try UserRow.fetch(db, userId), u.withdrawnAt == nil
        else { return }
        u.lost = true
        try u.update(db)
        try SessionRow.revokeAll(db, user: userId, memberGone: remember)
        try dropTransferCredentials(db, user: userId)
    }

    /// Creates a user holding one IdP account (L1).
    static func createUser(_ db: Database, account: IdPAccount, at now: Int64) throws -> UserRow {
        var id = Identifiers.userId()
        while try UserRow.fetch(db, id) != nil { id = Identifiers.userId() }
        let user = UserRow(userId: id, regDate: now)
        try user.insert(db)
        try MappingRow(idPCode: account.idPCode.rawValue, idPId: account.idPId, userId: id, regDate: now).insert(db)
        return user
    }

    /// Opens a new session for `user` on `device` (revoking the device's previous token, L10, unless
    /// `tokens.perDevice` is `many`) and
    /// records the login. Returns the session and the user as it was before this login.
    static func login(
        _ db: Database,
        _ backend: Backend,
        user: UserRow,
        device: String,
        account: IdPAccount,
        idPAccessToken: String? = nil,
        at now: Int64
    ) throws -> (SessionRow, UserRow) {
        var token = Identifiers.accessToken()
        while try SessionRow.fetch(db, token: token) != nil { token = Identifiers.accessToken() }
        let session = SessionRow(
            token: token,
            userId: user.userId,
            deviceId: device,
            idPCode: account.idPCode.rawValue,
            idPId: account.idPId,
            issuedAt: now,
            expiresAt: now + backend.semantics.tokens.lifetimeSeconds * 1000
        )
        try session.insertAsDeviceSession(
            db,
            perDevice: backend.semantics.tokens.perDevice,
            idPAccessToken: idPAccessToken
        )
        try UserRow.setLastLoginDate(db, user.userId, now)
        return (session, user)
    }
}
