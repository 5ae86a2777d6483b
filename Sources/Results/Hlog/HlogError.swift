import Engine

/// An `.hlog` file that cannot be read.
package struct HlogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An extensible error code.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let name: String
        package init(_ name: String) { self.name = name }
        package var description: String { name }

        /// A line that is not a comment, the legend or an interval.
        package static let malformedLine = Code("malformedLine")
        /// An interval whose histogram cannot be decoded.
        package static let badHistogram = Code("badHistogram")
        /// Histograms that cannot be merged (different layouts).
        package static let incompatible = Code("incompatible")
        /// A time too far from the log's start to be merged (beyond 64-bit milliseconds).
        package static let outOfRange = Code("outOfRange")
        package static let unreadable = Code("unreadable")
    }

    package var code: Code
    /// 1-based line number, when the problem is on one line.
    package var line: Int?
    package var message: String

    package init(_ code: Code, line: Int? = nil, _ message: String) {
        self.code = code
        self.line = line
        self.message = message
    }

    package var description: String { line.map { "line \($0): \(message)" } ?? message }
}
