import Basics
import FaultProxy
import Foundation
import GBFuzzTestKit
import Testing
import Transport

/// The nemesis forwards every request and does to the ones it draws exactly what each fault says,
/// observed from both sides: what the client got and what the target received.
@Suite("Fault-injecting proxy", .timeLimit(.minutes(5)))
struct FaultProxyTests {
    /// An upstream that answers every request with a small JSON body, counting what it receives.
    static func upstream() throws -> TestHTTPServer {
        try TestHTTPServer { _ in
            .respond(
                status: 200,
                headers: [HTTPHeader("Content-Type", "application/json")],
                body: Array(#"{"header":{"isSuccessful":true,"resultCode":0},"n":"0123456789abcdef0123456789"}"#.utf8),
                close: false
            )
        }
    }

    /// What the client got, what the target received, how long it took, what the plan counted and
    /// which request (by its `X-Request-Id`) got which fault.
    struct Exchange {
        var results: [Result<HTTPResponse, any Error>]
        var received: Int
        var elapsed: Duration
        var counts: [String: Int]
        var faults: [String: String]
    }

    /// Sends `count` requests to `path` through a proxy with `faults` (each fault's probability 1
    /// makes it apply to every request) and returns what the client got and the upstream's count.
    static func exchange(
        _ faults: [FaultSpec],
        path: String = "/tcgb-gateway/v1.3/apps/a/auth/login",
        count: Int = 3
    ) async throws -> Exchange {
        let server = try upstream()
        defer { server.stop() }
        let plan = try FaultPlan(faults, seed: 1)
        let proxy = try await FaultProxy.start(
            upstream: server.baseURL,
            plan: plan,
            exempt: ["/tcgb-test"],
            correlationHeader: "X-Request-Id"
        )
        // A generous timeout: beside CPU-heavy suites on 2 cores the proxy's tasks can wait seconds for
        // a thread (what is tested is what arrives, not when).
        let client = try CurlTransport(configuration: .init(defaultTimeout: .seconds(60)))
        var results: [Result<HTTPResponse, any Error>] = []
        let start = ContinuousClock.now
        for n in 0..<count {
            let request = HTTPRequest(
                method: .post,
                url: proxy.baseURL + path,
                headers: [HTTPHeader("X-Request-Id", "r\(n)")],
                body: Array(#"{"a":1}"#.utf8)
            )
            do {
                results.append(.success(try await client.send(request)))
            } catch {
                results.append(.failure(error))
            }
        }
        let elapsed = ContinuousClock.now - start
        await client.shutdown()
        await proxy.stop()
        var faults: [String: String] = [:]
        for n in 0..<count { faults["r\(n)"] = plan.fault(for: "r\(n)") }
        return Exchange(
            results: results,
            received: server.requestsReceived,
            elapsed: elapsed,
            counts: plan.counts.injected,
            faults: faults
        )
    }

    @Test("Without faults every request is forwarded once and answered as the target answered")
    func forwardsUntouched() async throws {
        let r = try await Self.exchange([])
        #expect(r.received == 3)
        for case .success(let response) in r.results {
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self).contains("0123456789abcdef"))
            #expect(response.headers[FaultSpec.header] == nil)
        }
        #expect(r.results.allSatisfy { if case .success = $0 { true } else { false } })
    }

    @Test("drop-response: the target received and answered the request, the client got no answer")
    func dropResponse() async throws {
        let r = try await Self.exchange([FaultSpec(.dropResponse, 1)])
        #expect(r.received == 3, "each request reached the target exactly once (no silent retry)")
        #expect(r.results.allSatisfy { if case .failure(let e) = $0 { e is TransportError } else { false } })
        #expect(r.counts == ["drop-response": 3])
        #expect(r.faults == ["r0": "drop-response", "r1": "drop-response", "r2": "drop-response"])
    }

    @Test("reset: the client's connection is reset and nothing reaches the target")
    func reset() async throws {
        let r = try await Self.exchange([FaultSpec(.reset, 1)])
        #expect(r.received == 0)
        #expect(r.results.allSatisfy { if case .failure(let e) = $0 { e is TransportError } else { false } })
    }

    @Test("duplicate: the target receives the request twice; the client gets the first answer, marked")
    func duplicate() async throws {
        let r = try await Self.exchange([FaultSpec(.duplicate, 1)], count: 2)
        #expect(r.received == 4)
        for result in r.results {
            let response = try result.get()
            #expect(response.status == 200)
            #expect(response.headers[FaultSpec.header] == "duplicate")
        }
    }

    @Test("delay and slow-body: the whole answer arrives, no sooner than the fault's duration")
    func lateAnswers() async throws {
        for fault in [FaultSpec(.delay(.milliseconds(150)), 1), FaultSpec(.slowBody(.milliseconds(150)), 1)] {
            let r = try await Self.exchange([fault], count: 2)
            #expect(r.received == 2)
            #expect(r.elapsed >= .milliseconds(280), "\(fault): \(r.elapsed)")
            for result in r.results {
                #expect(String(decoding: try result.get().body, as: UTF8.self).hasSuffix("0123456789\"}"), "\(fault)")
            }
        }
    }

    @Test("Test control is forwarded untouched, whatever the faults")
    func testControlExempt() async throws {
        let r = try await Self.exchange([FaultSpec(.reset, 1)], path: "/tcgb-test/v1/apps/a/clock")
        #expect(r.received == 3)
        #expect(r.results.allSatisfy { if case .success = $0 { true } else { false } })
        #expect(r.counts.isEmpty && r.faults.isEmpty)
    }

    @Test("Specs: every documented form reads back; a malformed one is refused with the form to use")
    func specs() throws {
        let parse = { (s: String) throws(FaultSpecError) in try FaultSpec(parsing: s, duration: DurationText.parse) }
        #expect(try parse("delay:50ms:0.05") == FaultSpec(.delay(.milliseconds(50)), 0.05))
        #expect(try parse("drop-response:0.02") == FaultSpec(.dropResponse, 0.02))
        #expect(try parse("reset:0.01") == FaultSpec(.reset, 0.01))
        #expect(try parse("duplicate:1") == FaultSpec(.duplicate, 1))
        #expect(try parse("slow-body:2s:0.5") == FaultSpec(.slowBody(.seconds(2)), 0.5))
        for bad in [
            "delay:0.05", "delay:50ms", "reset", "reset:1.5", "reset:-0.1", "reset:nan", "jitter:0.1",
            "delay:0ms:0.1", "delay:11m:0.1", "drop-response:50ms:0.1", "",
        ] {
            #expect(throws: FaultSpecError.self, "\(bad)") { _ = try parse(bad) }
        }
        #expect(throws: FaultSpecError.self) {
            try FaultSpec.validate([FaultSpec(.reset, 0.6), FaultSpec(.duplicate, 0.5)])
        }
    }
}
