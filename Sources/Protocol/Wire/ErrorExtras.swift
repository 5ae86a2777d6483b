/// `banInfo`, carried with result code 7 (BANNED_MEMBER). Dates in epoch milliseconds.
package struct BanInfo: Codable, Hashable, Sendable {
    package var userId: String
    /// `TEMPORARY` or `PERMANENT`.
    package var banType: String
    package var beginDate: Int64
    /// Absent for a permanent ban.
    package var endDate: Int64?
    package var message: String
    /// The customer-service contact and page: no edition names these fields, so a target may leave
    /// them out (knob `shapes.banInfoContact`); read tolerantly, judged by the knob.
    package var csInfo: String?
    package var csUrl: String?

    package init(
        userId: String,
        banType: String,
        beginDate: Int64,
        endDate: Int64? = nil,
        message: String = "",
        csInfo: String? = "",
        csUrl: String? = ""
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
package struct ForcingMappingTicket: Codable, Hashable, Sendable {
    /// The user who asked for the mapping (the only user who may redeem the ticket).
    package var userId: String
    /// The user who owns the IdP account now.
    package var mappedUserId: String
    package var mappedUserValid: MemberValid
    package var idPCode: IdPCode
    /// The IdP account the ticket is bound to: this project's addition, which no edition lists (knob
    /// `shapes.ticketIdPId`); read tolerantly, judged by the knob.
    package var idPId: String?
    package var forcingMappingKey: String
    package var expirationDate: Int64
    /// Echo of the IdP access token presented to add mapping.
    package var accessToken: String

    package init(
        userId: String,
        mappedUserId: String,
        mappedUserValid: MemberValid,
        idPCode: IdPCode,
        idPId: String?,
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
package struct TransferAccountFailInfo: Codable, Hashable, Sendable {
    package var appId: String
    package var id: String
    /// Always `B` (blocked).
    package var status: String
    package var failCount: Int
    package var blockEndDate: Int64
    package var regDate: Int64

    package init(appId: String, id: String, status: String = "B", failCount: Int, blockEndDate: Int64, regDate: Int64) {
        self.appId = appId
        self.id = id
        self.status = status
        self.failCount = failCount
        self.blockEndDate = blockEndDate
        self.regDate = regDate
    }
}
