import Basics
import Model

// The E15 planner: windows a player can judge, pages of every size, and every limit broken.
extension Player {
    /// Mostly a window of up to two minutes each side of one of the player's withdrawals (so the
    /// page holds little but it, and its absence is seen), else around now; a side is often the
    /// withdrawal's own moment (with a frozen clock, exact: a server whose bounds are exclusive, or
    /// that rounds a date's fraction, omits it); any size, the first page mostly, either order, one
    /// type or all. Adversarial: a window just after the
    /// withdrawal (it must be absent), `begin` after `end`, `page` or `size` outside its range,
    /// an unknown order or type (a number form comes as the step's edge).
    mutating func planHistoryQuery(_ adv: Bool) -> HistoryQuery {
        let st = belief.primary
        let withdrawn = boundUsers.filter { st.users[$0]?.withdrawal != nil }
        let anchor = chance(0.75) ? pick(withdrawn) : nil
        var q = HistoryQuery(around: anchor, before: 0, after: 0)
        q.before = chance(0.3) ? 0 : int(1...120)
        q.after = chance(0.3) ? 0 : int(1...120)
        q.size = pick([1, 2, 3, 10, 100, 1000])!
        q.page = chance(0.8) ? 0 : int(1...2)
        q.order = pick(HistoryQuery.orders)!
        q.eventLogType = chance(0.5) ? nil : pick(HistoryQuery.eventLogTypes)
        guard adv else { return q }
        switch rng.next() % 6 {
        case 0:
            q.before = -int(1...60)
        case 1:
            q.before = -int(600...900)
            q.after = 0
        case 2:
            q.size = pick([0, -1, 1001])!
        case 3:
            q.page = pick([-1, 1_000_001])!
        case 4:
            q.order = pick(["asc", "Desc", "UP"])!
        default:
            q.eventLogType = pick(["waa", "WA", "WITHDRAW"])
        }
        return q
    }
}
