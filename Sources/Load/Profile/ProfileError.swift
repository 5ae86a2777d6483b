/// A profile that cannot be used: names the file, the line and the key, and says what is wrong.
public struct ProfileError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The file could not be read.
        public static let unreadable = Code("unreadable")
        /// The text is not valid YAML.
        public static let syntax = Code("syntax")
        /// A key this profile format does not define.
        public static let unknownKey = Code("unknownKey")
        /// A required key is absent.
        public static let missingKey = Code("missingKey")
        /// A value of the wrong type or outside its range.
        public static let invalidValue = Code("invalidValue")
        /// `${NAME}` names an environment variable that is not set (and has no default).
        public static let missingEnvironment = Code("missingEnvironment")
    }

    public var code: Code
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// Dotted key path, e.g. `load.stages[1].duration`.
    public var key: String?
    public var message: String

    public init(_ code: Code, file: String, line: Int? = nil, key: String? = nil, _ message: String) {
        self.code = code
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `profiles/x.yaml:12: load.players: must be a positive integer (got "ten")`.
    public var description: String {
        var s = file
        if let line { s += ":\(line)" }
        s += ": "
        if let key, !key.isEmpty { s += "\(key): " }
        return s + message
    }
}
