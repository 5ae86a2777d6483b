/// A JSON document as the reply fast path reads it (``JSONReadable``): parsed strictly, values kept
/// as they were written, objects as their members in order.
///
/// Hand-written because Foundation's `JSONDecoder` was the largest single cost of a checked
/// operation (~20 µs of a reply of a few hundred bytes, `perf`: Codable's generic containers, not
/// the scanning) and no listed package decodes JSON without Codable. It is an accelerator, never a
/// second opinion: whatever it cannot decide (`nil`) goes to `JSONDecoder`, which stays the
/// reference for what an answer means, and the tests and the `FuzzReplies` fuzzer hold the two to
/// the same results.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number's literal text, as the grammar allows it (converted where a field asks).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Parses a whole document; `nil` when it is not strict JSON (RFC 8259) in UTF-8, nests deeper
    /// than ``JSONParser/maxDepth``, or holds an object with a key twice, so that the caller falls
    /// back to the reference decoder.
    package static func parse(_ bytes: [UInt8]) -> JSONValue? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            return parser.document()
        }
    }

    package var isNull: Bool { if case .null = self { true } else { false } }

    package var string: String? { if case .string(let s) = self { s } else { nil } }

    package var bool: Bool? { if case .bool(let b) = self { b } else { nil } }

    package var object: JSONObject? { if case .object(let o) = self { o } else { nil } }

    package var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    /// A number written as a plain integer (`-?(0|[1-9][0-9]*)`, not `-0`) that fits in 64 bits;
    /// `nil` for any other form, which the reference decoder judges.
    package var int64: Int64? {
        guard case .number(let text) = self, !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
            text != "-0"
        else { return nil }
        return Int64(text)
    }

    package var int: Int? { int64.flatMap { Int(exactly: $0) } }

    /// Any number, as the nearest `Double` (the grammar was checked; Swift's conversion is
    /// correctly rounded). `nil` when it does not fit.
    package var double: Double? {
        guard case .number(let text) = self, let d = Double(text), d.isFinite else { return nil }
        return d
    }
}

/// A JSON object's members in the order written; keys are unique (the parser refuses repeats).
package struct JSONObject: Sendable, Equatable {
    package var members: [(key: String, value: JSONValue)]

    package init(_ members: [(key: String, value: JSONValue)]) { self.members = members }

    /// The member's value; `nil` when absent. Replies have a dozen members at most: a linear look-up
    /// beats hashing.
    package subscript(key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// A member that may be absent: `.some(nil)` when absent or null, `.some(value)` when `convert`
    /// reads it, `nil` (not decidable here) when it is present in a form `convert` refuses.
    package func optional<T>(_ key: String, _ convert: (JSONValue) -> T?) -> T?? {
        guard let value = self[key], !value.isNull else { return .some(nil) }
        guard let converted = convert(value) else { return nil }
        return .some(converted)
    }

    package static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count
            && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// A type the reply fast path can build from a parsed document without Codable. `init(json:)`
/// returns `nil` whenever the value is not exactly what its `Decodable` conformance would accept
/// (a missing or null required member, a wrong type, a number in another form, an unknown case),
/// so that `JSONDecoder` decides, with its error message.
package protocol JSONReadable {
    init?(json: JSONValue)
}

extension Array: JSONReadable where Element: JSONReadable {
    package init?(json: JSONValue) {
        guard let items = json.array else { return nil }
        var out: [Element] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard let element = Element(json: item) else { return nil }
            out.append(element)
        }
        self = out
    }
}
