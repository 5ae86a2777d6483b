import ServiceLifecycle

/// A reference server started in-process by ``ReferenceServer/start(_:)``.
package final class RunningServer: Sendable {
    package let host: String
    /// `http`, or `https` with TLS.
    package let scheme: String
    /// The bound port (the real one when the configuration asked for 0).
    package let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>
    private let cleanup: @Sendable () -> Void

    init(
        host: String,
        scheme: String = "http",
        port: Int,
        group: ServiceGroup,
        task: Task<Void, any Error>,
        cleanup: @escaping @Sendable () -> Void
    ) {
        self.host = host
        self.scheme = scheme
        self.port = port
        self.group = group
        self.task = task
        self.cleanup = cleanup
    }

    /// `http://HOST:PORT` (`https://` with TLS).
    package var baseURL: String { "\(scheme)://\(host):\(port)" }

    /// Stops accepting connections, finishes in-flight requests, closes the database and deletes
    /// a temporary database file.
    package func shutdown() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
        cleanup()
    }
}
