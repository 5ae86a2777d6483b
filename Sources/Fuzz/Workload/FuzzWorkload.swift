import Engine
import Model
import Protocol
import Synchronization

/// The engine's view of fuzz players: each session is one ``Player`` (model-guided generator plus
/// its sequential oracle) executing against the target through an ``OperationExecutor``.
package struct FuzzWorkload: Workload {
    package let configuration: FuzzConfiguration
    package let executor: any OperationExecutor
    package let clock: ClockTracker
    package let collector: FuzzCollector
    /// Distinguishes player identities of separate workloads in one run.
    package let shard: Int

    package init(
        configuration: FuzzConfiguration,
        executor: any OperationExecutor,
        clock: ClockTracker,
        collector: FuzzCollector,
        shard: Int = 0
    ) {
        self.configuration = configuration
        self.executor = executor
        self.clock = clock
        self.collector = collector
        self.shard = shard
    }

    /// Every operation name the sessions can report, for pre-registering recorder ids.
    package static var operationNames: [String] { OperationKind.allCases.map(\.rawValue) }

    package func makeSession(index: Int) -> Session {
        Session(
            player: Player(configuration: configuration, index: index, shard: shard),
            executor: StampingExecutor(inner: executor),
            clock: clock,
            collector: collector
        )
    }

    package func sessionEnded(_ session: Session, index: Int) async {
        collector.ended(session.player)
    }

    package struct Session: WorkloadSession {
        var player: Player
        let executor: StampingExecutor
        let clock: ClockTracker
        let collector: FuzzCollector

        package mutating func performNext() async -> PerformedOperation? {
            let (_, result, verdict) = await player.perform(with: executor, clock: clock)
            let completed = ContinuousClock.now
            collector.record(verdict)
            return PerformedOperation(
                name: verdict.kind.rawValue,
                outcome: verdict.outcome,
                resultCode: verdict.code?.rawValue,
                failure: result.failure,
                failureExample: result.failureExample,
                sent: executor.stamp.instant.withLock { $0 } ?? completed,
                completed: completed
            )
        }
    }
}

/// Notes the instant each request is handed to the real executor, so service time excludes the
/// generator's planning. One per session: only that session's task touches it.
struct StampingExecutor: OperationExecutor {
    let inner: any OperationExecutor
    let stamp = SendStamp()

    func execute(_ planned: PlannedOperation) async -> ExecutionResult {
        stamp.instant.withLock { $0 = .now }
        return await inner.execute(planned)
    }
}

/// The last send instant of one session.
final class SendStamp: Sendable {
    let instant = Mutex<ContinuousClock.Instant?>(nil)
}
