/// A strict RFC 8259 parser over UTF-8 bytes for ``JSONValue/parse(_:)``: one pass, no recursion
/// deeper than ``maxDepth``, every failure `nil` (never a trap), whatever the input.
struct JSONParser {
    /// Deeper documents go to the reference decoder (which allows 512 levels); replies have 4.
    static let maxDepth = 64
    /// Up to this many members an object's keys are checked for repeats one by one, beyond it in a set.
    static let linearKeyLimit = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// One value and nothing after it but whitespace.
    mutating func document() -> JSONValue? {
        skipWhitespace()
        guard let value = value() else { return nil }
        skipWhitespace()
        return index == bytes.count ? value : nil
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() -> JSONValue? {
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return nil
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return nil }
        for i in 0..<count where bytes[index + i] != word.utf8Start[i] { return nil }
        index += count
        return value
    }

    private mutating func object() -> JSONValue? {
        guard depth < Self.maxDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1  // {
        var members: [(key: String, value: JSONValue)] = []
        // A reply's objects hold a handful of members: one allocation instead of growing 1, 2, 4, 8.
        members.reserveCapacity(8)
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(members))
        }
        // The keys so far, once there are more than a reply's usual handful: a target's answer may
        // be an object of millions of members, and comparing each key with every earlier one
        // would stall the lane for minutes.
        var keys: Set<String>?
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\""), let key = string() else { return nil }
            // A repeated key: which one wins is the reference decoder's call.
            if keys != nil {
                guard keys!.insert(key).inserted else { return nil }
            } else {
                for member in members where member.key == key { return nil }
                if members.count == Self.linearKeyLimit {
                    keys = Set(members.map(\.key))
                    keys!.insert(key)
                }
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard let value = value() else { return nil }
            members.append((key, value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(JSONObject(members))
            default: return nil
            }
        }
    }

    private mutating func array() -> JSONValue? {
        guard depth < Self.maxDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            guard let item = value() else { return nil }
            items.append(item)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default: return nil
            }
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, kept as its text.
    private mutating func number() -> JSONValue? {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { return nil }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let d = current, isDigit(d) else { return nil }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let d = current, isDigit(d) else { return nil }
            skipDigits()
        }
        // A digit right after a leading zero ("01") is not JSON.
        if let next = current, isDigit(next) { return nil }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let b = current, isDigit(b) { index += 1 }
    }

    /// A string from its opening quote; `nil` for a control character, a bad escape, a lone
    /// surrogate or bytes that are not UTF-8.
    private mutating func string() -> String? {
        index += 1  // "
        let start = index
        var ascii = true
        while let b = current {
            if b == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return ascii ? String(decoding: raw, as: UTF8.self) : String(validating: raw, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") { return escapedString(from: start) }
            if b < 0x20 { return nil }
            if b >= 0x80 { ascii = false }
            index += 1
        }
        return nil
    }

    /// The slow form of ``string()``: bytes copied with escapes resolved, validated as UTF-8.
    private mutating func escapedString(from start: Int) -> String? {
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while let b = current {
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard let e = current else { return nil }
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    out.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            case 0..<0x20: return nil
            default:
                out.append(b)
                index += 1
            }
        }
        return nil
    }

    /// After `\u`: four hex digits, and for a high surrogate the `\uDC00`… that must follow.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let unit = hex4() else { return nil }
        switch unit {
        case 0xD800...0xDBFF:
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00...0xDFFF: return nil
        default: return Unicode.Scalar(unit)
        }
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(digit)
            index += 1
        }
        return v
    }
}
