import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reference server could not start or stopped with an error: a plain message (the address and
/// the reason), never an NIO error dump.
package struct ServerStartError: Error, Sendable, CustomStringConvertible {
    package var message: String
    /// The address could not be bound (in use, not permitted, not local): a system error.
    package var cannotListen = false
    /// The configuration cannot be used (an unreadable TLS certificate or key): a usage error.
    package var badConfiguration = false

    package init(_ message: String) { self.message = message }

    /// Describes `error`, raised while listening on the configured address.
    init(listening configuration: ServerConfiguration, _ error: any Error) {
        let address = "\(configuration.host):\(configuration.port)"
        if let io = error as? IOError {
            self.init("cannot listen on \(address): \(String(cString: strerror(io.errnoCode)))")
            cannotListen = true
        } else {
            self.init("the server stopped: \(error)")
        }
    }

    package var description: String { message }
}
