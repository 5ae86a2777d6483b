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

    init(row: Row) {
        forcingMappingKey = row["forcingMappingKey"]
        userId = row["userId"]
        mappedUserId = row["mappedUserId"]
        idPCode = row["idPCode"]
        idPId = row["idPId"]
        expiresAt = row["expiresAt"]
        used = row["used"]
    }

    static func fetch(_ db: Database, key: String) throws -> TicketRow? {
        try db.row("SELECT * FROM ticket WHERE forcingMappingKey = ?", [key]).map(TicketRow.init(row:))
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
