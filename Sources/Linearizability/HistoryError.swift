/// A history file that cannot be checked: names the file and the line, and says what is wrong.
package struct HistoryError: Error, Hashable, Sendable, CustomStringConvertible {
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let name: String
        package init(_ name: String) { self.name = name }
        package var description: String { name }

        /// The file could not be read.
        package static let unreadable = Code("unreadable")
        /// A line is not JSON of the expected shape (a missing key, a wrong type, an unknown kind).
        package static let malformed = Code("malformed")
        /// The header names another schema.
        package static let schema = Code("schema")
        /// A line is well-formed but contradicts the format's rules (index, order, times, ids).
        package static let inconsistent = Code("inconsistent")
    }

    package var code: Code
    /// The file (or another description of where the text came from).
    package var source: String
    /// 1-based line, when the problem is on one.
    package var line: Int?
    package var message: String

    package init(_ code: Code, source: String, line: Int? = nil, _ message: String) {
        self.code = code
        self.source = source
        self.line = line
        self.message = message
    }

    /// `run/history.jsonl:12: return_ns -5 is before invoke_ns 100`.
    package var description: String {
        var s = source
        if let line { s += ":\(line)" }
        return s + ": " + message
    }
}
