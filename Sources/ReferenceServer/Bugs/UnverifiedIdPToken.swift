import Foundation
import Protocol

/// What the `forged-idp-token` bug does: reads the account out of an IdP test token's payload
/// and never looks at the signature.
enum UnverifiedIdPToken {
    static func account(in token: String) -> IdPAccount? {
        guard let payload = token.split(separator: ".", omittingEmptySubsequences: false).first else { return nil }
        var b64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while b64.count % 4 != 0 { b64.append("=") }
        guard let data = Data(base64Encoded: b64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return IdPAccount(IdPCode(String(parts[0])), String(parts[1]))
    }
}
