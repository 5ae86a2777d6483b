/// Anything that can carry an HTTP exchange. The curl transport implements it; tests and the
/// shrinker can swap in another. Protocol code depends on this and never on curl.
package protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the complete response.
    /// - Throws: ``TransportError`` for network failures, `CancellationError` if the task is cancelled.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
    /// The task executor a request loop numbered `key` should prefer, so that its requests are
    /// sent and completed on the thread it runs on (no thread hop per request); `nil` when the
    /// transport has no threads of its own.
    func preferredTaskExecutor(for key: Int) -> (any TaskExecutor)?
}

extension HTTPTransport {
    package func preferredTaskExecutor(for key: Int) -> (any TaskExecutor)? { nil }
}
