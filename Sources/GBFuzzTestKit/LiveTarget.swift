import Fuzz
import Protocol
import ReferenceServer
import Transport

/// A reference server on an ephemeral loopback port, with the project's curl transport and a typed
/// client in front of it: the target of the end-to-end and fuzz tests.
package struct LiveTarget: Sendable {
    package let server: RunningServer
    package let transport: CurlTransport
    package let client: GamebaseClient
    package let semantics: Semantics

    package static func start(semantics: Semantics = .default, bugs: Set<ServerBug> = []) async throws -> LiveTarget {
        let server = try await ReferenceServer.start(ServerConfiguration(semantics: semantics, bugs: BugSet(bugs)))
        do {
            let transport = try CurlTransport(configuration: .init(maxConnections: 64, defaultTimeout: .seconds(10)))
            let client = GamebaseClient(
                transport: transport,
                target: GamebaseTarget(baseURL: server.baseURL, appId: semantics.appId)
            )
            return LiveTarget(server: server, transport: transport, client: client, semantics: semantics)
        } catch {
            await server.shutdown()
            throw error
        }
    }

    package var baseURL: String { server.baseURL }
    package var executor: Executor { Executor(client: client, semantics: semantics) }

    /// Stops the transport and the server (its temporary database is removed).
    package func stop() async {
        await transport.shutdown()
        await server.shutdown()
    }
}

/// Runs `body` against a fresh ``LiveTarget`` and always stops it, also when `body` throws.
package func withLiveTarget<T>(
    semantics: Semantics = .default,
    bugs: Set<ServerBug> = [],
    _ body: (LiveTarget) async throws -> T
) async throws -> T {
    let live = try await LiveTarget.start(semantics: semantics, bugs: bugs)
    do {
        let result = try await body(live)
        await live.stop()
        return result
    } catch {
        await live.stop()
        throw error
    }
}
