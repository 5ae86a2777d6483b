import GRDB
import Protocol

/// One IdP account mapped to a user. For `guest`, `idPId` is the device holding the guest key.
struct MappingRow: Sendable {
    var idPCode: String
    var idPId: String
    var userId: String
    var regDate: Int64

    init(idPCode: String, idPId: String, userId: String, regDate: Int64) {
        self.idPCode = idPCode
        self.idPId = idPId
        self.userId = userId
        self.regDate = regDate
    }

    /// Decodes by position (GRDB's by-name lookup lowercases every column name on every access);
    /// the SELECTs list the columns in this order.
    init(row: Row) {
        idPCode = row[0]
        idPId = row[1]
        userId = row[2]
        regDate = row[3]
    }

    var account: IdPAccount { IdPAccount(IdPCode(idPCode), idPId) }

    /// The owner of an IdP account. Without the M2 index (race-mapping, race-first-login) there may be several
    /// rows; the oldest wins, as a `LIMIT 1` query in such a backend would.
    static func owner(_ db: Database, _ idPCode: String, _ idPId: String) throws -> MappingRow? {
        try db.row(
            "SELECT idPCode, idPId, userId, regDate FROM mapping WHERE idPCode = ? AND idPId = ? ORDER BY rowid LIMIT 1",
            [idPCode, idPId]
        ).map(MappingRow.init(row:))
    }

    static func of(_ db: Database, user userId: String) throws -> [MappingRow] {
        try db.rows("SELECT idPCode, idPId, userId, regDate FROM mapping WHERE userId = ? ORDER BY rowid", [userId])
            .map(MappingRow.init(row:))
    }

    func insert(_ db: Database) throws {
        try db.run(
            "INSERT INTO mapping (idPCode, idPId, userId, regDate) VALUES (?, ?, ?, ?)",
            [idPCode, idPId, userId, regDate]
        )
    }

    static func delete(_ db: Database, user userId: String, idPCode: String) throws {
        try db.run("DELETE FROM mapping WHERE userId = ? AND idPCode = ?", [userId, idPCode])
    }

    static func deleteAll(_ db: Database, user userId: String) throws {
        try db.run("DELETE FROM mapping WHERE userId = ?", [userId])
    }
}
