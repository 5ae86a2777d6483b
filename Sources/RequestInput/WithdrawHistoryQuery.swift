import Protocol

/// E15 Withdraw Histories (docs/PROTOCOL.md §3).
package struct WithdrawHistoryQuery: Sendable {
    package var begin: Int64
    package var end: Int64
    package var page: Int
    package var size: Int
    package var descending: Bool
    package var eventLogType: String?

    /// The largest `page` accepted.
    package static let maxPage: Int64 = 1_000_000

    /// Bad-input checks of E15, ranked by §1.3.
    package static func parse(_ q: QueryReader) throws -> WithdrawHistoryQuery {
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
}
