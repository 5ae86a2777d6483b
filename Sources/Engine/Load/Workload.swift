/// One operation a session performed, with the instants the engine needs for timing.
package struct PerformedOperation: Sendable {
    /// Report name of the operation kind, e.g. `login.guest`.
    package var name: String
    package var outcome: OutcomeClass
    /// `header.resultCode`, or `nil` when there was no answer.
    package var resultCode: Int?
    /// Why there was no protocol answer (`nil` when there was one, or the run cancelled it).
    package var failure: FailureKind?
    /// The first bytes of a non-protocol answer (an HTML error page, truncated JSON).
    package var failureExample: String?
    /// When the request was handed to the transport.
    package var sent: ContinuousClock.Instant
    /// When the answer (or failure) arrived.
    package var completed: ContinuousClock.Instant

    package init(
        name: String,
        outcome: OutcomeClass,
        resultCode: Int?,
        failure: FailureKind? = nil,
        failureExample: String? = nil,
        sent: ContinuousClock.Instant,
        completed: ContinuousClock.Instant
    ) {
        self.name = name
        self.outcome = outcome
        self.resultCode = resultCode
        self.failure = failure
        self.failureExample = failureExample
        self.sent = sent
        self.completed = completed
    }
}

/// A virtual player's session: a sequence of operations done one at a time.
///
/// A session is a value owned by exactly one task at a time; the engine moves it between tasks
/// (hence `Sendable`) but never shares it.
package protocol WorkloadSession: Sendable {
    /// Performs the next operation. Returns `nil` when the session has nothing more to do.
    mutating func performNext() async -> PerformedOperation?
}

/// What the engine drives: a factory of sessions plus a place for finished ones to go.
package protocol Workload: Sendable {
    associatedtype Session: WorkloadSession
    /// A new session for player number `index` (0-based, unique within the run).
    func makeSession(index: Int) -> Session
    /// Receives a session when it ends (ramp-down, session length reached, or end of run),
    /// e.g. to keep its final state for the end-of-run audit.
    func sessionEnded(_ session: Session, index: Int) async
    /// The task executor session `index` should run on (the transport's thread its requests
    /// complete on), or `nil` for the cooperative pool.
    func preferredTaskExecutor(session index: Int) -> (any TaskExecutor)?
}

extension Workload {
    package func preferredTaskExecutor(session index: Int) -> (any TaskExecutor)? { nil }
}

/// Where the engine reports each completed operation, with its intended start.
package protocol OperationSink: Sendable {
    func record(_ op: PerformedOperation, intendedStart: ContinuousClock.Instant)
}

/// A sink that keeps nothing (runs whose timings nobody reports, such as shrink candidates).
package struct DiscardingSink: OperationSink {
    package init() {}
    package func record(_ op: PerformedOperation, intendedStart: ContinuousClock.Instant) {}
}
