/// `additionalInfo` of login and add mapping.
public struct AdditionalInfo: Codable, Hashable, Sendable {
    /// LINE service region: `japan`, `thailand`, `taiwan` or `indonesia`.
    public var lineChannelRegion: String?
    public init(lineChannelRegion: String? = nil) { self.lineChannelRegion = lineChannelRegion }
}

/// Body of `POST …/auth/login`. Guest login sends only `idPCode: "guest"`.
public struct LoginRequest: Codable, Hashable, Sendable {
    public var idPCode: IdPCode
    /// The IdP access token (a signed test token, or the idPId in plain mode). Not used for guest.
    public var accessToken: String?
    public var additionalInfo: AdditionalInfo?
    /// Log in as another user while this device is logged in, without logging out first.
    public var ignoreAlreadyLoggedIn: Bool?

    public init(
        idPCode: IdPCode,
        accessToken: String? = nil,
        additionalInfo: AdditionalInfo? = nil,
        ignoreAlreadyLoggedIn: Bool? = nil
    ) {
        self.idPCode = idPCode
        self.accessToken = accessToken
        self.additionalInfo = additionalInfo
        self.ignoreAlreadyLoggedIn = ignoreAlreadyLoggedIn
    }
}

/// Body of `POST …/auth/mappings`.
public struct AddMappingRequest: Codable, Hashable, Sendable {
    public var idPCode: IdPCode
    public var accessToken: String?
    public var additionalInfo: AdditionalInfo?
    public init(idPCode: IdPCode, accessToken: String? = nil, additionalInfo: AdditionalInfo? = nil) {
        self.idPCode = idPCode
        self.accessToken = accessToken
        self.additionalInfo = additionalInfo
    }
}

/// Body of `POST …/auth/mappings/forcibly` and `POST …/auth/login/change`.
public struct ForcingMappingRequest: Codable, Hashable, Sendable {
    public var forcingMappingKey: String
    public var idPCode: IdPCode
    /// The IdP access token for the account the ticket names.
    public var accessToken: String
    public init(forcingMappingKey: String, idPCode: IdPCode, accessToken: String) {
        self.forcingMappingKey = forcingMappingKey
        self.idPCode = idPCode
        self.accessToken = accessToken
    }
}

/// Body of `PUT …/auth/transfer-account` (renew).
public struct TransferAccountRenewRequest: Codable, Hashable, Sendable {
    /// `AUTO` or `MANUAL`.
    public var renewalModeType: String
    /// For `AUTO`: `PASSWORD` or `ID_PASSWORD`.
    public var renewalTargetType: String?
    /// For `MANUAL`: the new id (may equal the current one) and the new password.
    public var accountId: String?
    public var accountPassword: String?

    public init(
        renewalModeType: String,
        renewalTargetType: String? = nil,
        accountId: String? = nil,
        accountPassword: String? = nil
    ) {
        self.renewalModeType = renewalModeType
        self.renewalTargetType = renewalTargetType
        self.accountId = accountId
        self.accountPassword = accountPassword
    }

    public static func auto(_ target: String) -> Self { .init(renewalModeType: "AUTO", renewalTargetType: target) }
    public static func manual(id: String, password: String) -> Self {
        .init(renewalModeType: "MANUAL", accountId: id, accountPassword: password)
    }
}

/// Body of `POST …/auth/transfer-account/login`.
public struct TransferAccountLoginRequest: Codable, Hashable, Sendable {
    public var accountId: String
    public var accountPassword: String
    public init(accountId: String, accountPassword: String) {
        self.accountId = accountId
        self.accountPassword = accountPassword
    }
}

/// Body of `POST …/auth/transfer-key` (legacy).
public struct TransferKeyIssueRequest: Codable, Hashable, Sendable {
    /// Seconds until the key expires.
    public var expiresIn: Int64
    public init(expiresIn: Int64) { self.expiresIn = expiresIn }
}

/// Body of `POST …/auth/transfer-key/login` (legacy).
public struct TransferKeyLoginRequest: Codable, Hashable, Sendable {
    public var transferKey: String
    public init(transferKey: String) { self.transferKey = transferKey }
}
