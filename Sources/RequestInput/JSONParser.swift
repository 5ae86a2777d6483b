/// A strict RFC 8259 parser into ``JSONValue``: a number keeps its exact integer reading (any
/// size or spelling is valid JSON; the field judges the value), `null` stays distinct,
/// and nothing throws on the hot path (JSONDecoder's try-each-type decoding built an error per
/// attempt). Nesting deeper than ``maxDepth`` is rejected rather than risking the stack.
package struct JSONParser {
    package static let maxDepth = 256

    private let bytes: [UInt8]
    private var i = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// One complete JSON document, or nil.
    package static func parse(_ bytes: [UInt8]) -> JSONValue? {
        var p = JSONParser(bytes)
        p.skipSpace()
        guard let v = p.value(depth: 0) else { return nil }
        p.skipSpace()
        return p.i == p.bytes.count ? v : nil
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value(depth: Int) -> JSONValue? {
        guard i < bytes.count, depth < Self.maxDepth else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: String, _ v: JSONValue) -> JSONValue? {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, bytes[i..<(i + w.count)].elementsEqual(w) else { return nil }
        i += w.count
        return v
    }

    private mutating func object(depth: Int) -> JSONValue? {
        i += 1
        var out: [String: JSONValue] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(out)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            guard let v = value(depth: depth + 1) else { return nil }
            if out[key] == nil { out[key] = v }  // the first of duplicate keys wins
            skipSpace()
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            guard bytes[i] == UInt8(ascii: "}") else { return nil }
            i += 1
            return .object(out)
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        i += 1
        var out: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(out)
        }
        while true {
            skipSpace()
            guard let v = value(depth: depth + 1) else { return nil }
            out.append(v)
            skipSpace()
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            guard bytes[i] == UInt8(ascii: "]") else { return nil }
            i += 1
            return .array(out)
        }
    }

    private mutating func string() -> String? {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by an escaped low surrogate.
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
                        else { return nil }
                        i += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        return nil
                    }
                    guard let u = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: return nil
                }
            default:
                guard b >= 0x20 else { return nil }  // control characters must be escaped
                out.append(b)
                i += 1
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: return nil
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    /// A number of any size: the value's reading is left to the field (``NumberText``).
    private mutating func number() -> JSONValue? {
        guard let (end, integer) = NumberText.read(bytes, from: i) else { return nil }
        let double: Double
        if case .exact(let n) = integer {
            double = Double(n)
        } else {
            double = Double(String(decoding: bytes[i..<end], as: UTF8.self)) ?? .infinity
        }
        i = end
        return .number(JSONValue.Number(integer: integer, double: double))
    }
}
