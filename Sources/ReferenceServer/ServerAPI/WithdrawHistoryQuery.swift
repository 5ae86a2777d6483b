import GRDB
import Protocol

/// E15 Withdraw Histories (docs/PROTOCOL.md §3).
struct WithdrawHistoryQuery: Sendable {
    var begin: Int64
    var end: Int64
    var page: Int
    var size: Int
    var descending: Bool
    var eventLogType: String?

    /// The largest `page` accepted.
    static let maxPage: Int64 = 1_000_000

    /// Bad-input checks of E15, ranked by §1.3.
    static func parse(_ q: QueryReader) throws -> WithdrawHistoryQuery {
        let v = q.validator
        func date(_ key: String) -> Int64? {
            guard let text = q.string(key, required: true) else { return nil }
            return v.date(text, key)
        }
        func int(_ key: String, default d: Int64, range: ClosedRange<Int64>) -> Int {
            let n = q.integer(key) ?? d
            if !range.contains(n) {
                v.report(.inappropriateValue, "\(key) must be \(range.lowerBound)…\(range.upperBound)")
            }
            return Int(clamping: range.contains(n) ? n : d)
        }
        let begin = date("begin")
        let end = date("end")
        if let b = begin, let e = end, b > e { v.report(.inappropriateValue, "begin is after end") }
        let page = int("page", default: 0, range: 0...maxPage)
        let size = int("size", default: 100, range: 1...1000)
        let order = q.oneOf("order", ["ASC", "DESC"]) ?? "ASC"
        let type = q.oneOf("eventLogType", ["WAA", "WAES", "WAGE"])
        try v.check()
        return WithdrawHistoryQuery(
            begin: begin ?? 0,
            end: end ?? 0,
            page: page,
            size: size,
            descending: order == "DESC",
            eventLogType: type
        )
    }

    static func run(_ s: OperationScope, _ q: WithdrawHistoryQuery) throws -> WithdrawHistoriesResponse {
        let filter = "date >= ? AND date <= ? AND (? IS NULL OR eventLogType = ?)"
        let args: [(any DatabaseValueConvertible)?] = [q.begin, q.end, q.eventLogType, q.eventLogType]
        let total = Int(try s.db.int("SELECT COUNT(*) FROM withdrawal WHERE \(filter)", .init(args)) ?? 0)
        let order = q.descending ? "DESC" : "ASC"
        let rows = try s.db.rows(
            "SELECT * FROM withdrawal WHERE \(filter) ORDER BY date \(order), userId \(order), id \(order) LIMIT ? OFFSET ?",
            .init(args + [q.size, q.page * q.size])
        )
        let result = rows.map { row in
            WithdrawHistory(
                row["userId"],
                date: GamebaseDate.iso8601(milliseconds: row["date"]),
                regUser: row["regUser"],
                eventLogType: row["eventLogType"]
            )
        }
        let totalPages = (total + q.size - 1) / q.size
        return WithdrawHistoriesResponse(
            s.caller.header(),
            pagingInfo: PagingInfo(
                q.page == 0,
                last: q.page >= totalPages - 1,
                numberOfElements: result.count,
                page: q.page,
                size: q.size,
                totalElements: total,
                totalPages: totalPages
            ),
            result: result
        )
    }
}
