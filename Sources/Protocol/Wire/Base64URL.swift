/// Base64url without padding (RFC 4648 §5), as IdP test tokens carry it. By hand because Foundation
/// only has the standard alphabet with padding, and translating its output with string searches
/// was a measurable share of the harness's CPU per operation.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// The 6-bit value of each byte, 255 for a byte outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    package static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        encode(bytes, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the encoding of `bytes` to `out`.
    package static func encode<C: Collection<UInt8>>(_ bytes: C, into out: inout [UInt8]) where C.Index == Int {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let n = min(3, bytes.endIndex - i)
            var group = UInt32(bytes[i]) << 16
            if n > 1 { group |= UInt32(bytes[i + 1]) << 8 }
            if n > 2 { group |= UInt32(bytes[i + 2]) }
            for k in 0...n { out.append(alphabet[Int((group >> (18 - 6 * UInt32(k))) & 63)]) }
            i += n
        }
    }

    /// The bytes `text` encodes; `nil` for an empty text, a character outside the alphabet
    /// (padding included) or a length no encoding has.
    package static func decode(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard !chars.isEmpty, chars.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count * 3 / 4)
        var i = 0
        while i < chars.count {
            let n = min(4, chars.count - i)
            var group: UInt32 = 0
            for k in 0..<4 {
                var v: UInt8 = 0
                if k < n {
                    v = values[Int(chars[i + k])]
                    guard v != 255 else { return nil }
                }
                group = group << 6 | UInt32(v)
            }
            for k in 0..<(n - 1) { out.append(UInt8((group >> (16 - 8 * UInt32(k))) & 255)) }
            i += n
        }
        return out
    }
}
