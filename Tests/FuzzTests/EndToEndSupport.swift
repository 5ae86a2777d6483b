import Engine
import Fuzz
import Model
import Synchronization

extension Campaign {
    /// A closed-model campaign of `players` players through the engine `gbfuzz run` uses, ended by
    /// the operation budget, the duration, or (with `failFast`) the first violation.
    static func closed(
        _ configuration: FuzzConfiguration,
        executor: any OperationExecutor,
        clock: ClockTracker,
        players: Int,
        operations: Int? = nil,
        duration: Duration = .seconds(600),
        failFast: Bool = false
    ) async -> Campaign.Result {
        await Campaign(
            configuration: configuration,
            executor: executor,
            clock: clock,
            spec: LoadSpec(model: .closed, players: players, gracefulStop: .seconds(30)),
            duration: duration,
            maxOperations: operations,
            failFast: failFast
        ).run()
    }
}

/// The shrinker's candidate log, kept for the failure message of a test.
final class ShrinkLog: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    func tail(_ n: Int) -> [String] { lines.withLock { Array($0.suffix(n)) } }
}
