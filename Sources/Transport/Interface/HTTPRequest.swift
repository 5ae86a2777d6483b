/// A request as the transport sends it. A value type: build it once and send it many times.
package struct HTTPRequest: Sendable {
    package var method: HTTPMethod
    /// Absolute URL, e.g. `http://127.0.0.1:8080/path?query`.
    package var url: String
    package var headers: HTTPHeaders
    /// The body bytes; `nil` sends none. DELETE may carry a body (Gamebase Ban Release does).
    package var body: [UInt8]?
    /// Per-request timeout for the whole transfer; `nil` uses the transport's default.
    package var timeout: Duration?

    package init(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = [],
        body: [UInt8]? = nil,
        timeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
