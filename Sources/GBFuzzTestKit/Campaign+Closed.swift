import Engine
import Fuzz

extension Campaign {
    /// A closed-model campaign of `players` players through the engine `gbfuzz run` uses, ended by
    /// the operation budget, the duration, or (with `failFast`) the first violation.
    package static func closed(
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
