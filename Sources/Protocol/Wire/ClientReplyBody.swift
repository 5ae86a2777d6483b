/// `token` of an AuthToken answer.
public struct TokenInfo: Codable, Hashable, Sendable {
    /// The Gamebase access token: opaque, sent back as `Authorization: Bearer …`.
    public var accessToken: String
    /// When the token stops working (epoch ms).
    public var expirationDate: Int64
    public init(accessToken: String, expirationDate: Int64) {
        self.accessToken = accessToken
        self.expirationDate = expirationDate
    }
}

/// Every field a client-operation answer can carry. Which ones are present depends on the
/// operation and the outcome (see docs/PROTOCOL.md); unknown fields are ignored.
public struct ClientReplyBody: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    // AuthToken answers (login, token login, change login, add mapping, add mapping forcibly,
    // transfer login, transfer-key login).
    public var token: TokenInfo?
    public var member: Member?
    /// The IdP the session is logged in with after this call.
    public var lastLoggedInProvider: IdPCode?
    // Other success payloads.
    public var authMappingList: [IdPCode]?
    public var temporaryWithdrawal: TemporaryWithdrawalInfo?
    public var transferAccount: TransferAccountInfo?
    public var transferKey: TransferKeyInfo?
    // Failure extras.
    public var forcingMappingTicket: ForcingMappingTicket?
    public var failTransferAccount: TransferAccountFailInfo?
    public var banInfo: BanInfo?

    public init(
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
