/// A run output that could not be written or read.
package struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An extensible error code.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let name: String
        package init(_ name: String) { self.name = name }
        package var description: String { name }

        package static let writeFailed = Code("writeFailed")
        package static let missingFile = Code("missingFile")
        package static let corruptFile = Code("corruptFile")
        /// A run folder that already holds files (and `--overwrite` was not given).
        package static let notEmpty = Code("notEmpty")
        /// A folder that cannot be created or written.
        package static let cannotCreate = Code("cannotCreate")
    }

    package var code: Code
    /// The file concerned.
    package var path: String
    package var message: String

    package init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }
}
