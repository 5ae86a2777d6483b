import Foundation
import GRDB
import Protocol

/// One member as stored. Deadlines are stored as dates; ``settled(at:)`` applies those that are due.
struct UserRow: Sendable {
    var userId: String
    var regDate: Int64
    var lastLoginDate: Int64?
    var withdrawnAt: Int64?
    var lost: Bool = false
    /// `TEMPORARY` or `PERMANENT` while a ban is on.
    var banType: String?
    var banBegin: Int64?
    var banEnd: Int64?
    var banMessage: String?
    var tempWithdrawalUntil: Int64?
    var graceBanUntil: Int64?
    var graceBanMessage: String?
    /// JSON of ``ReleaseRuleCondition``.
    var graceBanRule: String?
    /// What was paid towards `graceBanRule` (B6), in its currency.
    var gracePaidAmount: Double = 0
    var gracePaidCount = 0

    init(userId: String, regDate: Int64) {
        self.userId = userId
        self.regDate = regDate
    }

    /// Decodes by position (GRDB's by-name lookup lowercases every column name on every access);
    /// the SELECTs list the columns in this order.
    init(row: Row) {
        userId = row[0]
        regDate = row[1]
        lastLoginDate = row[2]
        withdrawnAt = row[3]
        lost = row[4]
        banType = row[5]
        banBegin = row[6]
        banEnd = row[7]
        banMessage = row[8]
        tempWithdrawalUntil = row[9]
        graceBanUntil = row[10]
        graceBanMessage = row[11]
        graceBanRule = row[12]
        gracePaidAmount = row[13]
        gracePaidCount = row[14]
    }

    /// The columns ``init(row:)`` reads, in its order.
    static let columns = """
        userId, regDate, lastLoginDate, withdrawnAt, lost, banType, banBegin, banEnd, banMessage, tempWithdrawalUntil, \
        graceBanUntil, graceBanMessage, graceBanRule, gracePaidAmount, gracePaidCount
        """

    static func fetch(_ db: Database, _ userId: String) throws -> UserRow? {
        try db.row(
            "SELECT \(columns) FROM user WHERE userId = ?",
            [userId]
        ).map(UserRow.init(row:))
    }

    /// The earliest pending deadline of this user, kept in an indexed column so the settler finds
    /// due users with one range scan.
    var nextDeadline: Int64? {
        guard withdrawnAt == nil else { return nil }
        let dates = [tempWithdrawalUntil, banType == "TEMPORARY" ? banEnd : nil, graceBanUntil].compactMap { $0 }
        return dates.min()
    }

    func insert(_ db: Database) throws {
        try db.run(
            """
            INSERT INTO user (userId, regDate, lastLoginDate, withdrawnAt, lost, banType, banBegin, banEnd, banMessage,
              tempWithdrawalUntil, graceBanUntil, graceBanMessage, graceBanRule, gracePaidAmount, gracePaidCount,
              nextDeadline)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                userId, regDate, lastLoginDate, withdrawnAt, lost, banType, banBegin, banEnd, banMessage,
                tempWithdrawalUntil, graceBanUntil, graceBanMessage, graceBanRule, gracePaidAmount, gracePaidCount,
                nextDeadline,
            ]
        )
    }

    static func setLastLoginDate(_ db: Database, _ userId: String, _ date: Int64) throws {
        try db.run("UPDATE user SET lastLoginDate = ? WHERE userId = ?", [date, userId])
    }

    func update(_ db: Database) throws {
        try db.run(
            """
            UPDATE user SET lastLoginDate = ?, withdrawnAt = ?, lost = ?, banType = ?, banBegin = ?, banEnd = ?,
              banMessage = ?, tempWithdrawalUntil = ?, graceBanUntil = ?, graceBanMessage = ?, graceBanRule = ?,
              gracePaidAmount = ?, gracePaidCount = ?, nextDeadline = ?
            WHERE userId = ?
            """,
            [
                lastLoginDate, withdrawnAt, lost, banType, banBegin, banEnd, banMessage, tempWithdrawalUntil,
                graceBanUntil, graceBanMessage, graceBanRule, gracePaidAmount, gracePaidCount, nextDeadline, userId,
            ]
        )
    }

    // MARK: Derived state

    /// The row as it is at `now` once every due deadline has fired, in time order (docs/PROTOCOL.md
    /// §4.9): a temporary ban's end lifts it, a grace ban's end bans permanently from that date,
    /// a temporary withdrawal's end withdraws the user (returned as `withdrawal`, the date it fired).
    func settled(at now: Int64) -> (user: UserRow, withdrawal: Int64?) {
        var u = self
        guard u.withdrawnAt == nil else { return (u, nil) }
        enum Event { case banEnd, graceEnd, withdraw }
        var events: [(Int64, Event)] = []
        if u.banType == "TEMPORARY", let end = u.banEnd, end <= now { events.append((end, .banEnd)) }
        if let g = u.graceBanUntil, g <= now { events.append((g, .graceEnd)) }
        if let t = u.tempWithdrawalUntil, t <= now { events.append((t, .withdraw)) }
        events.sort { $0.0 < $1.0 }
        for (date, event) in events {
            switch event {
            case .banEnd:
                // A grace ban that fired earlier may have replaced the temporary ban.
                if u.banType == "TEMPORARY", u.banEnd == date { u.clearBan() }
            case .graceEnd:
                u.banType = "PERMANENT"
                u.banBegin = date
                u.banEnd = nil
                u.banMessage = u.graceBanMessage ?? ""
                u.clearGraceBan()
            case .withdraw:
                u.withdrawnAt = date
                u.tempWithdrawalUntil = nil
                return (u, date)
            }
        }
        return (u, nil)
    }

    /// `valid`, highest first (docs/PROTOCOL.md §1.8). Call on a settled row.
    var valid: MemberValid {
        if withdrawnAt != nil { return .withdrawn }
        if lost { return .lost }
        if banType != nil { return .banned }
        if tempWithdrawalUntil != nil { return .temporaryWithdrawal }
        if graceBanUntil != nil { return .graceBan }
        return .normal
    }

    var isBanned: Bool { valid == .banned }

    mutating func clearBan() {
        banType = nil
        banBegin = nil
        banEnd = nil
        banMessage = nil
    }

    /// `graceBanRule` decoded.
    var graceRule: ReleaseRuleCondition? {
        graceBanRule.flatMap { try? JSONDecoder().decode(ReleaseRuleCondition.self, from: Data($0.utf8)) }
    }

    mutating func clearGraceBan() {
        graceBanUntil = nil
        graceBanMessage = nil
        graceBanRule = nil
        gracePaidAmount = 0
        gracePaidCount = 0
    }
}
