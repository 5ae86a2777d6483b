import GRDB

/// A user's TransferAccount (at most one per user; ids unique).
struct TransferAccountRow: Sendable {
    var userId: String
    var accountId: String
    var password: String
    /// `ISSUED` or `RENEWED`.
    var issuedType: String
    var regDate: Int64
    var expiresAt: Int64?
    var used: Bool = false
    var failCount: Int = 0
    /// Blocked while `blockEnd > now`; a permanent block uses ``permanentBlockEnd``.
    var blockEnd: Int64?

    /// 9999-12-31T23:59:59.999Z: the `blockEndDate` of a permanent block.
    static let permanentBlockEnd: Int64 = 253_402_300_799_999

    init(userId: String, accountId: String, password: String, issuedType: String, regDate: Int64, expiresAt: Int64?) {
        self.userId = userId
        self.accountId = accountId
        self.password = password
        self.issuedType = issuedType
        self.regDate = regDate
        self.expiresAt = expiresAt
    }

    /// Decodes by position (GRDB's by-name lookup lowercases every column name on every access);
    /// the SELECTs list the columns in this order.
    init(row: Row) {
        userId = row[0]
        accountId = row[1]
        password = row[2]
        issuedType = row[3]
        regDate = row[4]
        expiresAt = row[5]
        used = row[6]
        failCount = row[7]
        blockEnd = row[8]
    }

    static func fetch(_ db: Database, user userId: String) throws -> TransferAccountRow? {
        try db.row(
            "SELECT userId, accountId, password, issuedType, regDate, expiresAt, used, failCount, blockEnd FROM transferAccount WHERE userId = ?",
            [userId]
        ).map(TransferAccountRow.init(row:))
    }

    static func fetch(_ db: Database, accountId: String) throws -> TransferAccountRow? {
        try db.row(
            "SELECT userId, accountId, password, issuedType, regDate, expiresAt, used, failCount, blockEnd FROM transferAccount WHERE accountId = ?",
            [accountId]
        ).map(TransferAccountRow.init(row:))
    }

    static func idExists(_ db: Database, _ accountId: String) throws -> Bool {
        try db.int("SELECT 1 FROM transferAccount WHERE accountId = ?", [accountId]) != nil
    }

    func isBlocked(at now: Int64) -> Bool { (blockEnd ?? .min) > now }
    func isExpired(at now: Int64) -> Bool { expiresAt.map { now >= $0 } ?? false }

    func save(_ db: Database) throws {
        try db.run(
            """
            INSERT OR REPLACE INTO transferAccount
              (userId, accountId, password, issuedType, regDate, expiresAt, used, failCount, blockEnd)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [userId, accountId, password, issuedType, regDate, expiresAt, used, failCount, blockEnd]
        )
    }

    static func setFailures(_ db: Database, accountId: String, failCount: Int, blockEnd: Int64?) throws {
        try db.run(
            "UPDATE transferAccount SET failCount = ?, blockEnd = ? WHERE accountId = ?",
            [failCount, blockEnd, accountId]
        )
    }

    static func delete(_ db: Database, user userId: String) throws {
        try db.run("DELETE FROM transferAccount WHERE userId = ?", [userId])
    }
}
