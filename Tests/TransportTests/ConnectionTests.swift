import Basics
import GBFuzzTestKit
import Synchronization
import Testing
import Transport

/// Concurrency, keep-alive, admission and lanes.
@Suite("Curl transport: connections and concurrency", .timeLimit(.minutes(2)))
struct ConnectionTests {
    @Test("1,000 requests over 64 connections all complete with their own bodies")
    func thousandRequestsOverSixtyFourConnections() async throws {
        let configuration = CurlTransport.Configuration(maxConnections: 64)
        let (completed, connections) = try await Fixtures.withServer(configuration: configuration) {
            server,
            transport in
            let completed = try await withThrowingTaskGroup(of: Int.self) { group in
                for worker in 0..<64 {
                    group.addTask {
                        var ok = 0
                        for i in stride(from: worker, to: 1000, by: 64) {
                            let body = Array("request-\(i)".utf8)
                            let response = try await transport.send(
                                HTTPRequest(method: .post, url: server.baseURL + "/r/\(i)", body: body)
                            )
                            if response.status == 200 && response.body == body
                                && response.headers["x-echo-target"] == "/r/\(i)"
                            {
                                ok += 1
                            }
                        }
                        return ok
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(transport.inFlightCount == 0)
            return (completed, server.acceptedConnections)
        }
        #expect(completed == 1000)
        #expect(connections <= 64)
    }

    @Test("Sequential requests reuse one kept-alive connection")
    func keepAliveReuse() async throws {
        let (responses, connections) = try await Fixtures.withServer { server, transport in
            var responses: [HTTPResponse] = []
            for _ in 0..<50 {
                responses.append(try await transport.send(HTTPRequest(method: .get, url: server.baseURL)))
            }
            return (responses, server.acceptedConnections)
        }
        #expect(connections == 1)
        #expect(responses.first?.connectionReused == false)
        #expect(responses.dropFirst().allSatisfy { $0.connectionReused })
        #expect(responses.dropFirst().allSatisfy { $0.timing.connect == .zero })
    }

    @Test("Over the connection cap, requests wait in the transport and report the wait")
    func admissionQueuesAndReports() async throws {
        let configuration = CurlTransport.Configuration(maxConnections: 1)
        let (responses, connections) = try await Fixtures.withServer(
            configuration: configuration,
            handler: { _ in .delay(.milliseconds(400), .respond(status: 200, headers: [], body: [], close: false)) }
        ) { server, transport in
            async let first = transport.send(HTTPRequest(method: .get, url: server.baseURL + "/1"))
            async let second = transport.send(HTTPRequest(method: .get, url: server.baseURL + "/2"))
            return (try await [first, second], server.acceptedConnections)
        }
        #expect(connections == 1)
        let waits = responses.map(\.timing.queued).sorted()
        #expect(waits[0] < .milliseconds(200))
        #expect(waits[1] >= .milliseconds(300))
    }

    @Test("The connection cap holds over all lanes, and a lane waiting for a slot takes the one another lane frees")
    func admissionCapIsSharedByLanes() async throws {
        let configuration = CurlTransport.Configuration(lanes: 2, maxConnections: 1)
        let (responses, connections) = try await Fixtures.withServer(
            configuration: configuration,
            handler: { _ in .delay(.milliseconds(400), .respond(status: 200, headers: [], body: [], close: false)) }
        ) { server, transport in
            try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                for lane in 0..<2 {
                    group.addTask(executorPreference: transport.executor(lane: lane)) {
                        try await transport.send(HTTPRequest(method: .get, url: server.baseURL + "/\(lane)"))
                    }
                }
                return (try await group.reduce(into: []) { $0.append($1) }, server.acceptedConnections)
            }
        }
        // One slot for the two lanes: the second request waited for the first, then went soon after.
        let waits = responses.map(\.timing.queued).sorted()
        #expect(waits[0] < .milliseconds(200))
        #expect(waits[1] >= .milliseconds(300) && waits[1] < .milliseconds(900), "\(waits)")
        #expect(connections <= 2)
    }

    @Test(
        "Several lanes: request loops pinned to a lane each, or on the transport's packing executor, all complete",
        arguments: [false, true]
    )
    func loopsOnLanesComplete(packed: Bool) async throws {
        let configuration = CurlTransport.Configuration(lanes: 2, maxConnections: 16)
        let completed = try await Fixtures.withServer(configuration: configuration) { server, transport in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for worker in 0..<16 {
                    let executor =
                        packed ? transport.preferredTaskExecutor(for: worker) : transport.executor(lane: worker)
                    group.addTask(executorPreference: executor) {
                        var ok = 0
                        for i in 0..<50 {
                            let body = Array("w\(worker)-\(i)".utf8)
                            let response = try await transport.send(
                                HTTPRequest(method: .put, url: server.baseURL, body: body)
                            )
                            if response.body == body { ok += 1 }
                            // A short sleep on the same executor: the packer sleeps on the lane it runs on.
                            try await Task.sleep(until: .now + .microseconds(100), on: executor)
                        }
                        return ok
                    }
                }
                return try await group.reduce(0, +)
            }
        }
        #expect(completed == 16 * 50)
    }
}
