/// `additionalInfo` of login and add mapping.
package struct AdditionalInfo: Codable, Hashable, Sendable {
    /// LINE service region: `japan`, `thailand`, `taiwan` or `indonesia`.
    package var lineChannelRegion: String?
    package init(lineChannelRegion: String? = nil) { self.lineChannelRegion = lineChannelRegion }
}

/// Body of `POST …/auth/login`. Guest login sends only `idPCode: "guest"`.
package struct LoginRequest: Codable, Hashable, Sendable {
    package var idPCode: IdPCode
    /// The IdP access token (a signed test token, or the idPId in plain mode). Not used for guest.
    package var accessToken: String?
    package var additionalInfo: AdditionalInfo?
    /// Log in as another user while this device is logged in, without logging out first.
    package var ignoreAlreadyLoggedIn: Bool?

    package init(
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
package struct AddMappingRequest: Codable, Hashable, Sendable {
    package var idPCode: IdPCode
    package var accessToken: String?
    package var additionalInfo: AdditionalInfo?
    package init(idPCode: IdPCode, accessToken: String? = nil, additionalInfo: AdditionalInfo? = nil) {
        self.idPCode = idPCode
        self.accessToken = accessToken
        self.additionalInfo = additionalInfo
    }
}

/// Body of `POST …/auth/mappings/forcibly` and `POST …/auth/login/change`.
package struct ForcingMappingRequest: Codable, Hashable, Sendable {
    package var forcingMappingKey: String
    package var idPCode: IdPCode
    /// The IdP access token for the account the ticket names.
    package var accessToken: String
    package init(forcingMappingKey: String, idPCode: IdPCode, accessToken: String) {
        self.forcingMappingKey = forcingMappingKey
        self.idPCode = idPCode
        self.accessToken = accessToken
    }
}

/// Body of `PUT …/auth/transfer-account` (renew).
package struct TransferAccountRenewRequest: Codable, Hashable, Sendable {
    /// `AUTO` or `MANUAL`.
    package var renewalModeType: String
    /// For `AUTO`: `PASSWORD` or `ID_PASSWORD`.
    package var renewalTargetType: String?
    /// For `MANUAL`: the new id (may equal the current one) and the new password.
    package var accountId: String?
    package var accountPassword: String?

    package init(
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

    package static func auto(_ target: String) -> Self { .init(renewalModeType: "AUTO", renewalTargetType: target) }
    package static func manual(id: String, password: String) -> Self {
        .init(renewalModeType: "MANUAL", accountId: id, accountPassword: password)
    }
}

/// Body of `POST …/auth/transfer-account/login`.
package struct TransferAccountLoginRequest: Codable, Hashable, Sendable {
    package var accountId: String
    package var accountPassword: String
    package init(accountId: String, accountPassword: String) {
        self.accountId = accountId
        self.accountPassword = accountPassword
    }
}

/// Body of `POST …/auth/transfer-key` (legacy).
package struct TransferKeyIssueRequest: Codable, Hashable, Sendable {
    /// Seconds until the key expires.
    package var expiresIn: Int64
    package init(expiresIn: Int64) { self.expiresIn = expiresIn }
}

/// Body of `POST …/auth/transfer-key` with `expiresIn` written as the given JSON number text (an
/// edge value: the number forms of docs/PROTOCOL.md §1.3). Only ``JSONWritable`` can write it.
package struct TransferKeyIssueNumberText: Encodable, Hashable, Sendable {
    package var expiresIn: String
    package init(expiresIn: String) { self.expiresIn = expiresIn }

    package func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            expiresIn,
            .init(codingPath: [], debugDescription: "JSON number text is written by JSONWritable only")
        )
    }
}

/// Body of `POST …/auth/transfer-key/login` (legacy).
package struct TransferKeyLoginRequest: Codable, Hashable, Sendable {
    package var transferKey: String
    package init(transferKey: String) { self.transferKey = transferKey }
}
