import Model
import Synchronization

/// One operation of a shared-pool run, as the history keeps it for the linearizability checker.
package struct HistoryRecord: Sendable {
    /// The player that sent it (`-1` for the audit probes under load).
    package var process: Int
    /// The step with the concrete values it was sent with.
    package var op: Op
    /// Monotonic nanoseconds since the run's start: when it was invoked and when it returned.
    package var invokeNanos: Int64
    /// `nil`: no answer came (timeout, reset, cancelled, not a protocol answer): maybe applied.
    package var returnNanos: Int64?
    /// The server-time window it was handled in.
    package var window: ClockWindow
    package var answer: Observation?
    /// The synchronized burst it belonged to, if any.
    package var burst: Int?
    /// The fault the fault-injecting proxy gave it (`drop-response`, `duplicate`…), if any.
    package var fault: String?

    package init(
        process: Int,
        op: Op,
        invokeNanos: Int64,
        returnNanos: Int64?,
        window: ClockWindow,
        answer: Observation?,
        burst: Int? = nil,
        fault: String? = nil
    ) {
        self.fault = fault
        self.process = process
        self.op = op
        self.invokeNanos = invokeNanos
        self.returnNanos = returnNanos
        self.window = window
        self.answer = answer
        self.burst = burst
    }
}

/// Every operation of a shared-pool run, kept for the checker (at most `limit`; the rest are
/// counted as dropped, and the checker is told the history is incomplete).
package final class HistoryLog: Sendable {
    package let origin: ContinuousClock.Instant
    package let limit: Int
    private let records = Mutex<[HistoryRecord]>([])
    private let droppedCount = Atomic<Int>(0)
    private let earliestDropped = Mutex<Int64?>(nil)

    package init(origin: ContinuousClock.Instant = .now, limit: Int = 500_000) {
        self.origin = origin
        self.limit = limit
    }

    /// Records an executed operation, called at `invoked` and back at `returned`, over its
    /// interval (``ExecutionResult/interval(invoked:returned:)``); with no answer, maybe applied.
    /// Records `result` as the history entry of `op`; a `lost` answer (a generic failure code,
    /// ``GenericFailure``) is recorded as no answer: maybe applied, like a transport error.
    package func append(
        _ result: ExecutionResult,
        lost: Bool = false,
        process: Int,
        op: Op,
        invoked: ContinuousClock.Instant,
        returned: ContinuousClock.Instant,
        window: ClockWindow,
        burst: Int? = nil,
        fault: String? = nil
    ) {
        let r = result.recorded(invoked: invoked, returned: returned, since: origin)
        append(
            HistoryRecord(
                process: process,
                op: op,
                invokeNanos: r.invokeNanos,
                returnNanos: lost ? nil : r.returnNanos,
                window: window,
                answer: lost ? nil : r.answer,
                burst: burst,
                fault: fault
            )
        )
    }

    package func append(_ record: HistoryRecord) {
        let kept = records.withLock { r -> Bool in
            guard r.count < limit else { return false }
            r.append(record)
            return true
        }
        if !kept {
            droppedCount.add(1, ordering: .relaxed)
            earliestDropped.withLock { $0 = min($0 ?? record.invokeNanos, record.invokeNanos) }
        }
    }

    /// The records in invoke order.
    package var all: [HistoryRecord] { records.withLock { $0 }.sorted { $0.invokeNanos < $1.invokeNanos } }
    package var count: Int { records.withLock { $0.count } }
    /// Operations not kept because the history was full.
    package var dropped: Int { droppedCount.load(ordering: .relaxed) }
    /// The earliest invocation (ns since `origin`) of an operation not kept: the history is complete
    /// only before it. `nil` when nothing was dropped.
    package var completeBeforeNanos: Int64? { earliestDropped.withLock { $0 } }
}

/// What fuzz players share in a race-hunting run: the bursts, the leases on shared identities and
/// the history.
package struct RaceContext: Sendable {
    package let bursts: BurstCoordinator
    package let leases: IdentityLeases
    package let history: HistoryLog
    /// The fault a request got from a fault-injecting proxy, by transaction id (`faults:`).
    package var faultOf: (@Sendable (String) -> String?)?

    package init(bursts: BurstCoordinator, leases: IdentityLeases = IdentityLeases(limit: 0), history: HistoryLog) {
        self.bursts = bursts
        self.leases = leases
        self.history = history
    }
}
