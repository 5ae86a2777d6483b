import Load

/// An `.hlog` file that cannot be read.
public struct HlogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An extensible error code.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// A line that is not a comment, the legend or an interval.
        public static let malformedLine = Code("malformedLine")
        /// An interval whose histogram cannot be decoded.
        public static let badHistogram = Code("badHistogram")
        /// Histograms that cannot be merged (different layouts).
        public static let incompatible = Code("incompatible")
        public static let unreadable = Code("unreadable")
    }

    public var code: Code
    /// 1-based line number, when the problem is on one line.
    public var line: Int?
    public var message: String

    public init(_ code: Code, line: Int? = nil, _ message: String) {
        self.code = code
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}
