// Server API (documented Gamebase endpoints E1…E16). Dates are ISO-8601 strings with an offset.

/// `member` as the Server API returns it.
package struct ServerMember: Codable, Hashable, Sendable {
    package var userId: String
    package var valid: MemberValid
    package var appId: String
    package var regDate: String
    package var lastLoginDate: String?
    package var authList: [ServerAuthMapping]?
    /// Inside `member` only in E1 (Token Authentication); E3 puts it beside `member`.
    package var temporaryWithdrawal: ServerTemporaryWithdrawal?

    package init(
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

package struct ServerAuthMapping: Codable, Hashable, Sendable {
    package var userId: String
    package var authSystem: String
    package var idPCode: IdPCode
    package var authKey: String
    package var regDate: String
    package init(userId: String, authSystem: String = "gbid", idPCode: IdPCode, authKey: String, regDate: String) {
        self.userId = userId
        self.authSystem = authSystem
        self.idPCode = idPCode
        self.authKey = authKey
        self.regDate = regDate
    }
}

package struct ServerTemporaryWithdrawal: Codable, Hashable, Sendable {
    package var gracePeriodDate: String
    package init(gracePeriodDate: String) { self.gracePeriodDate = gracePeriodDate }
}

/// `linkedIdP` of E1 with `linkedIdP=true`: the IdP the token was issued for.
package struct LinkedIdP: Codable, Hashable, Sendable {
    package var idPCode: IdPCode
    package var idPId: String
    package init(idPCode: IdPCode, idPId: String) {
        self.idPCode = idPCode
        self.idPId = idPId
    }
}

/// E1 Token Authentication answer.
package struct TokenAuthenticationResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var linkedIdP: LinkedIdP?
    package var member: ServerMember?
}

/// E16 Get IdP Token and Profile answer: the IdP account the session logged in with, the IdP access
/// token that logged it in, and the IdP's profile of that account.
package struct IdPTokenAndProfileResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var idPCode: IdPCode?
    package var idPId: String?
    package var idPAccessToken: String?
    package var idPProfile: IdPProfile?
}

/// The profile an IdP keeps of an account; the test IdP (§1.6) knows only its id.
package struct IdPProfile: Codable, Hashable, Sendable {
    package var id: String
    package init(id: String) { self.id = id }
}

/// `memberInfo` of E3 (device facts the SDK reported; constant placeholders here).
package struct MemberInfo: Codable, Hashable, Sendable {
    package var deviceCountryCode: String
    package var usimCountryCode: String
    package var language: String
    package var osCode: String
    package var telecom: String
    package var storeCode: String
    package var network: String
    package var deviceModel: String
    package var osVersion: String
    package var sdkVersion: String
    package var clientVersion: String
}

/// E3 Get Member answer.
package struct GetMemberResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var member: ServerMember?
    package var temporaryWithdrawal: ServerTemporaryWithdrawal?
    package var memberInfo: MemberInfo?
}

package struct MemberSummary: Codable, Hashable, Sendable {
    package var userId: String
    package var valid: MemberValid
    package var appId: String
    package var regDate: String
    package var lastLoginDate: String?
}

/// E4 Get Members answer. Unknown userIds are omitted.
package struct GetMembersResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var memberList: [MemberSummary]?
}

/// E7 Get UserId Information with IdP Id answer: idPId → userId; unmapped ids are omitted.
package struct IdPMembersResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var result: [String: String]?
}

/// E8 Ban body.
package struct BanRequest: Codable, Hashable, Sendable {
    package var userIdList: [String]
    /// `TEMPORARY` (needs `end`) or `PERMANENT`.
    package var banTypeCode: String
    package var end: String?
    package var templateCode: Int?
    package var banReason: String?
    package var flags: String?
    package var banCaller: String?
    package var regUser: String?

    package init(
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
package struct BanReleaseRequest: Codable, Hashable, Sendable {
    package var userIdList: [String]
    package var banReleaseReason: String?
    package var banReleaseCaller: String?
    package var releaseUser: String?
    package init(
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
package struct BanResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var failedUserIdList: [String]?
}

/// E13 Validate TransferAccount body.
package struct ValidateTransferAccountRequest: Codable, Hashable, Sendable {
    package struct Account: Codable, Hashable, Sendable {
        package var id: String
        package var password: String
        package init(id: String, password: String) {
            self.id = id
            self.password = password
        }
    }
    package var account: Account
    package init(id: String, password: String) { self.account = Account(id: id, password: password) }
}

/// E13 answer: the issuing member, without doing the transfer.
package struct ValidateTransferAccountResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var member: MemberSummary?
}

package struct PagingInfo: Codable, Hashable, Sendable {
    package var first: Bool
    package var last: Bool
    package var numberOfElements: Int
    package var page: Int
    package var size: Int
    package var totalElements: Int
    package var totalPages: Int
}

/// One E15 row. `regUser == nil` means the client SDK withdrew the user.
package struct WithdrawHistory: Codable, Hashable, Sendable {
    package var userId: String
    package var date: String
    package var regUser: String?
    /// `WAA` (client), `WAES` (Server API E14), `WAGE` (grace period expired).
    package var eventLogType: String
}

/// E15 Withdraw Histories answer.
package struct WithdrawHistoriesResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var pagingInfo: PagingInfo?
    package var result: [WithdrawHistory]?
}
