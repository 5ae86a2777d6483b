/// A member as client operations return it (dates in epoch milliseconds).
public struct Member: Codable, Hashable, Sendable {
    public var userId: String
    public var valid: MemberValid
    public var appId: String
    public var regDate: Int64
    /// The latest successful login before this request; absent when there was none.
    public var lastLoginDate: Int64?
    public var authList: [AuthMappingInfo]
    /// Present only while `valid == T`.
    public var temporaryWithdrawal: TemporaryWithdrawalInfo?
    /// Present only while `valid == P`.
    public var graceBanInfo: GraceBanInfo?

    public init(
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
    public var accounts: Set<IdPAccount> { Set(authList.map { IdPAccount($0.idPCode, $0.authKey) }) }
}

/// One `authList` entry: an IdP account mapped to the member.
public struct AuthMappingInfo: Codable, Hashable, Sendable {
    public var userId: String
    /// Always `gbid` here, the only documented auth system.
    public var authSystem: String
    public var idPCode: IdPCode
    /// The IdP account id (`idPId`); for `guest`, the device id holding the guest key.
    public var authKey: String
    public var regDate: Int64

    public init(userId: String, authSystem: String = "gbid", idPCode: IdPCode, authKey: String, regDate: Int64) {
        self.userId = userId
        self.authSystem = authSystem
        self.idPCode = idPCode
        self.authKey = authKey
        self.regDate = regDate
    }
}

/// `temporaryWithdrawal`: when the pending withdrawal becomes final.
public struct TemporaryWithdrawalInfo: Codable, Hashable, Sendable {
    public var gracePeriodDate: Int64
    public init(gracePeriodDate: Int64) { self.gracePeriodDate = gracePeriodDate }
}

/// `graceBanInfo`, present while `valid == P`.
public struct GraceBanInfo: Codable, Hashable, Sendable {
    public var gracePeriodDate: Int64
    /// URL-encoded message.
    public var message: String
    public var paymentStatus: PaymentStatus?
    public var releaseRuleCondition: ReleaseRuleCondition?

    public init(
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

public struct PaymentStatus: Codable, Hashable, Sendable {
    public var amount: Double
    public var count: Int
    public var currency: String
    public init(amount: Double, count: Int, currency: String) {
        self.amount = amount
        self.count = count
        self.currency = currency
    }
}

public struct ReleaseRuleCondition: Codable, Hashable, Sendable {
    public var amount: Double
    public var count: Int
    public var currency: String
    /// `AND` or `OR`.
    public var conditionType: String
    public init(amount: Double, count: Int, currency: String, conditionType: String) {
        self.amount = amount
        self.count = count
        self.currency = currency
        self.conditionType = conditionType
    }
}
