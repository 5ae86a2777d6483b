import Transport

/// A response that is not a well-formed Gamebase answer: a protocol violation, distinct from a
/// transport failure (``TransportError``) and from a Gamebase error code (which is a normal answer).
public struct ProtocolError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// HTTP status other than 200 (Gamebase answers 200 for every outcome).
        public static let httpStatus = Code("httpStatus")
        /// The body is not JSON.
        public static let notJSON = Code("notJSON")
        /// JSON without a valid `header`, or a payload of the wrong shape.
        public static let badEnvelope = Code("badEnvelope")
    }

    public var code: Code
    public var message: String
    /// The response as received, for the report.
    public var response: HTTPResponse

    public init(_ code: Code, _ message: String, response: HTTPResponse) {
        self.code = code
        self.message = message
        self.response = response
    }

    public var description: String { "\(code.name): \(message)" }
}
