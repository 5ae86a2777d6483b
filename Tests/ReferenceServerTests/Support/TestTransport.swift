import Transport

/// The transport every test talks through: the project's own libcurl transport, shared by the
/// whole test process (its lanes and connection cache live as long as the process).
func makeTestTransport() -> any HTTPTransport { SharedCurl.transport }

private enum SharedCurl {
    static let transport: CurlTransport = {
        do {
            return try CurlTransport(
                configuration: CurlTransport.Configuration(lanes: 1, maxConnections: 256, defaultTimeout: .seconds(60))
            )
        } catch {
            fatalError("cannot start the curl transport for tests: \(error)")
        }
    }()
}
