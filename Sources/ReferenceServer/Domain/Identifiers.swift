import Protocol

/// Random identifiers of docs/PROTOCOL.md §1.4, from the system CSPRNG.
enum Identifiers {
    static let userIdAlphabet = Array("ABCDFGHJKLMNPQRSTWXYZ1346789".utf8)
    static let alphanumeric = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    static let base64url = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func random(_ count: Int, from alphabet: [UInt8]) -> String {
        var rng = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        for _ in 0..<count { bytes.append(alphabet[Int(rng.next(upperBound: UInt64(alphabet.count)))]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func userId() -> String { random(16, from: userIdAlphabet) }
    /// 43 characters of base64url: 32 random bytes (256 bits; the last character carries 4 bits).
    static func accessToken() -> String {
        random(42, from: base64url) + random(1, from: Array("AEIMQUYcgkosw048".utf8))
    }
    static func forcingMappingKey() -> String { random(32, from: alphanumeric) }
    static func transferKey() -> String { random(8, from: alphanumeric) }

    /// A TransferAccount id or password in `format`, at the format's minimum length.
    static func credential(_ format: CredentialFormat) -> String {
        guard format != .disabled else { return "" }
        return random(format.minimumLength, from: Array(String(format.alphabet).utf8))
    }
}
