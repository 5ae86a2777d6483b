import Foundation
import Protocol
import RequestInput

/// Body of `POST …/members/{userId}/payment` (B6): a purchase counted towards the release
/// conditions of the user's pending grace ban.
struct PaymentInput: Sendable {
    var userId: String
    var amount: Double
    var currency: String

    static func parse(_ r: ObjectReader?, userId: String) throws -> PaymentInput {
        guard let r else { throw GamebaseFailure(.malformedJSON) }
        let v = r.validator
        let amount = r.number("amount", required: true)
        let currency = r.string("currency", required: true)
        if let amount, !PaymentLimits.isAmount(amount) {
            v.report(.inappropriateValue, "amount must be a whole number of 1…\(PaymentLimits.amounts.upperBound)")
        }
        if let currency, !PaymentLimits.isCurrency(currency) {
            v.report(.inappropriateValue, "currency must be three capital letters")
        }
        try v.check()
        return PaymentInput(userId: userId, amount: amount ?? 0, currency: currency ?? "")
    }

    /// Counts the payment when it is in the currency of the pending grace ban's conditions; the
    /// grace ban ends when they are met (`AND`: amount and count; `OR`: either).
    static func apply(_ s: OperationScope, _ input: PaymentInput) throws -> GraceBanResponse {
        guard var user = try UserRow.fetch(s.db, input.userId) else { throw Rejection(.memberNotExist) }
        guard user.valid != .withdrawn, user.valid != .lost else { throw Rejection(.memberAlreadyWithdrawn) }
        if user.graceBanUntil != nil, let rule = user.graceRule, rule.currency == input.currency {
            user.gracePaidAmount += input.amount
            user.gracePaidCount += 1
            if rule.isMet(amount: user.gracePaidAmount, count: user.gracePaidCount), !s.bug(.graceNeverReleased) {
                user.clearGraceBan()
            }
            try user.update(s.db)
        }
        return GraceBanResponse(s.caller.header(), graceBanInfo: MemberView.graceBanInfo(user))
    }
}
