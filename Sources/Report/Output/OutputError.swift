/// A run output that could not be written or read.
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An extensible error code.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        public static let writeFailed = Code("writeFailed")
        public static let missingFile = Code("missingFile")
        public static let corruptFile = Code("corruptFile")
    }

    public var code: Code
    /// The file concerned.
    public var path: String
    public var message: String

    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
