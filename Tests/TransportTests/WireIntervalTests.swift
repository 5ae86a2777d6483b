import GBFuzzTestKit
import Synchronization
import Testing
import Transport

/// The wire interval a response carries bounds when the server handled the request: the
/// linearizability checker narrows each operation's interval to it, so it must never leave out
/// the moment the server acted.
@Suite("Curl transport: wire interval", .timeLimit(.minutes(1)))
struct WireIntervalTests {
    @Test("The wire interval lies inside the call and contains the moment the server handled the request")
    func wireIntervalContainsHandling() async throws {
        let handled = Mutex<[ContinuousClock.Instant]>([])
        let handler: TestHTTPServer.Handler = { _ in
            handled.withLock { $0.append(.now) }
            return .delay(.milliseconds(20), .respond(status: 200, headers: [], body: [1], close: false))
        }
        try await Fixtures.withServer(handler: handler) { server, transport in
            for _ in 0..<3 {
                let before = ContinuousClock.now
                let response = try await transport.send(HTTPRequest(method: .get, url: server.baseURL))
                let after = ContinuousClock.now
                let wire = try #require(response.timing.wire)
                let at = try #require(handled.withLock { $0.last })
                #expect(before <= wire.lowerBound)
                #expect(wire.lowerBound <= at)
                // The answer left 20 ms after the handler ran, and arrived before the wire's end.
                #expect(at + .milliseconds(20) <= wire.upperBound)
                #expect(wire.upperBound <= after)
            }
        }
    }

    @Test("A request held back by the transport's admission limit starts its wire interval when curl gets it")
    func queuedRequestStartsWhenAdmitted() async throws {
        var configuration = CurlTransport.Configuration()
        configuration.lanes = 1
        configuration.maxConnections = 1
        let handler: TestHTTPServer.Handler = { _ in
            .delay(.milliseconds(30), .respond(status: 200, headers: [], body: [1], close: false))
        }
        try await Fixtures.withServer(configuration: configuration, handler: handler) { server, transport in
            let start = ContinuousClock.now
            async let first = transport.send(HTTPRequest(method: .get, url: server.baseURL))
            async let second = transport.send(HTTPRequest(method: .get, url: server.baseURL))
            let (a, b) = try await (first, second)
            let wires = [try #require(a.timing.wire), try #require(b.timing.wire)].sorted {
                $0.lowerBound < $1.lowerBound
            }
            // One waited for the other's slot: its wire interval begins after the first ended,
            // although both calls began together.
            #expect(wires[1].lowerBound >= wires[0].upperBound)
            #expect(wires[1].lowerBound - start >= .milliseconds(30))
        }
    }
}
