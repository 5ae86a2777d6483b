import Protocol

/// One of a virtual player's simulated devices (concretised with the player's salt).
package struct DeviceRef: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package var index: Int
    package init(_ index: Int) { self.index = index }
    package static func < (a: DeviceRef, b: DeviceRef) -> Bool { a.index < b.index }
    package var description: String { "d\(index)" }
    package init(from decoder: any Decoder) throws { index = try decoder.singleValueContainer().decode(Int.self) }
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(index)
    }
}

/// One IdP account private to a player: `google#1`. For `guest` the index is the device holding
/// the guest key, so `guest#2` is the guest key of device 2.
package struct AccountRef: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package var idPCode: IdPCode
    package var index: Int
    package init(_ idPCode: IdPCode, _ index: Int) {
        self.idPCode = idPCode
        self.index = index
    }
    package static func guest(_ device: DeviceRef) -> AccountRef { AccountRef(.guest, device.index) }
    package var isGuest: Bool { idPCode == .guest }
    package static func < (a: AccountRef, b: AccountRef) -> Bool { (a.idPCode, a.index) < (b.idPCode, b.index) }
    package var description: String { "\(idPCode.rawValue)#\(index)" }
}

/// The Gamebase access token a call presents.
package enum TokenArg: Hashable, Sendable, Codable, CustomStringConvertible {
    /// No `Authorization` header.
    case none
    /// The token issued by an earlier step.
    case token(Sym)
    /// A well-formed token the server never issued.
    case garbage
    package var description: String {
        switch self {
        case .none: "no-token"
        case .token(let s): s.description
        case .garbage: "garbage-token"
        }
    }
    package var symbol: Sym? { if case .token(let s) = self { s } else { nil } }
}

/// How the IdP access token of a call is made.
package enum IdPTokenForm: String, Hashable, Sendable, Codable {
    /// Minted for the account with the test IdP secret.
    case valid
    /// Well-formed, wrong signature.
    case forged
    /// Not a token at all.
    case malformed
    /// No `accessToken` in the request.
    case absent
}

/// The IdP identity a login or mapping presents: the request's `idPCode` and a token minted for
/// `account` (which may name another IdP: a forgery too).
package struct IdPCredential: Hashable, Sendable, Codable, CustomStringConvertible {
    package var idPCode: IdPCode
    /// The account the token is minted for; `nil` for guest.
    package var account: AccountRef?
    package var form: IdPTokenForm
    /// `additionalInfo.lineChannelRegion`.
    package var lineRegion: String?
    package init(idPCode: IdPCode, account: AccountRef?, form: IdPTokenForm = .valid, lineRegion: String? = nil) {
        self.idPCode = idPCode
        self.account = account
        self.form = form
        self.lineRegion = lineRegion
    }
    package static func valid(_ a: AccountRef) -> IdPCredential { IdPCredential(idPCode: a.idPCode, account: a) }
    package var description: String {
        var s = account.map { "\(idPCode.rawValue)(\($0))" } ?? idPCode.rawValue
        if form != .valid { s += "[\(form.rawValue)]" }
        if let r = lineRegion { s += "[region=\(r)]" }
        return s
    }
}

/// A forcing-mapping key presented to forced mapping or change login.
package enum TicketArg: Hashable, Sendable, Codable, CustomStringConvertible {
    case ticket(Sym)
    case garbage
    package var description: String { if case .ticket(let s) = self { s.description } else { "garbage-key" } }
    package var symbol: Sym? { if case .ticket(let s) = self { s } else { nil } }
}

/// A TransferAccount id or password presented by a call.
package enum CredentialArg: Hashable, Sendable, Codable, CustomStringConvertible {
    /// An id or password an earlier step produced (server-generated or chosen in a manual renew).
    case value(Sym)
    /// A well-formed value that is not the right one (wrong password, unknown id).
    case wrong
    package var description: String { if case .value(let s) = self { s.description } else { "wrong" } }
    package var symbol: Sym? { if case .value(let s) = self { s } else { nil } }
}

package struct TransferCredentials: Hashable, Sendable, Codable, CustomStringConvertible {
    package var id: CredentialArg
    package var password: CredentialArg
    package init(id: CredentialArg, password: CredentialArg) {
        self.id = id
        self.password = password
    }
    package var description: String { "\(id)/\(password)" }
}

/// One half of a manual renew.
package enum ManualValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A new, well-formed value chosen by the harness (symbol kind `chosenId` / `chosenPassword`).
    case fresh(Sym)
    /// The account's current value (→ 3).
    case current
    /// A value outside the configured format (→ 3).
    case badFormat
    /// The id (symbol of an earlier step's id) of another TransferAccount (→ 3047 while it is live).
    case otherAccount(Sym)
    package var description: String {
        switch self {
        case .fresh(let s): s.description
        case .current: "current"
        case .badFormat: "bad-format"
        case .otherAccount(let s): "id-of-\(s)"
        }
    }
}

package enum Renewal: Hashable, Sendable, Codable, CustomStringConvertible {
    case autoPassword
    case autoIdPassword
    case manual(id: ManualValue, password: ManualValue)
    package var description: String {
        switch self {
        case .autoPassword: "AUTO/PASSWORD"
        case .autoIdPassword: "AUTO/ID_PASSWORD"
        case .manual(let i, let p): "MANUAL(\(i),\(p))"
        }
    }
}

package enum KeyArg: Hashable, Sendable, Codable, CustomStringConvertible {
    case key(Sym)
    case garbage
    package var description: String { if case .key(let s) = self { s.description } else { "garbage-key" } }
    package var symbol: Sym? { if case .key(let s) = self { s } else { nil } }
}

/// A userId given to the Server API.
package enum UserArg: Hashable, Sendable, Codable, CustomStringConvertible {
    case user(Sym)
    /// A well-formed userId that does not exist.
    case unknown
    package var description: String { if case .user(let s) = self { s.description } else { "unknown-user" } }
    package var symbol: Sym? { if case .user(let s) = self { s } else { nil } }
}

/// What an E8 Ban call asks for.
package struct BanSpec: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `TEMPORARY`, `PERMANENT`, or (adversarial) something else.
    package var banType: String
    /// For a temporary ban: `end` = now + this many seconds (may be ≤ 0: adversarial); `nil` sends no `end`.
    package var endInSeconds: Int64?
    package init(banType: String, endInSeconds: Int64? = nil) {
        self.banType = banType
        self.endInSeconds = endInSeconds
    }
    package var description: String { endInSeconds.map { "\(banType)+\($0)s" } ?? banType }
}
