/// `banInfo`, carried with result code 7 (BANNED_MEMBER). Dates in epoch milliseconds.
public struct BanInfo: Codable, Hashable, Sendable {
    public var userId: String
    /// `TEMPORARY` or `PERMANENT`.
    public var banType: String
    public var beginDate: Int64
    /// Absent for a permanent ban.
    public var endDate: Int64?
    public var message: String
    public var csInfo: String
    public var csUrl: String

    public init(
        userId: String,
        banType: String,
        beginDate: Int64,
        endDate: Int64? = nil,
        message: String = "",
        csInfo: String = "",
        csUrl: String = ""
    ) {
        self.userId = userId
        self.banType = banType
        self.beginDate = beginDate
        self.endDate = endDate
        self.message = message
        self.csInfo = csInfo
        self.csUrl = csUrl
    }
}

/// `forcingMappingTicket`, carried with result code 3302.
public struct ForcingMappingTicket: Codable, Hashable, Sendable {
    /// The user who asked for the mapping (the only user who may redeem the ticket).
    public var userId: String
    /// The user who owns the IdP account now.
    public var mappedUserId: String
    public var mappedUserValid: MemberValid
    public var idPCode: IdPCode
    /// The IdP account the ticket is bound to.
    public var idPId: String
    public var forcingMappingKey: String
    public var expirationDate: Int64
    /// Echo of the IdP access token presented to add mapping.
    public var accessToken: String

    public init(
        userId: String,
        mappedUserId: String,
        mappedUserValid: MemberValid,
        idPCode: IdPCode,
        idPId: String,
        forcingMappingKey: String,
        expirationDate: Int64,
        accessToken: String
    ) {
        self.userId = userId
        self.mappedUserId = mappedUserId
        self.mappedUserValid = mappedUserValid
        self.idPCode = idPCode
        self.idPId = idPId
        self.forcingMappingKey = forcingMappingKey
        self.expirationDate = expirationDate
        self.accessToken = accessToken
    }
}

/// `failTransferAccount`, carried with result code 3042.
public struct TransferAccountFailInfo: Codable, Hashable, Sendable {
    public var appId: String
    public var id: String
    /// Always `B` (blocked).
    public var status: String
    public var failCount: Int
    public var blockEndDate: Int64
    public var regDate: Int64

    public init(appId: String, id: String, status: String = "B", failCount: Int, blockEndDate: Int64, regDate: Int64) {
        self.appId = appId
        self.id = id
        self.status = status
        self.failCount = failCount
        self.blockEndDate = blockEndDate
        self.regDate = regDate
    }
}
