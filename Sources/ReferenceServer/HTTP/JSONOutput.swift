/// A JSON byte writer for the hot answers (client operations, the bare envelope). It produces
/// what `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` produces for the same value,
/// byte for byte (pinned by tests), at a fraction of the cost: `JSONEncoder` went through generic
/// containers and built an intermediate tree, about a tenth of a token login's CPU time.
///
/// Callers write the members of an object in sorted key order themselves (``ReplyJSON``).
struct JSONOutput {
    private(set) var bytes: [UInt8] = []
    /// Whether the object being written still has no member (no comma before the next one).
    private var first = true

    init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes `{`, the members `body` adds, then `}`.
    mutating func object(_ body: (inout JSONOutput) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        let outer = first
        first = true
        body(&self)
        first = outer
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `[`, one element per item, then `]`.
    mutating func array<S: Sequence>(_ items: S, _ element: (inout JSONOutput, S.Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        var firstItem = true
        for item in items {
            if !firstItem { bytes.append(UInt8(ascii: ",")) }
            firstItem = false
            element(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Starts a member: the separator, the key and the colon. Keys are plain ASCII identifiers.
    mutating func key(_ key: StaticString) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    // MARK: Members

    mutating func member(_ k: StaticString, _ value: String) {
        key(k)
        string(value)
    }

    mutating func member(_ k: StaticString, _ value: String?) {
        if let value { member(k, value) }
    }

    mutating func member(_ k: StaticString, _ value: Int64) {
        key(k)
        integer(value)
    }

    mutating func member(_ k: StaticString, _ value: Int64?) {
        if let value { member(k, value) }
    }

    mutating func member(_ k: StaticString, _ value: Int) {
        member(k, Int64(value))
    }

    mutating func member(_ k: StaticString, _ value: Bool) {
        key(k)
        bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
    }

    mutating func member(_ k: StaticString, _ value: Double) {
        key(k)
        double(value)
    }

    // MARK: Values

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    mutating func integer(_ value: Int64) {
        // Up to 20 characters: a small string, no allocation.
        bytes.append(contentsOf: String(value).utf8)
    }

    /// As `JSONEncoder`: the shortest round-tripping form, without a trailing `.0`.
    mutating func double(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string with `JSONEncoder`'s escapes: `"` and `\`, the named control escapes, `\u00XX`
    /// for other control characters; `/` and non-ASCII are written as they are.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for i in 0..<utf8.count {
                let b = utf8[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                if start < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i])) }
                start = i + 1
                bytes.append(UInt8(ascii: "\\"))
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(b)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    bytes.append(Self.hexDigits[Int(b >> 4)])
                    bytes.append(Self.hexDigits[Int(b & 0x0F)])
                }
            }
            if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
