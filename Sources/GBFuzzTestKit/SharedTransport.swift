import Transport

/// The transport tests talk through when they need no transport of their own: the project's
/// libcurl transport, shared by the whole test process (its lanes and connection cache live as
/// long as the process).
package enum SharedTransport {
    package static let curl: CurlTransport = {
        do {
            return try CurlTransport(
                configuration: CurlTransport.Configuration(lanes: 1, maxConnections: 256, defaultTimeout: .seconds(60))
            )
        } catch {
            fatalError("cannot start the curl transport for tests: \(error)")
        }
    }()
}
