/// Knobs for choices the editions of the Gamebase authentication guide answer differently, or that
/// this project made where no edition says (docs/PROTOCOL.md §5, "Dialects"). Each value is one a
/// backend may legitimately take; the defaults are the current edition's reading.

/// L7: what a login that would switch users on a logged-in device gets without
/// `ignoreAlreadyLoggedIn`. The flag appears only in the current editions' credential-login table,
/// with no failure code; the older English and Korean editions have no such flag at all.
package enum AlreadyLoggedIn: String, Codable, Hashable, Sendable, CaseIterable {
    /// 3201 AUTH_IDP_LOGIN_FAILED (this project's reading).
    case reject
    /// The login goes through (the check is the SDK's, or there is none).
    case allow
}

/// L10: what a new login on a device does to the device's previous token. No edition states a
/// server rule; each only says the client stores the token it got.
package enum TokensPerDevice: String, Codable, Hashable, Sendable, CaseIterable {
    /// One live token per device: the new login revokes the previous one (3011 / 3102 afterwards).
    case one
    /// Earlier tokens stay live until logout, expiry or a revocation of the whole user. The
    /// device's current session (for L7 and T3) is its latest login.
    case many
}

/// L13: what a login or mapping with an IdP code the app does not have configured gets.
package enum UnconfiguredIdP: String, Codable, Hashable, Sendable, CaseIterable {
    /// 3202 AUTH_IDP_LOGIN_INVALID_IDP_INFO (login) and 3304 AUTH_ADD_MAPPING_INVALID_IDP_INFO
    /// (mapping): "the console has no information about the IdP".
    case console
    /// 3002 AUTH_NOT_SUPPORTED_PROVIDER for both: "the authentication method is not supported".
    case notSupported
}

/// What an IdP login without its IdP access token gets.
package enum MissingIdPToken: String, Codable, Hashable, Sendable, CaseIterable {
    /// -4000002 MISSING_PARAMETER: bad input, before any semantics (this project's reading).
    case badInput
    /// 3203 AUTH_IDP_LOGIN_EXTERNAL_AUTHENTICATION_REQUIRED, after the IdP code's check (L13): "you
    /// must be logged into your IdP before requesting a Gamebase login" (the Japanese and the
    /// plain-text editions).
    case externalAuthRequired
}

package struct LoginSemantics: Codable, Hashable, Sendable {
    package var alreadyLoggedIn: AlreadyLoggedIn
    package var missingIdPToken: MissingIdPToken

    package init(alreadyLoggedIn: AlreadyLoggedIn = .reject, missingIdPToken: MissingIdPToken = .badInput) {
        self.alreadyLoggedIn = alreadyLoggedIn
        self.missingIdPToken = missingIdPToken
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        alreadyLoggedIn = try c.decodeIfPresent(AlreadyLoggedIn.self, forKey: .alreadyLoggedIn) ?? .reject
        missingIdPToken = try c.decodeIfPresent(MissingIdPToken.self, forKey: .missingIdPToken) ?? .badInput
    }
}

/// M4: what a mapping does to a guest-only user's guest entry and to the session's logged-in IdP.
package enum MappingFromGuest: String, Codable, Hashable, Sendable, CaseIterable {
    /// The guest entry is deleted (its device's next guest login makes a new user) and the
    /// session's logged-in IdP becomes the mapped one: the current editions' "[Caution]".
    case replace
    /// The guest entry stays beside the mapped IdP and the logged-in IdP does not change: the older
    /// English edition ("'currently logged-in IdP' will not change … Mapping simply adds IdP
    /// integration", no guest exception) and the Korean one ("guest 포함": guest included).
    case keep
}

/// L12, L2, W2: what a token answers once its user's withdrawal or loss revoked it.
package enum GoneMember: String, Codable, Hashable, Sendable, CaseIterable {
    /// As any dead token: 3011 AUTH_INVALID_GAMEBASE_TOKEN (authenticated calls) or 3102 (token
    /// login): this project's reading, which the current editions allow.
    case invalidToken
    /// 3003 AUTH_NOT_EXIST_MEMBER, "the member either does not exist or withdrew" (every edition).
    case notExistMember
    /// 6 INVALID_MEMBER, "invalid member request" (every edition but the Korean one).
    case invalidMember
    /// 3004 AUTH_INVALID_MEMBER (the Korean edition only).
    case authInvalidMember

    /// The code such a token gets, or `nil` for the dead token's own code.
    package var code: ResultCode? {
        switch self {
        case .invalidToken: nil
        case .notExistMember: .authNotExistMember
        case .invalidMember: .invalidMember
        case .authInvalidMember: .authInvalidMember
        }
    }
}

/// M8, M2: how a 3302 answer lets the caller take the account over.
package enum ForcingRemedy: String, Codable, Hashable, Sendable, CaseIterable {
    /// 3302 carries a `forcingMappingTicket`; add mapping forcibly and change login redeem it (the
    /// current editions).
    case ticket
    /// 3302 carries no ticket and the server has neither forced operation (both paths answer
    /// -4060003, §1.3 row 1): the remedy is to withdraw the other member or remove its mapping and
    /// map again (the older English and the Korean editions). Written `none`.
    case noTicket = "none"
}

/// T14: what a guest-only user's TransferAccount and TransferKey become when the user maps an
/// IdP (and so stops being guest-only). No edition says; the older English edition's code 9
/// TCGB_ERROR_NOT_GUEST_OR_HAS_OTHERS reads "account is already linked with IdP other than Guest".
package enum TransferCredentialsOnMapping: String, Codable, Hashable, Sendable, CaseIterable {
    /// They are deleted: a transfer login with them then gets 3043 (TransferAccount) or 3033
    /// (TransferKey), as for an id or key never issued (this project's reading).
    case delete
    /// They live on (query and renew still work); a transfer login with them gets 9
    /// NOT_GUEST_OR_HAS_OTHERS, since the account is no longer guest-only (T2).
    case keep
}

/// What a transfer login with an id no TransferAccount has (3043) counts against (T15).
package enum WrongTransferIds: String, Codable, Hashable, Sendable, CaseIterable {
    /// Nothing: only wrong passwords count, against the account they were tried on (this
    /// project's reading of "incorrect id/password", since an unknown id names no account).
    case ignored
    /// The requesting device: its consecutive unknown ids block every transfer login from it at
    /// `failThreshold`, for `blockSeconds` (the current editions' "incorrect id/password is
    /// attempted multiple times … the account migration is blocked", read per device).
    case perDevice
}

/// Which calls a ban stops (B1).
package enum BanScope: String, Codable, Hashable, Sendable, CaseIterable {
    /// Logins and every authenticated call of a banned member (this project's reading).
    case everyCall
    /// Logins only (login, token login, transfer login, change login into a banned owner): the
    /// editions speak of bans only "when attempting to log in"; a live session keeps working.
    case loginsOnly
}

package struct BanSemantics: Codable, Hashable, Sendable {
    /// The code a banned member's login and calls get (B1): 7 BANNED_MEMBER (current editions) or
    /// 3005 AUTH_BANNED_MEMBER (the Korean edition, and the older English edition's login text).
    package var code: ResultCode
    /// Which calls the ban stops.
    package var scope: BanScope

    /// The codes ``code`` may take.
    package static let codes: [ResultCode] = [.bannedMember, .authBannedMember]

    package init(code: ResultCode = .bannedMember, scope: BanScope = .everyCall) {
        self.code = code
        self.scope = scope
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.decodeIfPresent(ResultCode.self, forKey: .code) ?? .bannedMember
        scope = try c.decodeIfPresent(BanScope.self, forKey: .scope) ?? .everyCall
    }
}

extension Semantics {
    /// The code a login or mapping with an IdP code that is not configured gets (L13).
    package func unconfiguredIdPCode(mapping: Bool) -> ResultCode {
        switch idp.unconfigured {
        case .console: mapping ? .addMappingInvalidIdPInfo : .idpLoginInvalidIdPInfo
        case .notSupported: .authNotSupportedProvider
        }
    }
}

/// Whether an answer must carry a field that no edition lists (this project's reading) or may
/// leave it out.
package enum FieldPresence: String, Codable, Hashable, Sendable, CaseIterable {
    case required
    case optional
}

/// What `header.resultMessage` must hold.
package enum ResultMessageForm: String, Codable, Hashable, Sendable, CaseIterable {
    /// The code's documented name, optionally followed by `": "` and a detail (this project's form).
    case codeName
    /// Any text: no edition says what the message holds.
    case free
}

/// Parts of answers that no edition pins down (docs/PROTOCOL.md §1.1, §1.9): whether a target
/// must send a field, and what form the result message takes. A field left out where it is
/// required is a finding about that field; the rest of the answer is judged all the same.
package struct ShapeSemantics: Codable, Hashable, Sendable {
    /// `banInfo.csInfo` and `banInfo.csUrl` (the editions read ban info through an SDK call).
    package var banInfoContact: FieldPresence
    /// `forcingMappingTicket.idPId` (the editions read the ticket only through an SDK call).
    package var ticketIdPId: FieldPresence
    /// `header.resultMessage` (X2).
    package var resultMessage: ResultMessageForm

    package init(
        banInfoContact: FieldPresence = .required,
        ticketIdPId: FieldPresence = .required,
        resultMessage: ResultMessageForm = .codeName
    ) {
        self.banInfoContact = banInfoContact
        self.ticketIdPId = ticketIdPId
        self.resultMessage = resultMessage
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        banInfoContact = try c.decodeIfPresent(FieldPresence.self, forKey: .banInfoContact) ?? .required
        ticketIdPId = try c.decodeIfPresent(FieldPresence.self, forKey: .ticketIdPId) ?? .required
        resultMessage = try c.decodeIfPresent(ResultMessageForm.self, forKey: .resultMessage) ?? .codeName
    }
}
