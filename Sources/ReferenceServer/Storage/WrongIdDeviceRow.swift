import GRDB

/// A device's consecutive unknown transfer ids and its block (T15, `transferAccount.wrongIds:
/// perDevice`). No row is a count of 0 without a block; a block that has ended counts as no row
/// (the deadline sweep deletes it, ``Backend/settleDeadlines(_:now:)``).
struct WrongIdDeviceRow: Sendable {
    var deviceId: String
    var failCount: Int
    /// When the count's first unknown id came (`failTransferAccount.regDate`).
    var regDate: Int64
    /// Blocked while `blockEnd > now`; a permanent block uses ``TransferAccountRow/permanentBlockEnd``.
    var blockEnd: Int64?

    /// The device's row as it stands at `now`.
    static func fetch(_ db: Database, device: String, at now: Int64) throws -> WrongIdDeviceRow? {
        guard
            let row = try db.row(
                "SELECT failCount, regDate, blockEnd FROM wrongIdDevice WHERE deviceId = ?",
                [device]
            )
        else { return nil }
        let found = WrongIdDeviceRow(deviceId: device, failCount: row[0], regDate: row[1], blockEnd: row[2])
        if let end = found.blockEnd, end <= now { return nil }
        return found
    }

    func isBlocked(at now: Int64) -> Bool { (blockEnd ?? .min) > now }

    func save(_ db: Database) throws {
        try db.run(
            "INSERT OR REPLACE INTO wrongIdDevice (deviceId, failCount, regDate, blockEnd) VALUES (?, ?, ?, ?)",
            [deviceId, failCount, regDate, blockEnd]
        )
    }

    /// Step 7: a password that matched resets the device's count.
    static func clear(_ db: Database, device: String) throws {
        try db.run("DELETE FROM wrongIdDevice WHERE deviceId = ?", [device])
    }
}
