import Protocol

/// The body of a guest or IdP login (docs/PROTOCOL.md §2.1, §2.2), read as §1.3 ranks bad input.
package struct LoginInput: Sendable {
    package var idPCode: String
    package var accessToken: String?
    package var lineChannelRegion: String?
    package var ignoreAlreadyLoggedIn: Bool

    /// `tokenRequired`: an IdP login without `accessToken` is bad input (-4000002); otherwise it
    /// reaches the semantics and gets 3203 there (knob `login.missingIdPToken`).
    package init(_ r: ObjectReader?, tokenRequired: Bool = true) {
        let code = r?.string("idPCode", required: true)
        idPCode = code ?? ""
        // Required only once idPCode is known to be an IdP other than guest.
        accessToken = r?.string(
            "accessToken",
            required: tokenRequired && code.map { $0 != IdPCode.guest.rawValue } ?? false
        )
        lineChannelRegion = r?.object("additionalInfo")?.string("lineChannelRegion")
        ignoreAlreadyLoggedIn = r?.bool("ignoreAlreadyLoggedIn") ?? false
    }

    /// The IdP token an IdP login presents (what E16 gives back later); nil for a guest login.
    package var idPCredential: String? { idPCode == IdPCode.guest.rawValue ? nil : accessToken }
}
