import GBFuzzTestKit
import Testing
import Transport

/// Every way an exchange can fail maps to a code, and none crashes.
@Suite("Curl transport: failures map to codes", .tags(.timing), .timeLimit(.minutes(1)))
struct FailureTimingTests {
    @Test("A server that never answers gives .timeout within the bound")
    func neverAnswerTimesOut() async throws {
        let (error, elapsed) = try await Fixtures.withServer(handler: { _ in .neverAnswer }) { server, transport in
            let start = ContinuousClock.now
            let error = await Fixtures.transportError {
                try await transport.send(HTTPRequest(method: .get, url: server.baseURL, timeout: .milliseconds(300)))
            }
            return (error, ContinuousClock.now - start)
        }
        #expect(error?.code == .timeout)
        #expect(elapsed >= .milliseconds(250))
        #expect(elapsed < .seconds(2))
    }

    @Test("Requests without their own timeout use the configured default")
    func defaultTimeout() async throws {
        let configuration = CurlTransport.Configuration(defaultTimeout: .milliseconds(200))
        let error = try await Fixtures.withServer(configuration: configuration, handler: { _ in .neverAnswer }) {
            server,
            transport in
            await Fixtures.transportError { try await transport.send(HTTPRequest(method: .get, url: server.baseURL)) }
        }
        #expect(error?.code == .timeout)
    }

    @Test("A closed port gives .connectionRefused")
    func closedPortRefused() async throws {
        let port = try Fixtures.closedPort()
        let transport = try CurlTransport()
        let error = await Fixtures.transportError {
            try await transport.send(HTTPRequest(method: .get, url: "http://127.0.0.1:\(port)/"))
        }
        await transport.shutdown()
        #expect(error?.code == .connectionRefused)
        #expect(error?.message.isEmpty == false)
    }

    @Test("A non-HTTP reply gives .malformedResponse")
    func garbageIsMalformed() async throws {
        let error = try await Fixtures.withServer(handler: { _ in .raw(Array("GARBAGE\r\n\r\n".utf8)) }) {
            server,
            transport in
            await Fixtures.transportError { try await transport.send(HTTPRequest(method: .get, url: server.baseURL)) }
        }
        #expect(error?.code == .malformedResponse)
    }

    @Test("A broken status line gives .malformedResponse")
    func brokenStatusLineIsMalformed() async throws {
        let error = try await Fixtures.withServer(handler: { _ in
            .raw(Array("HTTP/1.1 abc\r\nContent-Length: 0\r\n\r\n".utf8))
        }) { server, transport in
            await Fixtures.transportError { try await transport.send(HTTPRequest(method: .get, url: server.baseURL)) }
        }
        #expect(error?.code == .malformedResponse)
    }

    @Test("A connection closed without an answer gives .connectionReset")
    func closeWithoutAnswer() async throws {
        let error = try await Fixtures.withServer(handler: { _ in .closeConnection }) { server, transport in
            await Fixtures.transportError { try await transport.send(HTTPRequest(method: .get, url: server.baseURL)) }
        }
        #expect(error?.code == .connectionReset)
    }

    @Test("A body cut short of its Content-Length gives .connectionReset")
    func truncatedBody() async throws {
        let error = try await Fixtures.withServer(handler: { _ in
            .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly-this".utf8))
        }) { server, transport in
            await Fixtures.transportError { try await transport.send(HTTPRequest(method: .get, url: server.baseURL)) }
        }
        #expect(error?.code == .connectionReset)
    }

    @Test("A response body over the limit fails the request instead of growing memory")
    func bodyLimit() async throws {
        let configuration = CurlTransport.Configuration(maxResponseBodyBytes: 1000)
        let error = try await Fixtures.withServer(
            configuration: configuration,
            handler: { _ in
                .respond(status: 200, headers: [], body: [UInt8](repeating: 7, count: 5000), close: false)
            }
        ) { server, transport in
            await Fixtures.transportError { try await transport.send(HTTPRequest(method: .get, url: server.baseURL)) }
        }
        #expect(error?.code == .other)
        #expect(error?.message.contains("exceeds 1000 bytes") == true)
    }

    @Test("HTTP/2 prior knowledge against an HTTP/1.1-only server fails with a code, not a crash")
    func http2AgainstHTTP1() async throws {
        let configuration = CurlTransport.Configuration(httpVersion: .http2PriorKnowledge)
        let error = try await Fixtures.withServer(configuration: configuration) { server, transport in
            await Fixtures.transportError {
                try await transport.send(HTTPRequest(method: .get, url: server.baseURL, timeout: .seconds(2)))
            }
        }
        #expect(error != nil)
        #expect(error?.code != .shutdown)
    }

    @Test(
        "Requests curl cannot express are .invalidRequest",
        arguments: [
            HTTPRequest(method: .get, url: "gopherx://127.0.0.1/"),
            HTTPRequest(method: .get, url: "http://127.0.0.1:1/", headers: [HTTPHeader("X-Bad", "a\r\nInjected: 1")]),
            HTTPRequest(method: .get, url: "http://127.0.0.1:1/", headers: [HTTPHeader("Bad Name", "v")]),
            HTTPRequest(method: HTTPMethod(rawValue: "GET /x"), url: "http://127.0.0.1:1/"),
            HTTPRequest(method: .get, url: "http://[::1/"),
        ]
    )
    func invalidRequests(_ request: HTTPRequest) async throws {
        let transport = try CurlTransport()
        let error = await Fixtures.transportError { try await transport.send(request) }
        #expect(error?.code == .invalidRequest)
        #expect(transport.inFlightCount == 0)
        await transport.shutdown()
        #expect(transport.liveEasyHandleCount == 0)
    }
}
