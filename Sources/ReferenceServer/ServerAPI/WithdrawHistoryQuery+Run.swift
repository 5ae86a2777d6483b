import GRDB
import Protocol
import RequestInput

/// E15 Withdraw Histories (docs/PROTOCOL.md §3): the page the parsed query asks for.
extension WithdrawHistoryQuery {
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
