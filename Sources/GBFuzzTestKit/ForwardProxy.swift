import Foundation
import Synchronization
import Transport

/// A forward HTTP proxy on loopback for tests of `--proxy`: each request arrives in absolute form
/// (`GET http://HOST:PORT/path`), is sent on to that URL, and its headers are kept, so a test can
/// tell that a run went through the proxy and what every request carried.
package final class ForwardProxy: Sendable {
    private let server: TestHTTPServer
    private let log: Seen

    /// The headers seen, shared with the server's connection threads.
    private final class Seen: Sendable {
        let headers = Mutex<[HTTPHeaders]>([])
    }

    package init(transport: any HTTPTransport = SharedTransport.curl) throws {
        let log = Seen()
        self.log = log
        server = try TestHTTPServer { request in
            log.headers.withLock { $0.append(request.headers) }
            guard request.target.hasPrefix("http://") else {
                return .respond(status: 400, headers: [], body: Array("not a proxy request".utf8), close: false)
            }
            guard let r = request.forward(to: request.target, transport: transport) else { return .closeConnection }
            let kept = r.headers.fields.filter {
                !["content-length", "connection", "transfer-encoding"].contains($0.name.lowercased())
            }
            return .respond(status: r.status, headers: kept, body: r.body, close: false)
        }
    }

    /// `http://127.0.0.1:PORT`.
    package var url: String { server.baseURL }

    /// The headers of every request the proxy received, in arrival order.
    package var requests: [HTTPHeaders] { log.headers.withLock { $0 } }

    package func stop() { server.stop() }
}
