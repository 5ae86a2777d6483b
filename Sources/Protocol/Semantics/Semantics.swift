/// The semantic knobs of a Gamebase-compatible target: every choice the public docs leave open,
/// with the defaults of docs/PROTOCOL.md. The reference server is configured with it (`--config`)
/// and reports it through test control; the model reads it so both agree.
///
/// Decoding fills every missing key with its default, so a config may name only what it changes.
package struct Semantics: Codable, Hashable, Sendable {
    /// The app id clients put in paths; any other id gets -4010001.
    package var appId: String
    package var idp: IdPSemantics
    package var login: LoginSemantics
    package var tokens: TokenSemantics
    package var ban: BanSemantics
    package var mapping: MappingSemantics
    package var withdrawal: WithdrawalSemantics
    package var transferAccount: TransferAccountSemantics
    package var transferKey: TransferKeySemantics
    package var shapes: ShapeSemantics
    /// When every login answers 3701 (L14).
    package var maintenance: MaintenanceSemantics

    package init(
        appId: String = "gbfuzz",
        idp: IdPSemantics = .init(),
        login: LoginSemantics = .init(),
        tokens: TokenSemantics = .init(),
        ban: BanSemantics = .init(),
        mapping: MappingSemantics = .init(),
        withdrawal: WithdrawalSemantics = .init(),
        transferAccount: TransferAccountSemantics = .init(),
        transferKey: TransferKeySemantics = .init(),
        shapes: ShapeSemantics = .init(),
        maintenance: MaintenanceSemantics = .init()
    ) {
        self.appId = appId
        self.idp = idp
        self.login = login
        self.tokens = tokens
        self.ban = ban
        self.mapping = mapping
        self.withdrawal = withdrawal
        self.transferAccount = transferAccount
        self.transferKey = transferKey
        self.shapes = shapes
        self.maintenance = maintenance
    }

    package static let `default` = Semantics()

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = Semantics()
        appId = try c.decodeIfPresent(String.self, forKey: .appId) ?? d.appId
        idp = try c.decodeIfPresent(IdPSemantics.self, forKey: .idp) ?? d.idp
        login = try c.decodeIfPresent(LoginSemantics.self, forKey: .login) ?? d.login
        tokens = try c.decodeIfPresent(TokenSemantics.self, forKey: .tokens) ?? d.tokens
        ban = try c.decodeIfPresent(BanSemantics.self, forKey: .ban) ?? d.ban
        mapping = try c.decodeIfPresent(MappingSemantics.self, forKey: .mapping) ?? d.mapping
        withdrawal = try c.decodeIfPresent(WithdrawalSemantics.self, forKey: .withdrawal) ?? d.withdrawal
        transferAccount =
            try c.decodeIfPresent(TransferAccountSemantics.self, forKey: .transferAccount) ?? d.transferAccount
        transferKey = try c.decodeIfPresent(TransferKeySemantics.self, forKey: .transferKey) ?? d.transferKey
        shapes = try c.decodeIfPresent(ShapeSemantics.self, forKey: .shapes) ?? d.shapes
        maintenance = try c.decodeIfPresent(MaintenanceSemantics.self, forKey: .maintenance) ?? d.maintenance
    }
}

/// How IdP access tokens are checked.
package enum IdPTokenMode: String, Codable, Hashable, Sendable, CaseIterable {
    /// `base64url(idPCode:idPId:issuedAt).base64url(HMAC-SHA256(secret, first part))`.
    case hmac
    /// The token is the idPId itself (a trust-everything test IdP).
    case plain
}

package struct IdPSemantics: Codable, Hashable, Sendable {
    package var tokenMode: IdPTokenMode
    /// IdP codes configured for the app; others get 3202 (login) or 3304 (add mapping).
    package var codes: [IdPCode]
    /// Accepted LINE regions; another region gets 3201.
    package var lineRegions: [String]
    /// What a login or mapping with an IdP code that is not in ``codes`` gets (L13).
    package var unconfigured: UnconfiguredIdP

    package init(
        tokenMode: IdPTokenMode = .hmac,
        codes: [IdPCode] = IdPCode.documented,
        lineRegions: [String] = IdPCode.lineRegions,
        unconfigured: UnconfiguredIdP = .console
    ) {
        self.tokenMode = tokenMode
        self.codes = codes
        self.lineRegions = lineRegions
        self.unconfigured = unconfigured
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = IdPSemantics()
        tokenMode = try c.decodeIfPresent(IdPTokenMode.self, forKey: .tokenMode) ?? d.tokenMode
        codes = try c.decodeIfPresent([IdPCode].self, forKey: .codes) ?? d.codes
        lineRegions = try c.decodeIfPresent([String].self, forKey: .lineRegions) ?? d.lineRegions
        unconfigured = try c.decodeIfPresent(UnconfiguredIdP.self, forKey: .unconfigured) ?? d.unconfigured
    }
}

package struct TokenSemantics: Codable, Hashable, Sendable {
    /// Gamebase access token lifetime from issue.
    package var lifetimeSeconds: Int64
    /// What a new login does to the device's previous token (L10).
    package var perDevice: TokensPerDevice
    /// Whether a token works only from the device it was issued to (L11).
    package var deviceBound: Bool
    /// What a token its user's withdrawal or loss revoked answers (L12, L2).
    package var goneMember: GoneMember

    package init(
        lifetimeSeconds: Int64 = 86_400,
        perDevice: TokensPerDevice = .one,
        deviceBound: Bool = true,
        goneMember: GoneMember = .invalidToken
    ) {
        self.lifetimeSeconds = lifetimeSeconds
        self.perDevice = perDevice
        self.deviceBound = deviceBound
        self.goneMember = goneMember
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = TokenSemantics()
        lifetimeSeconds = try c.decodeIfPresent(Int64.self, forKey: .lifetimeSeconds) ?? d.lifetimeSeconds
        perDevice = try c.decodeIfPresent(TokensPerDevice.self, forKey: .perDevice) ?? d.perDevice
        deviceBound = try c.decodeIfPresent(Bool.self, forKey: .deviceBound) ?? d.deviceBound
        goneMember = try c.decodeIfPresent(GoneMember.self, forKey: .goneMember) ?? d.goneMember
    }
}

package struct MappingSemantics: Codable, Hashable, Sendable {
    /// Order in which add-mapping failures are checked (a permutation of 3305, 3303, 3302).
    package var addPrecedence: [ResultCode]
    /// Order in which remove-mapping failures are checked (a permutation of 3402, 3403).
    package var removePrecedence: [ResultCode]
    package var forcingTicketLifetimeSeconds: Int64
    /// What a mapping does to a guest-only user's TransferAccount and TransferKey (T14).
    package var transferCredentials: TransferCredentialsOnMapping
    /// What a mapping does to a guest-only user's guest entry and logged-in IdP (M4).
    package var fromGuest: MappingFromGuest
    /// What a 3302 offers: a forcing ticket and the forced operations, or nothing (M8).
    package var forcing: ForcingRemedy

    package init(
        addPrecedence: [ResultCode] = [
            .addMappingCannotAddGuestIdP, .addMappingAlreadyHasSameIdP,
            .addMappingAlreadyMappedToOtherMember,
        ],
        removePrecedence: [ResultCode] = [.removeMappingLastMappedIdP, .removeMappingLoggedInIdP],
        forcingTicketLifetimeSeconds: Int64 = 600,
        transferCredentials: TransferCredentialsOnMapping = .delete,
        fromGuest: MappingFromGuest = .replace,
        forcing: ForcingRemedy = .ticket
    ) {
        self.addPrecedence = addPrecedence
        self.removePrecedence = removePrecedence
        self.forcingTicketLifetimeSeconds = forcingTicketLifetimeSeconds
        self.transferCredentials = transferCredentials
        self.fromGuest = fromGuest
        self.forcing = forcing
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = MappingSemantics()
        addPrecedence = try c.decodeIfPresent([ResultCode].self, forKey: .addPrecedence) ?? d.addPrecedence
        removePrecedence = try c.decodeIfPresent([ResultCode].self, forKey: .removePrecedence) ?? d.removePrecedence
        forcingTicketLifetimeSeconds =
            try c.decodeIfPresent(Int64.self, forKey: .forcingTicketLifetimeSeconds) ?? d.forcingTicketLifetimeSeconds
        transferCredentials =
            try c.decodeIfPresent(TransferCredentialsOnMapping.self, forKey: .transferCredentials)
            ?? d.transferCredentials
        fromGuest = try c.decodeIfPresent(MappingFromGuest.self, forKey: .fromGuest) ?? d.fromGuest
        forcing = try c.decodeIfPresent(ForcingRemedy.self, forKey: .forcing) ?? d.forcing
    }
}

package struct WithdrawalSemantics: Codable, Hashable, Sendable {
    /// Temporary-withdrawal grace period, 1…30 days (console range).
    package var gracePeriodDays: Int
    package init(gracePeriodDays: Int = 7) { self.gracePeriodDays = gracePeriodDays }
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        gracePeriodDays = try c.decodeIfPresent(Int.self, forKey: .gracePeriodDays) ?? 7
    }
    package var gracePeriodMilliseconds: Int64 { Int64(gracePeriodDays) * 86_400_000 }
}

/// Character sets for TransferAccount ids and passwords (console "Issue" options).
package enum CredentialFormat: String, Codable, Hashable, Sendable, CaseIterable {
    case digits
    case digitsLower
    case digitsUpper
    case digitsLowerUpper
    case lowerUpper
    /// Password only: no password (id alone transfers).
    case disabled

    /// The documented minimum length of a generated value.
    package var minimumLength: Int {
        switch self {
        case .digits: 12
        case .digitsLower, .digitsUpper: 10
        case .digitsLowerUpper, .lowerUpper: 9
        case .disabled: 0
        }
    }

    /// The characters a value may contain.
    package var alphabet: [Character] {
        let d = Array("0123456789")
        let l = Array("abcdefghijklmnopqrstuvwxyz")
        let u = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        switch self {
        case .digits: return d
        case .digitsLower: return d + l
        case .digitsUpper: return d + u
        case .digitsLowerUpper: return d + l + u
        case .lowerUpper: return l + u
        case .disabled: return []
        }
    }

    /// Longest value a manual renew may set.
    package static let maximumLength = 32

    /// Whether `value` is acceptable for this format (charset and length).
    package func accepts(_ value: String) -> Bool {
        if self == .disabled { return value.isEmpty }
        guard value.count >= minimumLength, value.count <= Self.maximumLength else { return false }
        let allowed = Set(alphabet)
        return value.allSatisfy { allowed.contains($0) }
    }
}

package struct TransferAccountSemantics: Codable, Hashable, Sendable {
    /// Off → every TransferAccount call gets 3045.
    package var enabled: Bool
    package var idFormat: CredentialFormat
    package var passwordFormat: CredentialFormat
    /// Consecutive wrong passwords that block an id (≥ 1).
    package var failThreshold: Int
    /// Block length; `nil` blocks permanently.
    package var blockSeconds: Int64?
    /// Lifetime from issue or renew; `nil` is unlimited.
    package var expirySeconds: Int64?
    /// One transfer per issue (then 3048) instead of unlimited.
    package var oneTime: Bool
    /// What unknown ids count against (T15).
    package var wrongIds: WrongTransferIds

    package init(
        enabled: Bool = true,
        idFormat: CredentialFormat = .digits,
        passwordFormat: CredentialFormat = .digitsLowerUpper,
        failThreshold: Int = 5,
        blockSeconds: Int64? = 300,
        expirySeconds: Int64? = nil,
        oneTime: Bool = false,
        wrongIds: WrongTransferIds = .ignored
    ) {
        self.enabled = enabled
        self.idFormat = idFormat
        self.passwordFormat = passwordFormat
        self.failThreshold = failThreshold
        self.blockSeconds = blockSeconds
        self.expirySeconds = expirySeconds
        self.oneTime = oneTime
        self.wrongIds = wrongIds
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = TransferAccountSemantics()
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? d.enabled
        idFormat = try c.decodeIfPresent(CredentialFormat.self, forKey: .idFormat) ?? d.idFormat
        passwordFormat = try c.decodeIfPresent(CredentialFormat.self, forKey: .passwordFormat) ?? d.passwordFormat
        failThreshold = try c.decodeIfPresent(Int.self, forKey: .failThreshold) ?? d.failThreshold
        // An explicit null means "permanent"; an absent key means the default.
        blockSeconds =
            c.contains(.blockSeconds) ? try c.decodeIfPresent(Int64.self, forKey: .blockSeconds) : d.blockSeconds
        expirySeconds = try c.decodeIfPresent(Int64.self, forKey: .expirySeconds) ?? d.expirySeconds
        oneTime = try c.decodeIfPresent(Bool.self, forKey: .oneTime) ?? d.oneTime
        wrongIds = try c.decodeIfPresent(WrongTransferIds.self, forKey: .wrongIds) ?? d.wrongIds
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(enabled, forKey: .enabled)
        try c.encode(idFormat, forKey: .idFormat)
        try c.encode(passwordFormat, forKey: .passwordFormat)
        try c.encode(failThreshold, forKey: .failThreshold)
        try c.encode(blockSeconds, forKey: .blockSeconds)  // null = permanent
        try c.encode(expirySeconds, forKey: .expirySeconds)  // null = unlimited
        try c.encode(oneTime, forKey: .oneTime)
        try c.encode(wrongIds, forKey: .wrongIds)
    }

    private enum CodingKeys: String, CodingKey {
        case enabled, idFormat, passwordFormat, failThreshold, blockSeconds, expirySeconds, oneTime, wrongIds
    }
}

package struct TransferKeySemantics: Codable, Hashable, Sendable {
    /// The legacy TransferKey API of the older iOS guide; off → its calls get 10 (NOT_SUPPORTED).
    package var enabled: Bool
    /// Largest `expiresIn` accepted (seconds).
    package var maxExpiresInSeconds: Int64

    package init(enabled: Bool = false, maxExpiresInSeconds: Int64 = 86_400) {
        self.enabled = enabled
        self.maxExpiresInSeconds = maxExpiresInSeconds
    }
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? false
        maxExpiresInSeconds = try c.decodeIfPresent(Int64.self, forKey: .maxExpiresInSeconds) ?? 86_400
    }
}
