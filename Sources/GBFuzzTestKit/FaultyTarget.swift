import Basics
import Foundation
import Protocol
import Synchronization
import Transport

/// A target that misbehaves on purpose, for tests of what the harness makes of it: a loopback proxy
/// in front of a real target (usually a ``LiveTarget``'s reference server) that, per request, with
/// the given probabilities, answers truncated JSON, an HTML 5xx page, a nonsense result code, stalls
/// before answering, or resets the connection. Faults are drawn from a seeded PRNG, so a test is
/// reproducible up to request order.
package final class FaultyTarget: Sendable {
    /// What the proxy does to one request.
    package enum Fault: Hashable, Sendable {
        /// Forwards, then answers only the first half of the body.
        case truncatedJSON
        /// Answers an HTML error page with this status, without forwarding.
        case htmlError(Int)
        /// Forwards, then rewrites `header.resultCode` to a code no edition documents.
        case nonsenseCode
        /// Waits this long, then forwards.
        case stall(Duration)
        /// Starts an answer and closes the connection in the middle of it (nothing is forwarded).
        /// A connection closed before any byte would be retried by curl on a reused connection.
        case reset
        /// Answers a well-formed envelope with a generic failure code (3999 AUTH_UNKNOWN_ERROR, or
        /// -5000001 INTERNAL_SYSTEM_ERROR with the secret key), after forwarding the request
        /// (`applied`) or without (the target failed before doing anything).
        case genericFailure(applied: Bool)
        /// Forwards, then rewrites `header.resultMessage` to a sentence (not the code's name).
        case freeMessage
        /// Forwards, then echoes the transaction id cut to this many characters (header and body),
        /// as a backend with a fixed-width column would.
        case truncateTransactionId(Int)
    }

    /// One fault with its probability, applied to the requests `applies` selects (all by default).
    package struct Rule: Sendable {
        package var fault: Fault
        package var probability: Double
        package var applies: @Sendable (TestHTTPServer.Request) -> Bool

        package init(
            _ fault: Fault,
            _ probability: Double,
            when applies: @escaping @Sendable (TestHTTPServer.Request) -> Bool = { _ in true }
        ) {
            self.fault = fault
            self.probability = probability
            self.applies = applies
        }

        /// Applies to requests whose path contains `path`.
        package init(_ fault: Fault, _ probability: Double, path: String) {
            self.init(fault, probability) { $0.target.contains(path) }
        }

        /// Requests with the secret key: the Server API (and the audit) and test control.
        package static let withSecretKey: @Sendable (TestHTTPServer.Request) -> Bool = {
            $0.headers["X-Secret-Key"] != nil
        }
    }

    /// The result code written by ``Fault/nonsenseCode``.
    package static let nonsenseCode = 987_654

    private let server: TestHTTPServer
    private let state: Draws

    private struct State {
        var rng: SplitMix64
        var seen = 0
        var injected: [Fault: Int] = [:]
    }

    /// The draws, shared by the server's connection threads.
    private final class Draws: Sendable {
        let state: Mutex<State>
        init(seed: UInt64) { state = Mutex(State(rng: SplitMix64(seed: seed))) }
    }

    /// - Parameters:
    ///   - upstream: the real target's base URL.
    ///   - rules: the faults; the first rule whose draw hits applies.
    ///   - unfaulted: how many first requests pass untouched: the probe's three and the clock
    ///     freeze, by default.
    package init(
        upstream: String,
        rules: [Rule],
        unfaulted: Int = 4,
        seed: UInt64 = 1,
        transport: any HTTPTransport = SharedTransport.curl
    ) throws {
        let draws = Draws(seed: seed)
        self.state = draws
        self.server = try TestHTTPServer { request in
            let fault: Fault? = draws.state.withLock { s in
                s.seen += 1
                guard s.seen > unfaulted else { return nil }
                for rule in rules where rule.applies(request) {
                    if s.rng.nextUnit() < rule.probability {
                        s.injected[rule.fault, default: 0] += 1
                        return rule.fault
                    }
                }
                return nil
            }
            return Self.reply(to: request, fault: fault, upstream: upstream, transport: transport)
        }
    }

    package var baseURL: String { server.baseURL }

    /// How many times each fault was injected so far.
    package var injected: [Fault: Int] { state.state.withLock { $0.injected } }

    package func stop() { server.stop() }

    private static func reply(
        to request: TestHTTPServer.Request,
        fault: Fault?,
        upstream: String,
        transport: any HTTPTransport
    ) -> TestHTTPServer.Reply {
        switch fault {
        case .htmlError(let status)?:
            let page =
                "<!DOCTYPE html><html><head><title>\(status) Error</title></head><body><h1>\(status)</h1>"
                + "<p>The upstream did not answer.</p></body></html>"
            return .respond(
                status: status,
                headers: [HTTPHeader("Content-Type", "text/html")],
                body: Array(page.utf8),
                close: false
            )
        case .reset?:
            return .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 400\r\n\r\n{\"header\":{\"trans".utf8))
        case .genericFailure(let applied)?:
            if applied { _ = forward(request, to: upstream, transport: transport) }
            return genericFailure(request)
        default:
            break
        }
        guard let answer = forward(request, to: upstream, transport: transport) else { return .closeConnection }
        var body = answer.body
        switch fault {
        case .truncatedJSON?: body = Array(body.prefix(body.count / 2))
        case .nonsenseCode?: body = rewriteCode(body)
        case .freeMessage?: body = rewriteHeader(body) { $0["resultMessage"] = "The request was processed." }
        case .truncateTransactionId(let n)?:
            body = rewriteHeader(body) { h in
                if let tid = h["transactionId"] as? String { h["transactionId"] = String(tid.prefix(n)) }
            }
        default: break
        }
        var headers = answer.headers.filter {
            !["content-length", "connection", "transfer-encoding"].contains($0.name.lowercased())
        }
        if case .truncateTransactionId(let n)? = fault {
            headers = headers.map {
                HTTPHeaders.sameName($0.name, "X-TCGB-Transaction-Id")
                    ? HTTPHeader($0.name, String($0.value.prefix(n))) : $0
            }
        }
        let reply = TestHTTPServer.Reply.respond(status: answer.status, headers: headers, body: body, close: false)
        if case .stall(let d)? = fault { return .delay(d, reply) }
        return reply
    }

    /// Sends the request upstream and waits for the answer (this is a server thread, not a task).
    private static func forward(
        _ r: TestHTTPServer.Request,
        to upstream: String,
        transport: any HTTPTransport
    ) -> HTTPResponse? {
        r.forward(to: upstream + r.target, transport: transport)
    }

    /// An envelope with a generic failure code that echoes the request's transaction id.
    private static func genericFailure(_ r: TestHTTPServer.Request) -> TestHTTPServer.Reply {
        let tid = r.headers["X-TCGB-Transaction-Id"] ?? "gbfuzz-faulty"
        let code = r.headers["X-Secret-Key"] != nil ? -5_000_001 : 3999
        let header: [String: Any] = [
            "transactionId": tid, "isSuccessful": false, "resultCode": code,
            "resultMessage": ResultCode(code).name,
        ]
        let body = (try? JSONSerialization.data(withJSONObject: ["header": header])).map { Array($0) } ?? []
        return .respond(
            status: 200,
            headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("X-TCGB-Transaction-Id", tid)],
            body: body,
            close: false
        )
    }

    /// `header.resultCode` replaced by ``nonsenseCode`` (and `isSuccessful` false).
    private static func rewriteCode(_ body: [UInt8]) -> [UInt8] {
        rewriteHeader(body) {
            $0["resultCode"] = nonsenseCode
            $0["isSuccessful"] = false
        }
    }

    /// `body` with its `header` object changed by `change` (unchanged when it has none).
    private static func rewriteHeader(_ body: [UInt8], _ change: (inout [String: Any]) -> Void) -> [UInt8] {
        guard var object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
            var header = object["header"] as? [String: Any]
        else { return body }
        change(&header)
        object["header"] = header
        return (try? JSONSerialization.data(withJSONObject: object)).map { Array($0) } ?? body
    }
}
