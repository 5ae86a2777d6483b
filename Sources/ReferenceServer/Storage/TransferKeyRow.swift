import GRDB

/// A user's legacy TransferKey (docs/PROTOCOL.md §2.14); a new key replaces the previous one.
struct TransferKeyRow: Sendable {
    var userId: String
    var transferKey: String
    var regDate: Int64
    var expireDate: Int64
    var consumed: Bool = false

    init(userId: String, transferKey: String, regDate: Int64, expireDate: Int64) {
        self.userId = userId
        self.transferKey = transferKey
        self.regDate = regDate
        self.expireDate = expireDate
    }

    /// Decodes by position (GRDB's by-name lookup lowercases every column name on every access);
    /// the SELECTs list the columns in this order.
    init(row: Row) {
        userId = row[0]
        transferKey = row[1]
        regDate = row[2]
        expireDate = row[3]
        consumed = row[4]
    }

    static func fetch(_ db: Database, key: String) throws -> TransferKeyRow? {
        try db.row(
            "SELECT userId, transferKey, regDate, expireDate, consumed FROM transferKey WHERE transferKey = ?",
            [key]
        ).map(TransferKeyRow.init(row:))
    }

    static func keyExists(_ db: Database, _ key: String) throws -> Bool {
        try db.int("SELECT 1 FROM transferKey WHERE transferKey = ?", [key]) != nil
    }

    func save(_ db: Database) throws {
        try db.run(
            "INSERT OR REPLACE INTO transferKey (userId, transferKey, regDate, expireDate, consumed) VALUES (?, ?, ?, ?, ?)",
            [userId, transferKey, regDate, expireDate, consumed]
        )
    }

    static func delete(_ db: Database, user userId: String) throws {
        try db.run("DELETE FROM transferKey WHERE userId = ?", [userId])
    }
}
