import Fuzz
import Model
import Protocol
import Synchronization

/// The engine's view of fuzz players: each session is one ``Player`` (model-guided generator plus
/// its sequential oracle) executing against the target through an ``OperationExecutor``.
public struct FuzzWorkload: Workload {
    public let configuration: FuzzConfiguration
    public let executor: any OperationExecutor
    public let clock: ClockTracker
    public let collector: FuzzCollector
    /// Distinguishes player identities of separate workloads in one run.
    public let shard: Int

    public init(
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
    public static var operationNames: [String] { OperationKind.allCases.map(\.rawValue) }

    public func makeSession(index: Int) -> Session {
        Session(
            player: Player(configuration: configuration, index: index, shard: shard),
            executor: StampingExecutor(inner: executor),
            clock: clock,
            collector: collector
        )
    }

    public func sessionEnded(_ session: Session, index: Int) async {
        collector.ended(session.player)
    }

    public struct Session: WorkloadSession {
        var player: Player
        let executor: StampingExecutor
        let clock: ClockTracker
        let collector: FuzzCollector

        public mutating func performNext() async -> PerformedOperation? {
            let (_, _, verdict) = await player.perform(with: executor, clock: clock)
            let completed = ContinuousClock.now
            collector.record(verdict, player: player.index)
            return PerformedOperation(
                name: verdict.kind.rawValue,
                outcome: OutcomeClass(verdict.outcome),
                resultCode: verdict.code?.rawValue,
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

extension OutcomeClass {
    /// The recorder's class for a fuzz verdict's outcome.
    init(_ outcome: Fuzz.OutcomeClass) {
        switch outcome {
        case .ok: self = .ok
        case .expectedError: self = .expectedError
        case .unexpected: self = .unexpected
        case .transportError: self = .transportError
        }
    }
}
