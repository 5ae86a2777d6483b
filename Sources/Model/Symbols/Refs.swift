import Protocol

/// One of a virtual player's simulated devices (concretised with the player's salt).
public struct DeviceRef: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: DeviceRef, b: DeviceRef) -> Bool { a.index < b.index }
    public var description: String { "d\(index)" }
    public init(from decoder: any Decoder) throws { index = try decoder.singleValueContainer().decode(Int.self) }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(index)
    }
}

/// One IdP account private to a player: `google#1`. For `guest` the index is the device holding
/// the guest key, so `guest#2` is the guest key of device 2.
public struct AccountRef: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var idPCode: IdPCode
    public var index: Int
    public init(_ idPCode: IdPCode, _ index: Int) {
        self.idPCode = idPCode
        self.index = index
    }
    public static func guest(_ device: DeviceRef) -> AccountRef { AccountRef(.guest, device.index) }
    public var isGuest: Bool { idPCode == .guest }
    public static func < (a: AccountRef, b: AccountRef) -> Bool { (a.idPCode, a.index) < (b.idPCode, b.index) }
    public var description: String { "\(idPCode.rawValue)#\(index)" }
}

/// The Gamebase access token a call presents.
public enum TokenArg: Hashable, Sendable, Codable, CustomStringConvertible {
    /// No `Authorization` header.
    case none
    /// The token issued by an earlier step.
    case token(Sym)
    /// A well-formed token the server never issued.
    case garbage
    public var description: String {
        switch self {
        case .none: "no-token"
        case .token(let s): s.description
        case .garbage: "garbage-token"
        }
    }
    public var symbol: Sym? { if case .token(let s) = self { s } else { nil } }
}

/// How the IdP access token of a call is made.
public enum IdPTokenForm: String, Hashable, Sendable, Codable {
    /// Minted for the account with the test IdP secret.
    case valid
    /// Well-formed, wrong signature.
    case forged
    /// Not a token at all.
    case malformed
}

/// The IdP identity a login or mapping presents: the request's `idPCode` and a token minted for
/// `account` (which may name another IdP: a forgery too).
public struct IdPCredential: Hashable, Sendable, Codable, CustomStringConvertible {
    public var idPCode: IdPCode
    /// The account the token is minted for; `nil` for guest.
    public var account: AccountRef?
    public var form: IdPTokenForm
    /// `additionalInfo.lineChannelRegion`.
    public var lineRegion: String?
    public init(idPCode: IdPCode, account: AccountRef?, form: IdPTokenForm = .valid, lineRegion: String? = nil) {
        self.idPCode = idPCode
        self.account = account
        self.form = form
        self.lineRegion = lineRegion
    }
    public static func valid(_ a: AccountRef) -> IdPCredential { IdPCredential(idPCode: a.idPCode, account: a) }
    public var description: String {
        var s = account.map { "\(idPCode.rawValue)(\($0))" } ?? idPCode.rawValue
        if form != .valid { s += "[\(form.rawValue)]" }
        if let r = lineRegion { s += "[region=\(r)]" }
        return s
    }
}

/// A forcing-mapping key presented to forced mapping or change login.
public enum TicketArg: Hashable, Sendable, Codable, CustomStringConvertible {
    case ticket(Sym)
    case garbage
    public var description: String { if case .ticket(let s) = self { s.description } else { "garbage-key" } }
    public var symbol: Sym? { if case .ticket(let s) = self { s } else { nil } }
}

/// A TransferAccount id or password presented by a call.
public enum CredentialArg: Hashable, Sendable, Codable, CustomStringConvertible {
    /// An id or password an earlier step produced (server-generated or chosen in a manual renew).
    case value(Sym)
    /// A well-formed value that is not the right one (wrong password, unknown id).
    case wrong
    public var description: String { if case .value(let s) = self { s.description } else { "wrong" } }
    public var symbol: Sym? { if case .value(let s) = self { s } else { nil } }
}

public struct TransferCredentials: Hashable, Sendable, Codable, CustomStringConvertible {
    public var id: CredentialArg
    public var password: CredentialArg
    public init(id: CredentialArg, password: CredentialArg) {
        self.id = id
        self.password = password
    }
    public var description: String { "\(id)/\(password)" }
}

/// One half of a manual renew.
public enum ManualValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A new, well-formed value chosen by the harness (symbol kind `chosenId` / `chosenPassword`).
    case fresh(Sym)
    /// The account's current value (→ 3).
    case current
    /// A value outside the configured format (→ 3).
    case badFormat
    /// The id (symbol of an earlier step's id) of another TransferAccount (→ 3047 while it is live).
    case otherAccount(Sym)
    public var description: String {
        switch self {
        case .fresh(let s): s.description
        case .current: "current"
        case .badFormat: "bad-format"
        case .otherAccount(let s): "id-of-\(s)"
        }
    }
}

public enum Renewal: Hashable, Sendable, Codable, CustomStringConvertible {
    case autoPassword
    case autoIdPassword
    case manual(id: ManualValue, password: ManualValue)
    public var description: String {
        switch self {
        case .autoPassword: "AUTO/PASSWORD"
        case .autoIdPassword: "AUTO/ID_PASSWORD"
        case .manual(let i, let p): "MANUAL(\(i),\(p))"
        }
    }
}

public enum KeyArg: Hashable, Sendable, Codable, CustomStringConvertible {
    case key(Sym)
    case garbage
    public var description: String { if case .key(let s) = self { s.description } else { "garbage-key" } }
    public var symbol: Sym? { if case .key(let s) = self { s } else { nil } }
}

/// A userId given to the Server API.
public enum UserArg: Hashable, Sendable, Codable, CustomStringConvertible {
    case user(Sym)
    /// A well-formed userId that does not exist.
    case unknown
    public var description: String { if case .user(let s) = self { s.description } else { "unknown-user" } }
    public var symbol: Sym? { if case .user(let s) = self { s } else { nil } }
}

/// What an E8 Ban call asks for.
public struct BanSpec: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `TEMPORARY`, `PERMANENT`, or (adversarial) something else.
    public var banType: String
    /// For a temporary ban: `end` = now + this many seconds (may be ≤ 0: adversarial); `nil` sends no `end`.
    public var endInSeconds: Int64?
    public init(banType: String, endInSeconds: Int64? = nil) {
        self.banType = banType
        self.endInSeconds = endInSeconds
    }
    public var description: String { endInSeconds.map { "\(banType)+\($0)s" } ?? banType }
}
