/// Anything that can carry an HTTP exchange. The curl transport implements it; tests and the
/// shrinker can swap in another. Protocol code depends on this and never on curl.
package protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the complete response.
    /// - Throws: ``TransportError`` for network failures, `CancellationError` if the task is cancelled.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
