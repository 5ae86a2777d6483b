import Protocol

// §3 E15 Withdraw Histories: a read of the withdrawals whose date lies in a window.
extension Evaluator {
    /// E15's bad-input checks (§3; rows 9 and 10 of §1.3, in that order; a number form's own row is
    /// the edge's, ``run()``), then a page the matcher judges against the state's withdrawals.
    mutating func serverWithdrawals(_ q: HistoryQuery) -> Outcome {
        if !HistoryQuery.orders.contains(q.order) {
            return done(.undefinedValue, .E15, "order \(q.order)")
        }
        if let t = q.eventLogType, !HistoryQuery.eventLogTypes.contains(t) {
            return done(.undefinedValue, .E15, "eventLogType \(t)")
        }
        if !HistoryQuery.pages.contains(q.page) { return done(.inappropriateValue, .E15, "page \(q.page)") }
        if !HistoryQuery.sizes.contains(q.size) { return done(.inappropriateValue, .E15, "size \(q.size)") }
        // Planned without a target (a shrinker's pre-check) the step has no dates: any page will do.
        guard let span = op.historySpan else { return done(.success, .E15, "a page of withdrawals") }
        if span.begin > span.end {
            return done(.inappropriateValue, .E15, "begin \(span.begin) is after end \(span.end)")
        }
        let expected = ExpectedHistory(
            span: span,
            page: q.page,
            size: q.size,
            descending: q.order == "DESC",
            eventLogType: q.eventLogType
        )
        return done(.success, .W2, "withdrawals in \(span)", [.withdrawHistory(expected)])
    }
}
