import Protocol

/// E15 Withdraw Histories as a step asks for it: a window of dates around a withdrawn user's
/// withdrawal (or around the step's own time), a page, an order and a type filter. The window is
/// relative, so a replay asks about its own run's withdrawals; ``Op/historySpan`` holds the
/// absolute dates a run sent. Any field may break its documented limit (adversarial steps).
package struct HistoryQuery: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The user whose withdrawal date the window surrounds; `nil`: the step's own time.
    package var around: Sym?
    /// `begin` lies this many seconds before the anchor's earliest moment (negative: after it).
    package var before: Int64
    /// `end` lies this many seconds after the anchor's latest moment (negative: before it).
    package var after: Int64
    package var page: Int64
    package var size: Int64
    /// `ASC`, `DESC`, or (adversarial) something else.
    package var order: String
    /// `WAA`, `WAES`, `WAGE`, `nil` (every type), or (adversarial) something else.
    package var eventLogType: String?

    package init(
        around: Sym?,
        before: Int64,
        after: Int64,
        page: Int64 = 0,
        size: Int64 = 100,
        order: String = "ASC",
        eventLogType: String? = nil
    ) {
        self.around = around
        self.before = before
        self.after = after
        self.page = page
        self.size = size
        self.order = order
        self.eventLogType = eventLogType
    }

    /// The event types E15 knows (§3).
    package static let eventLogTypes = ["WAA", "WAES", "WAGE"]
    /// The orders E15 knows.
    package static let orders = ["ASC", "DESC"]
    /// `page`'s and `size`'s documented ranges.
    package static let pages: ClosedRange<Int64> = 0...1_000_000
    package static let sizes: ClosedRange<Int64> = 1...1000

    /// The same window, order and type, as page 0 at the largest size.
    package var firstFullPage: HistoryQuery {
        var q = self
        q.page = 0
        q.size = Self.sizes.upperBound
        return q
    }

    /// The query with its anchor mapped by `f`.
    package func mapReferences(_ f: (Sym) -> Sym) -> HistoryQuery {
        var q = self
        q.around = around.map(f)
        return q
    }

    /// The absolute window in `state`: around the anchor's withdrawal as the model dates it — or,
    /// while the model has not yet applied it (deadlines apply at the next step, so a replay that
    /// left out the steps between meets this), its pending temporary withdrawal's
    /// `gracePeriodDate` — else around `now` (epoch ms).
    package func span(in state: ModelState, now: Int64) -> HistorySpan {
        let user = around.flatMap { state.users[$0] }
        let date = (user?.withdrawal?.date ?? user?.temporaryWithdrawal)?.valueRange ?? now...now
        return HistorySpan(begin: date.lowerBound - before * 1000, end: date.upperBound + after * 1000)
    }

    package var description: String {
        let anchor = around.map { "around \($0)" } ?? "around now"
        return "\(anchor) -\(before)s+\(after)s page=\(page) size=\(size) \(order)"
            + (eventLogType.map { " type=\($0)" } ?? "")
    }
}

/// The absolute `begin` and `end` (epoch ms) an E15 step sent.
package struct HistorySpan: Hashable, Sendable, Codable, CustomStringConvertible {
    package var begin: Int64
    package var end: Int64
    package init(begin: Int64, end: Int64) {
        self.begin = begin
        self.end = end
    }
    package var description: String { "[\(begin)…\(end)]" }
}
