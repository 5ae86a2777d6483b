/// A member as client operations return it (dates in epoch milliseconds).
package struct Member: Codable, Hashable, Sendable {
    package var userId: String
    package var valid: MemberValid
    package var appId: String
    package var regDate: Int64
    /// The latest successful login before this request; absent when there was none.
    package var lastLoginDate: Int64?
    package var authList: [AuthMappingInfo]
    /// Present only while `valid == T`.
    package var temporaryWithdrawal: TemporaryWithdrawalInfo?
    /// Present only while `valid == P`.
    package var graceBanInfo: GraceBanInfo?

    package init(
        userId: String,
        valid: MemberValid,
        appId: String,
        regDate: Int64,
        lastLoginDate: Int64? = nil,
        authList: [AuthMappingInfo] = [],
        temporaryWithdrawal: TemporaryWithdrawalInfo? = nil,
        graceBanInfo: GraceBanInfo? = nil
    ) {
        self.userId = userId
        self.valid = valid
        self.appId = appId
        self.regDate = regDate
        self.lastLoginDate = lastLoginDate
        self.authList = authList
        self.temporaryWithdrawal = temporaryWithdrawal
        self.graceBanInfo = graceBanInfo
    }

    /// The IdP accounts in `authList`.
    package var accounts: Set<IdPAccount> { Set(authList.map { IdPAccount($0.idPCode, $0.authKey) }) }
}

/// One `authList` entry: an IdP account mapped to the member.
package struct AuthMappingInfo: Codable, Hashable, Sendable {
    package var userId: String
    /// Always `gbid` here, the only documented auth system.
    package var authSystem: String
    package var idPCode: IdPCode
    /// The IdP account id (`idPId`); for `guest`, the device id holding the guest key.
    package var authKey: String
    package var regDate: Int64

    package init(userId: String, authSystem: String = "gbid", idPCode: IdPCode, authKey: String, regDate: Int64) {
        self.userId = userId
        self.authSystem = authSystem
        self.idPCode = idPCode
        self.authKey = authKey
        self.regDate = regDate
    }
}

/// `temporaryWithdrawal`: when the pending withdrawal becomes final.
package struct TemporaryWithdrawalInfo: Codable, Hashable, Sendable {
    package var gracePeriodDate: Int64
    package init(gracePeriodDate: Int64) { self.gracePeriodDate = gracePeriodDate }
}

/// `graceBanInfo`, present while `valid == P`.
package struct GraceBanInfo: Codable, Hashable, Sendable {
    package var gracePeriodDate: Int64
    /// URL-encoded message.
    package var message: String
    package var paymentStatus: PaymentStatus?
    package var releaseRuleCondition: ReleaseRuleCondition?

    package init(
        gracePeriodDate: Int64,
        message: String,
        paymentStatus: PaymentStatus? = nil,
        releaseRuleCondition: ReleaseRuleCondition? = nil
    ) {
        self.gracePeriodDate = gracePeriodDate
        self.message = message
        self.paymentStatus = paymentStatus
        self.releaseRuleCondition = releaseRuleCondition
    }
}

package struct PaymentStatus: Codable, Hashable, Sendable {
    package var amount: Double
    package var count: Int
    /// The editions' examples read only `amount` and `count` here: read tolerantly.
    package var currency: String?
    package init(amount: Double, count: Int, currency: String?) {
        self.amount = amount
        self.count = count
        self.currency = currency
    }
}

package struct ReleaseRuleCondition: Codable, Hashable, Sendable {
    package var amount: Double
    package var count: Int
    package var currency: String
    /// `AND` or `OR`.
    package var conditionType: String

    /// Whether `amount` paid in `count` payments meets the conditions (B6): `AND` needs both
    /// thresholds, `OR` either.
    package func isMet(amount paid: Double, count payments: Int) -> Bool {
        conditionType == "AND"
            ? paid >= amount && payments >= count
            : paid >= amount || payments >= count
    }
    package init(amount: Double, count: Int, currency: String, conditionType: String) {
        self.amount = amount
        self.count = count
        self.currency = currency
        self.conditionType = conditionType
    }
}
