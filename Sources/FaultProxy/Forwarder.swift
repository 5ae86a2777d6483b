import NIOCore
import NIOHTTP1
import Transport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection's requests, each forwarded upstream with the fault the plan draws for it.
struct Forwarder: Sendable {
    let plan: FaultPlan
    let upstream: String
    /// Path prefixes forwarded without faults.
    let exempt: [String]
    /// The request header whose value names a request in ``FaultPlan/fault(for:)``.
    let correlationHeader: String?
    let transport: CurlTransport

    /// Fields that belong to one hop, never forwarded either way (RFC 9110 §7.6.1), and the length
    /// fields the two sides compute themselves.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
        "content-length", "host", "expect",
    ]

    func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async {
        let channel = connection.channel
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body: [UInt8] = []
            for try await part in inbound {
                switch part {
                case .head(let h):
                    head = h
                    body = []
                case .body(let buffer):
                    body += buffer.readableBytesView
                case .end:
                    guard let h = head else { continue }
                    head = nil
                    guard try await exchange(h, body, outbound, channel) else { return }
                }
            }
        }
    }

    /// Forwards one request with its fault and writes the answer; false when the connection must
    /// close (a dropped answer, a reset, an upstream failure, or the client asked to close).
    private func exchange(
        _ head: HTTPRequestHead,
        _ body: [UInt8],
        _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
        _ channel: any Channel
    ) async throws -> Bool {
        let id = correlationHeader.flatMap { head.headers[$0].first }
        let fault = exempt.contains(where: head.uri.hasPrefix) ? nil : plan.draw(id: id)
        if case .reset = fault {
            // The request never reaches the target: a response head, then RST (SO_LINGER 0). A
            // connection closed before any byte of an answer would be retried by the client's curl
            // on a reused connection, silently: a duplicate nobody asked for.
            try await outbound.write(.head(Self.cutHead(head, length: 64)))
            try? await (channel as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
            return false
        }
        if case .delay(let d) = fault { try await Task.sleep(for: d) }
        let request = upstreamRequest(head, body)
        guard var response = try? await transport.send(request) else { return false }
        switch fault {
        case .dropResponse:
            // Applied and answered; the answer's head goes out (so that no client retries it), its
            // body never does.
            try await outbound.write(.head(Self.cutHead(head, length: max(response.body.count, 1))))
            return false
        case .duplicate:
            // The retry after an answer the client never acknowledged; its own answer is discarded.
            _ = try? await transport.send(request)
            response.headers.add(FaultSpec.header, "duplicate")
        default:
            break
        }
        var headers = NIOHTTP1.HTTPHeaders()
        for field in response.headers where !Self.hopByHop.contains(field.name.lowercased()) {
            headers.add(name: field.name, value: field.value)
        }
        headers.add(name: "Content-Length", value: String(response.body.count))
        if !head.isKeepAlive { headers.add(name: "Connection", value: "close") }
        try await outbound.write(
            .head(
                HTTPResponseHead(
                    version: head.version,
                    status: HTTPResponseStatus(statusCode: response.status),
                    headers: headers
                )
            )
        )
        if case .slowBody(let d) = fault, response.body.count > 1 {
            // The head at once, then the body in up to eight pieces, one each eighth of the duration.
            let pieces = min(8, response.body.count)
            let size = (response.body.count + pieces - 1) / pieces
            var start = 0
            while start < response.body.count {
                try await Task.sleep(for: d / pieces)
                let end = min(start + size, response.body.count)
                try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: response.body[start..<end]))))
                start = end
            }
        } else if !response.body.isEmpty {
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: response.body))))
        }
        try await outbound.write(.end(nil))
        return head.isKeepAlive
    }

    /// The head of an answer whose `length` bytes of body will never come.
    private static func cutHead(_ request: HTTPRequestHead, length: Int) -> HTTPResponseHead {
        HTTPResponseHead(
            version: request.version,
            status: .ok,
            headers: ["Content-Type": "application/json", "Content-Length": String(length)]
        )
    }

    private func upstreamRequest(_ head: HTTPRequestHead, _ body: [UInt8]) -> HTTPRequest {
        var headers = Transport.HTTPHeaders()
        for (name, value) in head.headers where !Self.hopByHop.contains(name.lowercased()) {
            headers.add(name, value)
        }
        return HTTPRequest(
            method: HTTPMethod(rawValue: head.method.rawValue),
            url: upstream + head.uri,
            headers: headers,
            body: body.isEmpty && head.method == .GET ? nil : body
        )
    }
}
