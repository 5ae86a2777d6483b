import Basics
import Foundation
import GBFuzzTestKit
import Testing
import Transport

#if canImport(Glibc)
import Glibc
#endif

/// Shared helpers for the transport tests.
enum Fixtures {
    /// Answers 200 with the request body, and reports what arrived in headers:
    /// `X-Echo-Method`, `X-Echo-Target`, and `X-Echo-H-<name>` for each request header.
    static let echo: TestHTTPServer.Handler = { request in
        var headers = [
            HTTPHeader("X-Echo-Method", request.method),
            HTTPHeader("X-Echo-Target", request.target),
        ]
        for field in request.headers { headers.append(HTTPHeader("X-Echo-H-\(field.name)", field.value)) }
        return .respond(status: 200, headers: headers, body: request.body, close: false)
    }

    /// A port on 127.0.0.1 that nothing listens on (bound once, then released).
    static func closedPort() throws -> UInt16 {
        let server = try TestHTTPServer { _ in .closeConnection }
        let port = server.port
        server.stop()
        return port
    }

    /// Runs `body` with a fresh server and transport, shutting both down afterwards.
    static func withServer<T>(
        configuration: CurlTransport.Configuration = .init(),
        handler: @escaping TestHTTPServer.Handler = echo,
        _ body: (TestHTTPServer, CurlTransport) async throws -> T
    ) async throws -> T {
        let server = try TestHTTPServer(handler: handler)
        let transport = try CurlTransport(configuration: configuration)
        do {
            let result = try await body(server, transport)
            await transport.shutdown()
            server.stop()
            return result
        } catch {
            await transport.shutdown()
            server.stop()
            throw error
        }
    }

    /// The transport error `body` throws; records an issue when it throws something else or nothing.
    static func transportError(
        _ body: () async throws -> HTTPResponse,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> TransportError? {
        do {
            let response = try await body()
            Issue.record("expected a TransportError, got status \(response.status)", sourceLocation: sourceLocation)
        } catch let error as TransportError {
            return error
        } catch {
            Issue.record("expected a TransportError, got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// Deterministic pseudo-random bytes (SplitMix64), so a failure is reproducible.
    static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        var out = [UInt8]()
        out.reserveCapacity(count)
        while out.count < count {
            let z = rng.next()
            withUnsafeBytes(of: z) { out.append(contentsOf: $0.prefix(count - out.count)) }
        }
        return out
    }

    /// Polls `condition` every 10 ms for up to `limit`; returns whether it became true.
    static func eventually(within limit: Duration = .seconds(5), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
