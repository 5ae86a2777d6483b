import GRDB

/// A forcing-mapping ticket (docs/PROTOCOL.md §1.9, §2.6).
struct TicketRow: Sendable {
    var forcingMappingKey: String
    /// The requester: the only user who may redeem it.
    var userId: String
    var mappedUserId: String
    var idPCode: String
    var idPId: String
    var expiresAt: Int64
    var used: Bool

    init(
        forcingMappingKey: String,
        userId: String,
        mappedUserId: String,
        idPCode: String,
        idPId: String,
        expiresAt: Int64,
        used: Bool = false
    ) {
        self.forcingMappingKey = forcingMappingKey
        self.userId = userId
        self.mappedUserId = mappedUserId
        self.idPCode = idPCode
        self.idPId = idPId
        self.expiresAt = expiresAt
        self.used = used
    }

    /// Decodes by position (GRDB's by-name lookup lowercases every column name on every access);
    /// the SELECTs list the columns in this order.
    init(row: Row) {
        forcingMappingKey = row[0]
        userId = row[1]
        mappedUserId = row[2]
        idPCode = row[3]
        idPId = row[4]
        expiresAt = row[5]
        used = row[6]
    }

    static func fetch(_ db: Database, key: String) throws -> TicketRow? {
        try db.row(
            "SELECT forcingMappingKey, userId, mappedUserId, idPCode, idPId, expiresAt, used FROM ticket WHERE forcingMappingKey = ?",
            [key]
        ).map(TicketRow.init(row:))
    }

    func insert(_ db: Database) throws {
        try db.run(
            """
            INSERT INTO ticket (forcingMappingKey, userId, mappedUserId, idPCode, idPId, expiresAt, used)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [forcingMappingKey, userId, mappedUserId, idPCode, idPId, expiresAt, used]
        )
    }

    static func markUsed(_ db: Database, key: String) throws {
        try db.run("UPDATE ticket SET used = 1 WHERE forcingMappingKey = ?", [key])
    }
}
