/// `token` of an AuthToken answer.
package struct TokenInfo: Codable, Hashable, Sendable {
    /// The Gamebase access token: opaque, sent back as `Authorization: Bearer …`.
    package var accessToken: String
    /// When the token stops working (epoch ms).
    package var expirationDate: Int64
    package init(accessToken: String, expirationDate: Int64) {
        self.accessToken = accessToken
        self.expirationDate = expirationDate
    }
}

/// Every field a client-operation answer can carry. Which ones are present depends on the
/// operation and the outcome (see docs/PROTOCOL.md); unknown fields are ignored.
package struct ClientReplyBody: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    // AuthToken answers (login, token login, change login, add mapping, add mapping forcibly,
    // transfer login, transfer-key login).
    package var token: TokenInfo?
    package var member: Member?
    /// The IdP the session is logged in with after this call.
    package var lastLoggedInProvider: IdPCode?
    // Other success payloads.
    package var authMappingList: [IdPCode]?
    package var temporaryWithdrawal: TemporaryWithdrawalInfo?
    package var transferAccount: TransferAccountInfo?
    package var transferKey: TransferKeyInfo?
    // Failure extras.
    package var forcingMappingTicket: ForcingMappingTicket?
    package var failTransferAccount: TransferAccountFailInfo?
    package var banInfo: BanInfo?

    package init(
        header: ResponseHeader,
        token: TokenInfo? = nil,
        member: Member? = nil,
        lastLoggedInProvider: IdPCode? = nil,
        authMappingList: [IdPCode]? = nil,
        temporaryWithdrawal: TemporaryWithdrawalInfo? = nil,
        transferAccount: TransferAccountInfo? = nil,
        transferKey: TransferKeyInfo? = nil,
        forcingMappingTicket: ForcingMappingTicket? = nil,
        failTransferAccount: TransferAccountFailInfo? = nil,
        banInfo: BanInfo? = nil
    ) {
        self.header = header
        self.token = token
        self.member = member
        self.lastLoggedInProvider = lastLoggedInProvider
        self.authMappingList = authMappingList
        self.temporaryWithdrawal = temporaryWithdrawal
        self.transferAccount = transferAccount
        self.transferKey = transferKey
        self.forcingMappingTicket = forcingMappingTicket
        self.failTransferAccount = failTransferAccount
        self.banInfo = banInfo
    }
}
