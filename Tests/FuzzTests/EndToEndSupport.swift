import Fuzz
import Model
import Protocol
import ReferenceServer
import Synchronization
import Transport

/// A reference server on an ephemeral loopback port with the curl transport in front of it.
struct LiveTarget {
    let server: RunningServer
    let transport: CurlTransport
    let client: GamebaseClient
    let semantics: Semantics

    static func start(semantics: Semantics = .default, bugs: Set<ServerBug> = []) async throws -> LiveTarget {
        let server = try await ReferenceServer.start(ServerConfiguration(semantics: semantics, bugs: BugSet(bugs)))
        let transport = try CurlTransport(configuration: .init(maxConnections: 64, defaultTimeout: .seconds(10)))
        let client = GamebaseClient(
            transport: transport,
            target: GamebaseTarget(baseURL: server.baseURL, appId: semantics.appId)
        )
        return LiveTarget(server: server, transport: transport, client: client, semantics: semantics)
    }

    var executor: Executor { Executor(client: client, semantics: semantics) }

    func stop() async {
        await transport.shutdown()
        await server.shutdown()
    }
}

/// Bounds how many end-to-end cases run at once (each starts a server and a campaign).
actor Limiter {
    private var free: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []
    init(_ n: Int) { free = n }
    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }
    func release() {
        if waiters.isEmpty { free += 1 } else { waiters.removeFirst().resume() }
    }
    static let e2e = Limiter(3)
}

/// The shrinker's candidate log, kept for the failure message of a test.
final class ShrinkLog: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    func tail(_ n: Int) -> [String] { lines.withLock { Array($0.suffix(n)) } }
}
