import Crypto

/// IdP test tokens: there is no real Google here, so an IdP access token is
/// `base64url("idPCode:idPId:issuedAt") + "." + base64url(HMAC-SHA256(secret, <first part as ASCII>))`
/// (no padding). The harness mints good ones and forged ones; a server verifies them.
package struct IdPTokenSigner: Sendable {
    package let secret: [UInt8]
    private let keyed: KeyedMAC

    package init(secret: String) {
        self.secret = Array(secret.utf8)
        self.keyed = KeyedMAC(key: self.secret)
    }

    /// The default test IdP secret shared by the reference server and the harness.
    package static let defaultSecret = "gbfuzz-test-idp-secret"

    /// A valid token for `account`.
    package func mint(_ account: IdPAccount, issuedAt: Int64 = 0) -> String {
        // Written into two byte buffers, the signature encoded straight from the digest: built from
        // strings, a token took nine allocations, minted for every IdP login and mapping.
        var plain: [UInt8] = []
        plain.reserveCapacity(account.idPCode.rawValue.utf8.count + account.idPId.utf8.count + 22)
        plain += account.idPCode.rawValue.utf8
        plain.append(UInt8(ascii: ":"))
        plain += account.idPId.utf8
        plain.append(UInt8(ascii: ":"))
        plain += String(issuedAt).utf8
        var token: [UInt8] = []
        token.reserveCapacity((plain.count * 4 + 2) / 3 + 1 + 43)
        Base64URL.encode(plain, into: &token)
        keyed.withCode(for: token) { signature in
            token.append(UInt8(ascii: "."))
            Base64URL.encode(signature, into: &token)
        }
        return String(decoding: token, as: UTF8.self)
    }

    /// A well-formed token for `account` whose signature is wrong (signed with another key).
    package func forge(_ account: IdPAccount, issuedAt: Int64 = 0) -> String {
        IdPTokenSigner(secret: "forged:" + String(decoding: secret, as: UTF8.self)).mint(account, issuedAt: issuedAt)
    }

    /// Checks the signature and returns the account the token names, or `nil` if the token is
    /// malformed or forged.
    package func verify(_ token: String) -> IdPAccount? {
        guard let dot = token.firstIndex(of: "."), token[token.index(after: dot)...].firstIndex(of: ".") == nil
        else { return nil }
        let payload = String(token[..<dot])
        let signature = String(token[token.index(after: dot)...])
        guard let sigBytes = Base64URL.decode(signature), Self.constantTimeEqual(sigBytes, mac(payload)) else {
            return nil
        }
        return Self.account(namedBy: token)
    }

    /// The account a token's payload names, without checking its signature (what a server gave back
    /// as a token the harness sent: E16).
    package static func account(namedBy token: String) -> IdPAccount? {
        guard let dot = token.firstIndex(of: "."), let bytes = Base64URL.decode(String(token[..<dot])),
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, Int64(parts[2]) != nil else { return nil }
        return IdPAccount(IdPCode(String(parts[0])), String(parts[1]))
    }

    /// The account a token stands for under `mode`: plain mode trusts the token as the idPId.
    package func resolve(_ token: String, idPCode: IdPCode, mode: IdPTokenMode) -> IdPAccount? {
        switch mode {
        case .plain: return token.isEmpty ? nil : IdPAccount(idPCode, token)
        case .hmac: return verify(token)
        }
    }

    private func mac(_ payload: String) -> [UInt8] { keyed.code(for: Array(payload.utf8)) }

    /// HMAC-SHA256 with the key already absorbed: every token minted or verified used to set the
    /// key up again (a symmetric key, the padded key blocks and two SHA-256 blocks; ~2 % of a
    /// checked operation's CPU in `perf`).
    ///
    /// `@unchecked Sendable`: `prototype` is never mutated after `init`. `code(for:)` updates a
    /// copy, and swift-crypto's digest contexts are copy-on-write (a context shared with the
    /// prototype is copied before the update writes to it), so no two threads write one context.
    private final class KeyedMAC: @unchecked Sendable {
        private let prototype: HMAC<SHA256>

        init(key: [UInt8]) { prototype = HMAC<SHA256>(key: SymmetricKey(data: key)) }

        func code(for bytes: [UInt8]) -> [UInt8] { withCode(for: bytes) { Array($0) } }

        /// Calls `body` with the code of `bytes`, without copying it into an array.
        func withCode<R>(for bytes: [UInt8], _ body: (UnsafeRawBufferPointer) -> R) -> R {
            var mac = prototype
            mac.update(data: bytes)
            return mac.finalize().withUnsafeBytes(body)
        }
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in a.indices { diff |= a[i] ^ b[i] }
        return diff == 0
    }
}
