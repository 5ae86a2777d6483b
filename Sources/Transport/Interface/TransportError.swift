/// A failure to complete an HTTP exchange. Never a crash: every curl failure maps to a code.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An extensible error code (the swift-nio `FileSystemError.Code` shape).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The peer refused the connection (nothing listening).
        public static let connectionRefused = Code("connectionRefused")
        /// The request did not complete within its timeout.
        public static let timeout = Code("timeout")
        /// The connection was reset or closed mid-exchange.
        public static let connectionReset = Code("connectionReset")
        /// The host name could not be resolved.
        public static let dnsFailure = Code("dnsFailure")
        /// The peer sent something that is not valid HTTP.
        public static let malformedResponse = Code("malformedResponse")
        /// The URL or request could not be used.
        public static let invalidRequest = Code("invalidRequest")
        /// The transport was shut down before the request completed.
        public static let shutdown = Code("shutdown")
        /// Any other failure; `message` carries the detail.
        public static let other = Code("other")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String = "") {
        self.code = code
        self.message = message
    }

    public var description: String { message.isEmpty ? code.name : "\(code.name): \(message)" }
}

extension TransportError.Code {
    /// Lets callers match any error against a code: `catch TransportError.Code.timeout`.
    public static func ~= (code: TransportError.Code, error: any Error) -> Bool {
        (error as? TransportError)?.code == code
    }
}
