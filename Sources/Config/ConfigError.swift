/// Something a user wrote that cannot be used — a profile, a server `--config` file, a command-line
/// value: names where it came from (a file, or an option such as `--bug`), the line and the key, and
/// says what is wrong. One type for every reader, so the same mistake reads the same everywhere.
package struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let name: String
        package init(_ name: String) { self.name = name }
        package var description: String { name }

        /// The file could not be read.
        package static let unreadable = Code("unreadable")
        /// The text is not valid YAML.
        package static let syntax = Code("syntax")
        /// A key this profile format does not define.
        package static let unknownKey = Code("unknownKey")
        /// A required key is absent.
        package static let missingKey = Code("missingKey")
        /// A value of the wrong type or outside its range.
        package static let invalidValue = Code("invalidValue")
        /// `${NAME}` names an environment variable that is not set (and has no default).
        package static let missingEnvironment = Code("missingEnvironment")
        /// A bug switch name the reference server does not have.
        package static let unknownBug = Code("unknownBug")
    }

    package var code: Code
    /// The file, or the command-line option, the value came from.
    package var file: String
    /// 1-based line, when known.
    package var line: Int?
    /// Dotted key path, e.g. `load.stages[1].duration`.
    package var key: String?
    package var message: String

    package init(_ code: Code, file: String, line: Int? = nil, key: String? = nil, _ message: String) {
        self.code = code
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `profiles/x.yaml:12: load.players: must be a positive integer (got "ten")`.
    package var description: String {
        var s = file
        if let line { s += ":\(line)" }
        s += ": "
        if let key, !key.isEmpty { s += "\(key): " }
        return s + message
    }
}
