import Protocol

// B5, B6: a grace ban's release conditions and what was paid towards them.
extension Ctx {
    /// The release conditions as they were set (B5) and `paymentStatus` as the payments made it
    /// (B6); `currency` of `paymentStatus` is read tolerantly (the editions never read it).
    func checkRelease(_ u: UserState, _ g: GraceBanInfo, field: String) -> Mismatch? {
        if g.releaseRuleCondition != u.graceRule {
            return fail(
                .B5,
                field + ".releaseRuleCondition",
                Self.describe(u.graceRule),
                Self.describe(g.releaseRuleCondition)
            )
        }
        guard let want = u.paymentStatus else {
            // Without release conditions nothing counts: no paymentStatus, or one of nothing paid.
            if let p = g.paymentStatus, p.amount != 0 || p.count != 0 {
                return fail(.B6, field + ".paymentStatus", "absent or nothing paid", Self.describe(p))
            }
            return nil
        }
        guard let got = g.paymentStatus else { return fail(.B6, field + ".paymentStatus", "present", "absent") }
        if got.amount != want.amount || got.count != want.count {
            return fail(.B6, field + ".paymentStatus", Self.describe(want), Self.describe(got))
        }
        if let c = got.currency, let w = want.currency, c != w {
            return fail(.B6, field + ".paymentStatus.currency", w, c)
        }
        return nil
    }

    static func describe(_ r: ReleaseRuleCondition?) -> String {
        guard let r else { return "absent" }
        return "\(r.conditionType) amount \(r.amount) \(r.currency), count \(r.count)"
    }

    static func describe(_ p: PaymentStatus) -> String { "amount \(p.amount), count \(p.count)" }
}
