import Protocol

/// Body of `POST …/members/{userId}/grace-ban` (B5).
package struct GraceBanInput: Sendable {
    package var userId: String
    package var seconds: Int64
    package var message: String
    package var rule: ReleaseRuleCondition?

    package static func parse(_ r: ObjectReader?, userId: String) throws -> GraceBanInput {
        guard let r else { throw GamebaseFailure(.malformedJSON) }
        let v = r.validator
        let seconds = r.int("gracePeriodSeconds") ?? 7 * 86_400
        if seconds < 1 || seconds > Semantics.maxSeconds { v.report(.inappropriateValue, "gracePeriodSeconds") }
        let message = r.string("message") ?? ""
        var rule: ReleaseRuleCondition?
        if let c = r.object("releaseRuleCondition") {
            let amount = c.number("amount", required: true)
            let count = c.int("count", required: true)
            let currency = c.string("currency", required: true)
            let type = c.oneOf("conditionType", ["AND", "OR"], required: true)
            if let amount, let count, let currency, let type {
                rule = ReleaseRuleCondition(
                    amount: amount,
                    count: Int(clamping: count),
                    currency: currency,
                    conditionType: type
                )
            }
        }
        try v.check()
        return GraceBanInput(userId: userId, seconds: seconds, message: message, rule: rule)
    }
}
