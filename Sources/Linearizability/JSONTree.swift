/// A parsed JSON value, for ``TreeDecoder``: history lines are decoded with it because Foundation's
/// `JSONDecoder` spends most of a large history's reading time building containers.
enum JSONTree: Sendable {
    case null
    case bool(Bool)
    /// The number's text, converted when a type asks for it.
    case number(String)
    case string(String)
    case array([JSONTree])
    /// Members in order (objects are small: a linear search beats hashing).
    case object([(String, JSONTree)])

    struct SyntaxError: Error, CustomStringConvertible {
        var offset: Int
        var message: String
        var description: String { "not valid JSON at byte \(offset): \(message)" }
    }

    /// Parses one JSON text (the whole of `bytes`, surrounding whitespace allowed).
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(SyntaxError) -> JSONTree {
        var p = Parser(bytes: bytes)
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else { throw p.error("unexpected text after the value") }
        return v
    }

    private struct Parser {
        let bytes: UnsafeRawBufferPointer
        var i = 0

        func error(_ m: String) -> SyntaxError { SyntaxError(offset: i, message: m) }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
                i += 1
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONTree {
            guard depth < 256 else { throw error("nested too deeply") }
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(String, JSONTree)] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key") }
                    let key = try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
                    i += 1
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard i < bytes.count else { throw error("unexpected end") }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                    } else if bytes[i] == UInt8(ascii: "}") {
                        i += 1
                        return .object(members)
                    } else {
                        throw error("expected ',' or '}'")
                    }
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [JSONTree] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(items)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw error("unexpected end") }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                    } else if bytes[i] == UInt8(ascii: "]") {
                        i += 1
                        return .array(items)
                    } else {
                        throw error("expected ',' or ']'")
                    }
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func literal(_ word: StaticString, _ v: JSONTree) throws(SyntaxError) -> JSONTree {
            let n = word.utf8CodeUnitCount
            guard i + n <= bytes.count else { throw error("unexpected end") }
            for k in 0..<n where bytes[i + k] != word.utf8Start[k] { throw error("unexpected character") }
            i += n
            return v
        }

        mutating func number() throws(SyntaxError) -> JSONTree {
            let start = i
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
            var digits = 0
            while i < bytes.count {
                let c = bytes[i]
                if (0x30...0x39).contains(c) {
                    digits += 1
                } else if c != UInt8(ascii: ".") && c != UInt8(ascii: "e") && c != UInt8(ascii: "E")
                    && c != UInt8(ascii: "+") && c != UInt8(ascii: "-")
                {
                    break
                }
                i += 1
            }
            guard digits > 0 else {
                i = start
                throw error("unexpected character")
            }
            return .number(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
        }

        /// A string starting at the opening quote.
        mutating func string() throws(SyntaxError) -> String {
            i += 1
            let start = i
            var plain = true
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\") {
                    plain = false
                    i += 1
                } else if bytes[i] < 0x20 {
                    throw error("a control character in a string")
                }
                i += 1
            }
            guard i < bytes.count else { throw error("unterminated string") }
            let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
            i += 1
            guard !plain else {
                guard let s = String(validating: raw, as: UTF8.self) else { throw error("invalid UTF-8") }
                return s
            }
            return try unescape(raw)
        }

        func unescape(_ raw: UnsafeRawBufferPointer) throws(SyntaxError) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var k = 0
            func hex4(_ at: Int) -> UInt32? {
                guard at + 4 <= raw.count else { return nil }
                var v: UInt32 = 0
                for j in at..<(at + 4) {
                    let c = raw[j]
                    let d: UInt8
                    switch c {
                    case 0x30...0x39: d = c - 0x30
                    case 0x41...0x46: d = c - 0x41 + 10
                    case 0x61...0x66: d = c - 0x61 + 10
                    default: return nil
                    }
                    v = v * 16 + UInt32(d)
                }
                return v
            }
            while k < raw.count {
                let c = raw[k]
                guard c == UInt8(ascii: "\\") else {
                    out.append(c)
                    k += 1
                    continue
                }
                guard k + 1 < raw.count else { throw error("bad escape") }
                let e = raw[k + 1]
                k += 2
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4(k) else { throw error("bad \\u escape") }
                    k += 4
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard k + 1 < raw.count, raw[k] == UInt8(ascii: "\\"), raw[k + 1] == UInt8(ascii: "u"),
                            let low = hex4(k + 2), (0xDC00...0xDFFF).contains(low)
                        else { throw error("bad surrogate pair") }
                        k += 6
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("bad \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw error("bad escape")
                }
            }
            guard let s = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8") }
            return s
        }
    }
}
