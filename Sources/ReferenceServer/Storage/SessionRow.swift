import GRDB
import Protocol

/// A session: one Gamebase access token, bound to a user, a device and a logged-in IdP account.
/// A revoked token is deleted. A device has at most one current row (its latest login); with
/// `tokens.perDevice: many` its earlier sessions stay as rows that are not current.
struct SessionRow: Sendable {
    var token: String
    var userId: String
    var deviceId: String
    var idPCode: String
    var idPId: String
    var issuedAt: Int64
    var expiresAt: Int64

    init(
        token: String,
        userId: String,
        deviceId: String,
        idPCode: String,
        idPId: String,
        issuedAt: Int64,
        expiresAt: Int64
    ) {
        self.token = token
        self.userId = userId
        self.deviceId = deviceId
        self.idPCode = idPCode
        self.idPId = idPId
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    /// Decodes by position (GRDB's by-name lookup lowercases every column name on every access);
    /// the SELECTs list the columns in this order.
    init(row: Row) {
        token = row[0]
        userId = row[1]
        deviceId = row[2]
        idPCode = row[3]
        idPId = row[4]
        issuedAt = row[5]
        expiresAt = row[6]
    }

    static func fetch(_ db: Database, token: String) throws -> SessionRow? {
        try db.row(
            "SELECT token, userId, deviceId, idPCode, idPId, issuedAt, expiresAt FROM session WHERE token = ?",
            [token]
        ).map(SessionRow.init(row:))
    }

    static func current(_ db: Database, device: String) throws -> SessionRow? {
        try db.row(
            """
            SELECT token, userId, deviceId, idPCode, idPId, issuedAt, expiresAt FROM session
            WHERE deviceId = ? AND current = 1
            """,
            [device]
        ).map(SessionRow.init(row:))
    }

    /// Live apart from the device check, which callers make against the request's device.
    func isUnexpired(at now: Int64) -> Bool { now < expiresAt }

    /// Makes this the device's current session: the previous ones are revoked (L10, `one`) or
    /// stay live but no longer current (`many`).
    /// `idPAccessToken`: the IdP token the login presented (E16), nil for a guest session.
    func insertAsDeviceSession(_ db: Database, perDevice: TokensPerDevice, idPAccessToken: String? = nil) throws {
        switch perDevice {
        case .one: try db.run("DELETE FROM session WHERE deviceId = ?", [deviceId])
        case .many: try db.run("UPDATE session SET current = 0 WHERE deviceId = ? AND current = 1", [deviceId])
        }
        try db.run(
            """
            INSERT INTO session (token, userId, deviceId, idPCode, idPId, issuedAt, expiresAt, idPAccessToken)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [token, userId, deviceId, idPCode, idPId, issuedAt, expiresAt, idPAccessToken]
        )
    }

    /// Moves the session to another logged-in IdP account (M4), with the IdP token that mapped it.
    static func setLoggedInIdP(
        _ db: Database,
        token: String,
        idPCode: String,
        idPId: String,
        idPAccessToken: String?
    ) throws {
        try db.run(
            "UPDATE session SET idPCode = ?, idPId = ?, idPAccessToken = ? WHERE token = ?",
            [idPCode, idPId, idPAccessToken, token]
        )
    }

    /// The IdP access token that logged the session in with its IdP (E16); nil for a guest session.
    static func idPAccessToken(_ db: Database, token: String) throws -> String? {
        try db.row("SELECT idPAccessToken FROM session WHERE token = ?", [token]).flatMap { $0[0] }
    }

    static func revoke(_ db: Database, token: String) throws {
        try db.run("DELETE FROM session WHERE token = ?", [token])
    }

    /// Revokes every session of the user; `memberGone` (a withdrawal or a loss, with a
    /// `tokens.goneMember` other than `invalidToken`) remembers the tokens in `goneToken`.
    static func revokeAll(_ db: Database, user userId: String, memberGone: Bool = false) throws {
        if memberGone {
            try db.run(
                "INSERT OR IGNORE INTO goneToken (token, userId) SELECT token, userId FROM session WHERE userId = ?",
                [userId]
            )
        }
        try db.run("DELETE FROM session WHERE userId = ?", [userId])
    }

    /// Whether a withdrawal or a loss revoked `token`.
    static func isGone(_ db: Database, token: String) throws -> Bool {
        try db.int("SELECT 1 FROM goneToken WHERE token = ?", [token]) != nil
    }

    /// Revokes the user's sessions logged in with `idPCode`, except `keeping` (M6/M7).
    static func revoke(_ db: Database, user userId: String, loggedInWith idPCode: String, keeping: String? = nil) throws
    {
        try db.run(
            "DELETE FROM session WHERE userId = ? AND idPCode = ? AND token IS NOT ?",
            [userId, idPCode, keeping]
        )
    }
}
