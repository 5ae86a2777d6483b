import Model
import Protocol

// Planners for grace bans and the payments that release them (test control, B5 and B6).
extension Player {
    /// The currencies release conditions and payments are drawn from.
    static let currencies = ["USD", "KRW"]

    mutating func planGrace(_ kind: OperationKind, _ adv: Bool, users: [Sym], activeUsers: [Sym]) -> Action? {
        let st = belief.primary
        if adv {
            let gone = pick(users.filter { st.users[$0]!.isWithdrawn }).map { UserArg.user($0) } ?? .unknown
            guard kind == .testPayment else { return .graceBan(user: gone, seconds: 600) }
            // An unknown or withdrawn user, or a payment that is not one (amount 0, a lower-case currency).
            if chance(0.5), let u = pick(activeUsers) {
                return chance(0.5)
                    ? .payment(user: .user(u), amount: 0, currency: "USD")
                    : .payment(user: .user(u), amount: 10, currency: "usd")
            }
            return .payment(user: gone, amount: 10, currency: "USD")
        }
        if kind == .testGraceBan {
            let candidates = activeUsers.filter { st.users[$0]!.ban == nil }
            return pick(candidates).map { .graceBan(user: .user($0), seconds: int(60...7200), rule: releaseRule()) }
        }
        // Mostly towards a pending grace ban with conditions, in their currency; sometimes in the
        // other currency (counts for nothing) or by a user without one.
        let pending = activeUsers.filter { st.users[$0]!.graceRule != nil && st.users[$0]!.graceBan != nil }
        let u = (chance(0.85) ? pick(pending) : nil) ?? pick(activeUsers)
        guard let u else { return nil }
        let user = st.users[u]!
        let currency = user.graceRule?.currency ?? Self.currencies[0]
        let other = Self.currencies.first { $0 != currency }!
        return .payment(user: .user(u), amount: paymentAmount(user), currency: chance(0.85) ? currency : other)
    }

    /// At the release boundary as often as not: exactly what is still missing of the amount, or
    /// one less; otherwise 1–40.
    mutating func paymentAmount(_ user: UserState) -> Int {
        let missing = user.graceRule.map { Int(($0.amount - user.paidAmount).rounded(.up)) } ?? 0
        if missing >= 1 {
            if chance(0.35) { return missing }
            if missing >= 2, chance(0.2) { return missing - 1 }
        }
        return Int(int(1...40))
    }

    /// Release conditions of a new grace ban: none a quarter of the time; otherwise 10–100 in one
    /// currency and 1–3 payments, AND or OR.
    mutating func releaseRule() -> ReleaseRuleCondition? {
        guard chance(0.75) else { return nil }
        return ReleaseRuleCondition(
            amount: Double(int(1...10) * 10),
            count: Int(int(1...3)),
            currency: pick(Self.currencies)!,
            conditionType: chance(0.5) ? "AND" : "OR"
        )
    }
}
