import Protocol

/// Random identifiers of docs/PROTOCOL.md §1.4, from the system CSPRNG.
enum Identifiers {
    static let userIdAlphabet = Array("ABCDFGHJKLMNPQRSTWXYZ1346789".utf8)
    static let alphanumeric = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    static let base64url = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `count` characters drawn uniformly from `alphabet` (at most 256 characters). Random bytes
    /// come 8 at a time (each `SystemRandomNumberGenerator.next()` is a system call on Linux);
    /// bytes at or above the largest multiple of the alphabet size are rejected, so there is no bias.
    static func random(_ count: Int, from alphabet: [UInt8]) -> String {
        var rng = SystemRandomNumberGenerator()
        let size = alphabet.count
        let limit = 256 - 256 % size
        var out = [UInt8]()
        out.reserveCapacity(count)
        while out.count < count {
            var word = rng.next() as UInt64
            for _ in 0..<8 where out.count < count {
                let byte = Int(word & 0xFF)
                word >>= 8
                if byte < limit { out.append(alphabet[byte % size]) }
            }
        }
        return String(decoding: out, as: UTF8.self)
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
