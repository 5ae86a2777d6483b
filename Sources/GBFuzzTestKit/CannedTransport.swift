import Transport

/// A transport that answers every request with the same status and body, or fails with an error:
/// for decoder, oracle and error-classification tests that need no server.
package struct CannedTransport: HTTPTransport {
    package var status: Int
    package var body: String
    package var error: TransportError?

    package init(status: Int = 200, body: String = "not json", error: TransportError? = nil) {
        self.status = status
        self.body = body
        self.error = error
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let error { throw error }
        return HTTPResponse(status: status, body: Array(body.utf8))
    }
}
