/// An identity provider code (`idPCode`), e.g. `guest`, `google`, `line`.
package struct IdPCode: InternedNameWrapper, Sendable {
    /// Compared and hashed as a number (``InternedNameWrapper``).
    package let name: InternedName
    package init(name: InternedName) { self.name = name }
    package var isGuest: Bool { self == .guest }

    package static let guest: IdPCode = "guest"
    package static let google: IdPCode = "google"
    package static let facebook: IdPCode = "facebook"
    package static let appleid: IdPCode = "appleid"
    package static let iosgamecenter: IdPCode = "iosgamecenter"
    package static let payco: IdPCode = "payco"
    package static let hangame: IdPCode = "hangame"
    package static let twitter: IdPCode = "twitter"
    package static let naver: IdPCode = "naver"
    package static let line: IdPCode = "line"
    package static let kakaogame: IdPCode = "kakaogame"
    package static let weibo: IdPCode = "weibo"
    package static let gpgsV2: IdPCode = "gpgs_v2"
    package static let steam: IdPCode = "steam"
    package static let epicgames: IdPCode = "epicgames"

    /// The IdP codes listed by the Server API guide plus those the SDKs also accept.
    package static let documented: [IdPCode] = [
        .guest, .google, .facebook, .appleid, .iosgamecenter, .payco, .hangame, .twitter, .naver, .line,
        .kakaogame, .weibo, .gpgsV2, .steam, .epicgames,
    ]
    /// An IdP code no app configures: what an adversarial step sends as a made-up path parameter
    /// (remove mapping of an IdP the user cannot hold), stretched to an edge length when it has one.
    package static let madeUp: IdPCode = "gbfuzzunknownidp"

    /// LINE service regions accepted in `additionalInfo.lineChannelRegion`.
    package static let lineRegions = ["japan", "thailand", "taiwan", "indonesia"]
}

/// One IdP account: an IdP code and the account's id at that IdP (`idPId`, also the `authKey`).
/// For `guest`, the idPId is the device id that currently holds the guest key.
package struct IdPAccount: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package var idPCode: IdPCode
    package var idPId: String
    package init(_ idPCode: IdPCode, _ idPId: String) {
        self.idPCode = idPCode
        self.idPId = idPId
    }
    package static func < (a: IdPAccount, b: IdPAccount) -> Bool {
        (a.idPCode, a.idPId) < (b.idPCode, b.idPId)
    }
    package var description: String { "\(idPCode.rawValue):\(idPId)" }
}
