/// A configuration or command-line problem, with a message that names the file, the key and
/// (when known) the line.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The file could not be read.
        public static let unreadable = Code("unreadable")
        /// The file is not valid YAML.
        public static let syntax = Code("syntax")
        /// A key the configuration does not know.
        public static let unknownKey = Code("unknownKey")
        /// A value of the wrong type or outside its range.
        public static let invalidValue = Code("invalidValue")
        /// A bug name that does not exist.
        public static let unknownBug = Code("unknownBug")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
