import Foundation

/// A parsed JSON document that keeps the distinctions bad-input checks need (bool vs number,
/// integer vs fraction, null vs absent).
enum JSONValue: Decodable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int64.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    /// Parses `bytes`; `nil` when they are not one valid JSON document.
    static func parse(_ bytes: some DataProtocol) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int, .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
