/// A failure to complete an HTTP exchange. Never a crash: every curl failure maps to a code.
package struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An extensible error code (the swift-nio `FileSystemError.Code` shape).
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let name: String
        package init(_ name: String) { self.name = name }
        package var description: String { name }

        /// The peer refused the connection (nothing listening).
        package static let connectionRefused = Code("connectionRefused")
        /// The request did not complete within its timeout.
        package static let timeout = Code("timeout")
        /// The connection was reset or closed mid-exchange.
        package static let connectionReset = Code("connectionReset")
        /// The host name could not be resolved.
        package static let dnsFailure = Code("dnsFailure")
        /// The peer sent something that is not valid HTTP.
        package static let malformedResponse = Code("malformedResponse")
        /// The URL or request could not be used.
        package static let invalidRequest = Code("invalidRequest")
        /// The transport was shut down before the request completed.
        package static let shutdown = Code("shutdown")
        /// Any other failure; `message` carries the detail.
        package static let other = Code("other")
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String = "") {
        self.code = code
        self.message = message
    }

    package var description: String { message.isEmpty ? code.name : "\(code.name): \(message)" }
}

extension TransportError.Code {
    /// Lets callers match any error against a code: `catch TransportError.Code.timeout`.
    package static func ~= (code: TransportError.Code, error: any Error) -> Bool {
        (error as? TransportError)?.code == code
    }
}
