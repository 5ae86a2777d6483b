/// A parsed JSON document that keeps the distinctions bad-input checks need (bool vs number,
/// integer vs fraction, null vs absent).
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `bytes`; `nil` when they are not one valid JSON document.
    static func parse(_ bytes: some Collection<UInt8>) -> JSONValue? {
        JSONParser.parse(Array(bytes))
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
