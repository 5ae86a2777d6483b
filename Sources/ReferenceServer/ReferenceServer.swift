import Foundation
import GRDB
import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import Logging
import NIOCore
import Protocol
import ServiceLifecycle
import UnixSignals

/// The Gamebase-compatible reference server (docs/PROTOCOL.md): Hummingbird 2 over GRDB/SQLite.
///
/// Embed it with ``start(_:)`` (tests and `gbfuzz run` without `--target`), or run it until
/// SIGINT/SIGTERM with ``run(_:onListening:)`` (`gbfuzz serve`).
package enum ReferenceServer {
    /// Starts a server and returns once it accepts connections.
    package static func start(_ configuration: ServerConfiguration) async throws -> RunningServer {
        let (database, removeOnShutdown) = try openDatabase(configuration)
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let app: any Service
        do {
            app = try makeApplication(configuration, database: database) { port in
                portSink.yield(port)
                portSink.finish()
            }
        } catch {
            try? database.close()
            removeOnShutdown()
            throw error
        }
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: quietLogger())
        )
        // Awaited by `RunningServer.shutdown()`, or below when the server cannot listen.
        let task = Task {
            defer { portSink.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try? database.close()
            removeOnShutdown()
            if case .failure(let error) = await task.result {
                throw ServerStartError(listening: configuration, error)
            }
            throw ServerStartError("the server stopped before it was listening")
        }
        return RunningServer(
            host: configuration.host,
            scheme: configuration.scheme,
            port: port,
            group: group,
            task: task,
            cleanup: {
                try? database.close(); removeOnShutdown()
            }
        )
    }

    /// Runs a server until SIGINT or SIGTERM; `onListening` gets `http://HOST:PORT` once bound.
    package static func run(
        _ configuration: ServerConfiguration,
        onListening: @escaping @Sendable (String) -> Void
    ) async throws {
        let (database, removeOnShutdown) = try openDatabase(configuration)
        defer {
            try? database.close()
            removeOnShutdown()
        }
        let app = try makeApplication(configuration, database: database) { port in
            onListening("\(configuration.scheme)://\(configuration.host):\(port)")
        }
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [.sigint, .sigterm], logger: quietLogger())
        )
        do {
            try await group.run()
        } catch {
            throw ServerStartError(listening: configuration, error)
        }
    }

    /// The OpenAPI document the server serves at `/openapi.yaml`.
    package static var openAPIDocument: String? {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }

    static func openDatabase(_ configuration: ServerConfiguration) throws -> (DatabasePool, @Sendable () -> Void) {
        var path = configuration.databasePath
        var remove: @Sendable () -> Void = {}
        if path == nil {
            // Named after this process, so a later server can remove what a killed one left.
            TemporaryDatabase.removeOrphans()
            let temp = TemporaryDatabase.path()
            path = temp
            remove = { TemporaryDatabase.remove(temp) }
        }
        var config = GRDB.Configuration()
        config.busyMode = .timeout(5)
        config.maximumReaderCount = 4
        config.prepareDatabase { db in
            try db.execute(
                sql: """
                    PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -65536;
                    PRAGMA mmap_size = 268435456; PRAGMA wal_autocheckpoint = 8192
                    """
            )
        }
        do {
            let pool = try DatabasePool(path: path!, configuration: config)
            try Schema.prepare(pool, bugs: configuration.bugs)
            return (pool, remove)
        } catch {
            remove()
            throw error
        }
    }

    static func makeApplication(
        _ configuration: ServerConfiguration,
        database: DatabasePool,
        onRunning: @escaping @Sendable (Int) async -> Void
    ) throws(ServerStartError) -> some Service {
        let backend = Backend(pool: database, configuration: configuration)
        let gateway = Gateway(backend: backend, maxBodyBytes: configuration.maxBodyBytes)
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: EnvelopeMiddleware())
        ClientRoutes.register(router, gateway)
        ServerAPIRoutes.register(router, gateway)
        TestControlRoutes.register(router, gateway)
        let document = Data((openAPIDocument ?? "openapi: 3.0.3\n").utf8)
        router.get("/openapi.yaml") { _, ctx in
            Envelope.raw(document, contentType: "application/yaml", transactionId: ctx.transactionId)
        }
        // Cleartext: HTTP/1.1 with each connection's work on its own event loop (the fast path).
        // HTTPS: Hummingbird's ALPN channel (HTTP/2 or HTTP/1.1 as the client asks).
        let server: HTTPServerBuilder
        if let tls = configuration.tls {
            do {
                server = try .http2Upgrade(tlsConfiguration: try tls.configuration())
            } catch let e as ServerStartError {
                throw e
            } catch {
                throw ServerStartError("cannot set up TLS: \(error)")
            }
        } else {
            server = EventLoopPinnedHTTP1Channel.builder()
        }
        return Application(
            router: router,
            server: server,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "gbfuzz"
            ),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: quietLogger()
        )
    }

    static func quietLogger() -> Logger {
        var logger = Logger(label: "gbfuzz.server")
        logger.logLevel = .warning
        return logger
    }
}
