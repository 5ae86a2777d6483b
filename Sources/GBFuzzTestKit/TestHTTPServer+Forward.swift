import Foundation
import Synchronization
import Transport

extension TestHTTPServer.Request {
    /// Sends this request on to `url` and waits for the answer: for the test servers that stand
    /// between the harness and a target (``FaultyTarget``, ``ForwardProxy``). Hop-by-hop headers
    /// stay behind. Blocks: call it on a server thread, never in a task.
    func forward(to url: String, transport: any HTTPTransport) -> HTTPResponse? {
        var headers = HTTPHeaders()
        for h in self.headers.fields
        where !["host", "content-length", "connection", "proxy-connection"].contains(h.name.lowercased()) {
            headers.add(h.name, h.value)
        }
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: method),
            url: url,
            headers: headers,
            body: body.isEmpty ? nil : body,
            timeout: .seconds(30)
        )
        let done = DispatchSemaphore(value: 0)
        let answer = Mutex<HTTPResponse?>(nil)
        // Awaited right below through the semaphore.
        Task {
            let response = try? await transport.send(request)
            answer.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 }
    }
}
