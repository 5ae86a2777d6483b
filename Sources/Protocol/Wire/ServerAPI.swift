// Server API (documented Gamebase endpoints E1…E15). Dates are ISO-8601 strings with an offset.

/// `member` as the Server API returns it.
public struct ServerMember: Codable, Hashable, Sendable {
    public var userId: String
    public var valid: MemberValid
    public var appId: String
    public var regDate: String
    public var lastLoginDate: String?
    public var authList: [ServerAuthMapping]?
    /// Inside `member` only in E1 (Token Authentication); E3 puts it beside `member`.
    public var temporaryWithdrawal: ServerTemporaryWithdrawal?

    public init(
        userId: String,
        valid: MemberValid,
        appId: String,
        regDate: String,
        lastLoginDate: String? = nil,
        authList: [ServerAuthMapping]? = nil,
        temporaryWithdrawal: ServerTemporaryWithdrawal? = nil
    ) {
        self.userId = userId
        self.valid = valid
        self.appId = appId
        self.regDate = regDate
        self.lastLoginDate = lastLoginDate
        self.authList = authList
        self.temporaryWithdrawal = temporaryWithdrawal
    }
}

public struct ServerAuthMapping: Codable, Hashable, Sendable {
    public var userId: String
    public var authSystem: String
    public var idPCode: IdPCode
    public var authKey: String
    public var regDate: String
    public init(userId: String, authSystem: String = "gbid", idPCode: IdPCode, authKey: String, regDate: String) {
        self.userId = userId
        self.authSystem = authSystem
        self.idPCode = idPCode
        self.authKey = authKey
        self.regDate = regDate
    }
}

public struct ServerTemporaryWithdrawal: Codable, Hashable, Sendable {
    public var gracePeriodDate: String
    public init(gracePeriodDate: String) { self.gracePeriodDate = gracePeriodDate }
}

/// `linkedIdP` of E1 with `linkedIdP=true`: the IdP the token was issued for.
public struct LinkedIdP: Codable, Hashable, Sendable {
    public var idPCode: IdPCode
    public var idPId: String
    public init(idPCode: IdPCode, idPId: String) {
        self.idPCode = idPCode
        self.idPId = idPId
    }
}

/// E1 Token Authentication answer.
public struct TokenAuthenticationResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var linkedIdP: LinkedIdP?
    public var member: ServerMember?
}

/// `memberInfo` of E3 (device facts the SDK reported; constant placeholders here).
public struct MemberInfo: Codable, Hashable, Sendable {
    public var deviceCountryCode: String
    public var usimCountryCode: String
    public var language: String
    public var osCode: String
    public var telecom: String
    public var storeCode: String
    public var network: String
    public var deviceModel: String
    public var osVersion: String
    public var sdkVersion: String
    public var clientVersion: String
}

/// E3 Get Member answer.
public struct GetMemberResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var member: ServerMember?
    public var temporaryWithdrawal: ServerTemporaryWithdrawal?
    public var memberInfo: MemberInfo?
}

public struct MemberSummary: Codable, Hashable, Sendable {
    public var userId: String
    public var valid: MemberValid
    public var appId: String
    public var regDate: String
    public var lastLoginDate: String?
}

/// E4 Get Members answer. Unknown userIds are omitted.
public struct GetMembersResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var memberList: [MemberSummary]?
}

/// E7 Get UserId Information with IdP Id answer: idPId → userId; unmapped ids are omitted.
public struct IdPMembersResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var result: [String: String]?
}

/// E8 Ban body.
public struct BanRequest: Codable, Hashable, Sendable {
    public var userIdList: [String]
    /// `TEMPORARY` (needs `end`) or `PERMANENT`.
    public var banTypeCode: String
    public var end: String?
    public var templateCode: Int?
    public var banReason: String?
    public var flags: String?
    public var banCaller: String?
    public var regUser: String?

    public init(
        userIdList: [String],
        banTypeCode: String,
        end: String? = nil,
        templateCode: Int? = nil,
        banReason: String? = nil,
        flags: String? = nil,
        banCaller: String? = "APP_SERVER",
        regUser: String? = nil
    ) {
        self.userIdList = userIdList
        self.banTypeCode = banTypeCode
        self.end = end
        self.templateCode = templateCode
        self.banReason = banReason
        self.flags = flags
        self.banCaller = banCaller
        self.regUser = regUser
    }
}

/// E11 Ban Release body (sent with DELETE).
public struct BanReleaseRequest: Codable, Hashable, Sendable {
    public var userIdList: [String]
    public var banReleaseReason: String?
    public var banReleaseCaller: String?
    public var releaseUser: String?
    public init(
        userIdList: [String],
        banReleaseReason: String? = nil,
        banReleaseCaller: String? = "APP_SERVER",
        releaseUser: String? = nil
    ) {
        self.userIdList = userIdList
        self.banReleaseReason = banReleaseReason
        self.banReleaseCaller = banReleaseCaller
        self.releaseUser = releaseUser
    }
}

/// E8 / E11 answer: users that could not be processed.
public struct BanResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var failedUserIdList: [String]?
}

/// E13 Validate TransferAccount body.
public struct ValidateTransferAccountRequest: Codable, Hashable, Sendable {
    public struct Account: Codable, Hashable, Sendable {
        public var id: String
        public var password: String
        public init(id: String, password: String) {
            self.id = id
            self.password = password
        }
    }
    public var account: Account
    public init(id: String, password: String) { self.account = Account(id: id, password: password) }
}

/// E13 answer: the issuing member, without doing the transfer.
public struct ValidateTransferAccountResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var member: MemberSummary?
}

public struct PagingInfo: Codable, Hashable, Sendable {
    public var first: Bool
    public var last: Bool
    public var numberOfElements: Int
    public var page: Int
    public var size: Int
    public var totalElements: Int
    public var totalPages: Int
}

/// One E15 row. `regUser == nil` means the client SDK withdrew the user.
public struct WithdrawHistory: Codable, Hashable, Sendable {
    public var userId: String
    public var date: String
    public var regUser: String?
    /// `WAA` (client), `WAES` (Server API E14), `WAGE` (grace period expired).
    public var eventLogType: String
}

/// E15 Withdraw Histories answer.
public struct WithdrawHistoriesResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var pagingInfo: PagingInfo?
    public var result: [WithdrawHistory]?
}
