import Model

extension ModelState {
    /// Whether a step at server instant `t` could have to choose whether one of this state's
    /// deadlines has passed (its interval holds `t` and no earlier step settled it). Such a choice
    /// is recorded in ``passedDeadlines``, which is keyed by the deadline's value, not by an entity:
    /// two steps on unrelated entities whose deadlines happen to be equal would then not commute,
    /// so the partial-order reduction and backjumping stand aside (``Search/persistent(_:_:_:)``).
    func hasOpenDeadline(at t: Int64) -> Bool {
        func open(_ d: Deadline?) -> Bool {
            guard let d else { return false }
            return d.earliest <= t && t < d.latest && !passedDeadlines.contains(d)
        }
        for u in users.values {
            if open(u.temporaryWithdrawal) || open(u.graceBan) { return true }
            if let b = u.ban {
                if open(b.begin) { return true }
                if !b.permanent, let e = b.end, open(Deadline(exactly: e, boundaryAmbiguous: true)) { return true }
            }
        }
        if tokens.values.contains(where: { open($0.expiry) }) { return true }
        if tickets.values.contains(where: { open($0.expiry) }) { return true }
        if transferAccounts.values.contains(where: { open($0.expiry) || open($0.blocked?.end) }) { return true }
        if wrongIdDevices.values.contains(where: { open($0.blocked?.end) }) { return true }
        return transferKeys.values.contains { open($0.expiry) }
    }
}
