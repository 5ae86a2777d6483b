/// A parsed JSON document that keeps the distinctions bad-input checks need (bool vs number,
/// integer vs fraction, null vs absent).
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Number)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `bytes`; `nil` when they are not one valid JSON document.
    package static func parse(_ bytes: some Collection<UInt8>) -> JSONValue? {
        JSONParser.parse(Array(bytes))
    }

    /// A JSON number: its exact integer reading (``NumberText``) and its nearest `Double`, which
    /// is infinite when the value is beyond `Double`'s range.
    package struct Number: Sendable {
        package var integer: NumberText.Integer
        package var double: Double
    }

    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
