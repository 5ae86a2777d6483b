/// Writes a request body as compact JSON without Codable: `JSONEncoder` (a new one per call) was
/// ~3 % of a checked operation's CPU for bodies of two to four members (`perf`). Members are
/// written in declaration order and an absent optional is left out, as the synthesized
/// `Encodable` conformance and `JSONEncoder` do; strings are escaped as RFC 8259 requires (`/` is
/// not escaped, which JSON allows). The tests decode what it writes with `JSONDecoder` and
/// compare with the value. Hand-written: no listed package writes JSON without Codable.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    private var first = true

    package init() { bytes.reserveCapacity(128) }

    /// `{ … }` around what `members` writes.
    package mutating func object(_ members: (inout JSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        first = true
        members(&self)
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    private mutating func key(_ key: StaticString) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    package mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    package mutating func member(_ name: StaticString, _ value: Int64?) {
        guard let value else { return }
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func member(_ name: StaticString, _ value: Int?) { member(name, value.map(Int64.init)) }

    /// A number written exactly as `text` (`600.0`, `6E2`, `1e400`: the number forms of
    /// docs/PROTOCOL.md §1.3), which a typed member never writes. Text with anything but digits,
    /// `.`, `e`, `E`, `+` and `-` is written as a string instead, so it cannot inject JSON.
    package mutating func member(_ name: StaticString, numberText text: String) {
        guard !text.isEmpty, text.utf8.allSatisfy({ Self.numberBytes.contains($0) }) else { return member(name, text) }
        key(name)
        bytes.append(contentsOf: text.utf8)
    }

    private static let numberBytes = Set("0123456789.eE+-".utf8)

    /// A `Double` as `JSONEncoder` writes one: its shortest round-tripping text without a trailing
    /// `.0` (`10`, `12.5`, `1e-05`). JSON has no form for infinities and NaN, which `JSONEncoder`
    /// refuses; they go out as strings (`"inf"`), a value of the wrong type the target refuses.
    package mutating func member(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        var text = value.description
        if value.isFinite, text.hasSuffix(".0") { text.removeLast(2) }
        member(name, numberText: text)
    }

    package mutating func member(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    package mutating func member(_ name: StaticString, _ values: [String]?) {
        guard let values else { return }
        key(name)
        array(values)
    }

    /// `[ … ]` of JSON strings.
    package mutating func array(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
        first = false
    }

    package mutating func member(_ name: StaticString, _ value: (some JSONWritable)?) {
        guard let value else { return }
        key(name)
        value.write(to: &self)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(Self.hex[Int(b >> 4)])
                bytes.append(Self.hex[Int(b & 0xF)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// A request body ``JSONWriter`` writes as its `Encodable` conformance would encode it.
package protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// The body as compact JSON.
    package var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }
}
