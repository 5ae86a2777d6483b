import Transport

/// A response that is not a well-formed Gamebase answer: a protocol violation, distinct from a
/// transport failure (``TransportError``) and from a Gamebase error code (which is a normal answer).
package struct ProtocolError: Error, Sendable, CustomStringConvertible {
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let name: String
        package init(_ name: String) { self.name = name }
        package var description: String { name }

        /// HTTP status other than 200 (Gamebase answers 200 for every outcome).
        package static let httpStatus = Code("httpStatus")
        /// The body is not JSON.
        package static let notJSON = Code("notJSON")
        /// JSON without a valid `header`, or a payload of the wrong shape.
        package static let badEnvelope = Code("badEnvelope")
    }

    package var code: Code
    package var message: String
    /// The response as received, for the report.
    package var response: HTTPResponse

    package init(_ code: Code, _ message: String, response: HTTPResponse) {
        self.code = code
        self.message = message
        self.response = response
    }

    package var description: String { "\(code.name): \(message)" }
}
