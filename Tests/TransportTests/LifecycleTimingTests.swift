import GBFuzzTestKit
import Testing
import Transport

/// Cancellation and shutdown free what they must and fail what they must.
@Suite("Curl transport: cancellation and shutdown", .tags(.timing), .timeLimit(.minutes(1)))
struct LifecycleTimingTests {
    @Test("Cancelling the awaiting task throws CancellationError promptly and frees the transfer")
    func cancellationFreesTransfer() async throws {
        let hang = try TestHTTPServer { _ in .neverAnswer }
        defer { hang.stop() }
        let echo = try TestHTTPServer(handler: Fixtures.echo)
        defer { echo.stop() }
        let transport = try CurlTransport()
        let task = Task {
            try await transport.send(HTTPRequest(method: .get, url: hang.baseURL, timeout: .seconds(30)))
        }
        #expect(await Fixtures.eventually { hang.requestsReceived == 1 })
        #expect(transport.inFlightCount == 1)
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(transport.inFlightCount == 0)
        // Still usable, and the cancelled handle went back to the pool.
        let response = try await transport.send(HTTPRequest(method: .post, url: echo.baseURL, body: [1, 2, 3]))
        #expect(response.body == [1, 2, 3])
        #expect(transport.liveEasyHandleCount == 1)
        await transport.shutdown()
        #expect(transport.liveEasyHandleCount == 0)
    }

    @Test("Cancelling a task pinned to a lane's executor is prompt")
    func pinnedCancellationIsPrompt() async throws {
        let hang = try TestHTTPServer { _ in .neverAnswer }
        defer { hang.stop() }
        let transport = try CurlTransport()
        let task = Task(executorPreference: transport.executor(lane: 0)) {
            try await transport.send(HTTPRequest(method: .get, url: hang.baseURL, timeout: .seconds(30)))
        }
        #expect(await Fixtures.eventually { hang.requestsReceived == 1 })
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Well under the loop's 1 s idle poll: the resumed task must not wait for it.
        #expect(ContinuousClock.now - start < .milliseconds(500))
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(transport.inFlightCount == 0)
        await transport.shutdown()
    }

    @Test("A task cancelled before sending never reaches the server")
    func cancelledBeforeSend() async throws {
        let server = try TestHTTPServer(handler: Fixtures.echo)
        defer { server.stop() }
        let transport = try CurlTransport()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(method: .get, url: server.baseURL))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.requestsReceived == 0)
        #expect(transport.inFlightCount == 0)
        await transport.shutdown()
    }

    @Test("Cancellations racing completions leave nothing in flight and the transport usable")
    func cancellationRace() async throws {
        try await Fixtures.withServer(
            configuration: .init(maxConnections: 32),
            handler: { request in
                let wait = Int(request.target.dropFirst()) ?? 0
                return .delay(.microseconds(wait), .respond(status: 200, headers: [], body: [], close: false))
            }
        ) { server, transport in
            enum Outcome { case ok, cancelled, other }
            let outcomes = await withTaskGroup(of: Outcome.self) { group in
                for i in 0..<300 {
                    group.addTask {
                        let task = Task {
                            try await transport.send(
                                HTTPRequest(method: .get, url: server.baseURL + "/\(i * 37 % 5000)")
                            )
                        }
                        try? await Task.sleep(for: .microseconds(i * 53 % 4000))
                        task.cancel()
                        switch await task.result {
                        case .success: return .ok
                        case .failure(is CancellationError): return .cancelled
                        case .failure: return .other
                        }
                    }
                }
                return await group.reduce(into: [Outcome]()) { $0.append($1) }
            }
            let ok = outcomes.filter { $0 == .ok }.count
            let cancelled = outcomes.filter { $0 == .cancelled }.count
            let other = outcomes.filter { $0 == .other }.count
            #expect(ok + cancelled == 300)
            #expect(other == 0)
            #expect(transport.inFlightCount == 0)
            let response = try await transport.send(HTTPRequest(method: .get, url: server.baseURL + "/0"))
            #expect(response.status == 200)
        }
    }

    @Test("Shutdown fails every pending and in-flight request with .shutdown and frees every handle")
    func shutdownFailsEverything() async throws {
        let server = try TestHTTPServer { _ in .neverAnswer }
        defer { server.stop() }
        let transport = try CurlTransport(configuration: .init(maxConnections: 8))
        let tasks = (0..<20).map { i in
            Task { try await transport.send(HTTPRequest(method: .get, url: server.baseURL + "/\(i)")) }
        }
        // 8 are in curl (the cap), 12 wait in the lane.
        #expect(await Fixtures.eventually { server.requestsReceived == 8 && transport.inFlightCount == 20 })
        #expect(transport.liveEasyHandleCount == 20)
        await transport.shutdown()
        var codes: [TransportError.Code] = []
        for task in tasks {
            do {
                _ = try await task.value
            } catch let error as TransportError {
                codes.append(error.code)
            }
        }
        #expect(codes == Array(repeating: .shutdown, count: 20))
        #expect(transport.inFlightCount == 0)
        #expect(transport.liveEasyHandleCount == 0)
        let late = await Fixtures.transportError {
            try await transport.send(HTTPRequest(method: .get, url: server.baseURL))
        }
        #expect(late?.code == .shutdown)
        await transport.shutdown()  // idempotent
    }

    @Test("Shutdown with tasks pinned to the lane executor still fails them and returns")
    func shutdownWithPinnedTasks() async throws {
        let server = try TestHTTPServer { _ in .neverAnswer }
        defer { server.stop() }
        let transport = try CurlTransport(configuration: .init(maxConnections: 4))
        let tasks = (0..<4).map { _ in
            Task(executorPreference: transport.executor(lane: 0)) {
                try await transport.send(HTTPRequest(method: .get, url: server.baseURL))
            }
        }
        #expect(await Fixtures.eventually { transport.inFlightCount == 4 })
        await transport.shutdown()
        for task in tasks {
            await #expect(throws: TransportError(.shutdown, "transport shut down")) { try await task.value }
        }
        #expect(transport.liveEasyHandleCount == 0)
    }

    @Test("A transport dropped without shutdown is released (its lane holds no reference to it)")
    func deinitWithoutShutdown() async throws {
        let server = try TestHTTPServer(handler: Fixtures.echo)
        defer { server.stop() }
        weak var weakTransport: CurlTransport?
        do {
            let transport = try CurlTransport()
            weakTransport = transport
            _ = try await transport.send(HTTPRequest(method: .get, url: server.baseURL))
        }
        #expect(weakTransport == nil)
    }
}
