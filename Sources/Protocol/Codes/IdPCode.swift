/// An identity provider code (`idPCode`), e.g. `guest`, `google`, `line`.
public struct IdPCode: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    public static func < (a: IdPCode, b: IdPCode) -> Bool { a.rawValue < b.rawValue }
    public var description: String { rawValue }
    public var isGuest: Bool { self == .guest }

    public static let guest: IdPCode = "guest"
    public static let google: IdPCode = "google"
    public static let facebook: IdPCode = "facebook"
    public static let appleid: IdPCode = "appleid"
    public static let iosgamecenter: IdPCode = "iosgamecenter"
    public static let payco: IdPCode = "payco"
    public static let hangame: IdPCode = "hangame"
    public static let twitter: IdPCode = "twitter"
    public static let naver: IdPCode = "naver"
    public static let line: IdPCode = "line"
    public static let kakaogame: IdPCode = "kakaogame"
    public static let weibo: IdPCode = "weibo"
    public static let gpgsV2: IdPCode = "gpgs_v2"
    public static let steam: IdPCode = "steam"
    public static let epicgames: IdPCode = "epicgames"

    /// The IdP codes listed by the Server API guide plus those the SDKs also accept.
    public static let documented: [IdPCode] = [
        .guest, .google, .facebook, .appleid, .iosgamecenter, .payco, .hangame, .twitter, .naver, .line,
        .kakaogame, .weibo, .gpgsV2, .steam, .epicgames,
    ]
    /// LINE service regions accepted in `additionalInfo.lineChannelRegion`.
    public static let lineRegions = ["japan", "thailand", "taiwan", "indonesia"]
}

/// One IdP account: an IdP code and the account's id at that IdP (`idPId`, also the `authKey`).
/// For `guest`, the idPId is the device id that currently holds the guest key.
public struct IdPAccount: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var idPCode: IdPCode
    public var idPId: String
    public init(_ idPCode: IdPCode, _ idPId: String) {
        self.idPCode = idPCode
        self.idPId = idPId
    }
    public static func < (a: IdPAccount, b: IdPAccount) -> Bool {
        (a.idPCode, a.idPId) < (b.idPCode, b.idPId)
    }
    public var description: String { "\(idPCode.rawValue):\(idPId)" }
}
