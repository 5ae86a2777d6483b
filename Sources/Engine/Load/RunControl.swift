import Synchronization

/// Shared, lock-free run state: the stop flag, the operation budget and counters.
///
/// Every virtual player consults it before starting an operation, so it must be cheap.
package final class RunControl: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let started = Atomic<Int>(0)
    private let late = Atomic<Int>(0)
    private let live = Atomic<Int>(0)
    private let peak = Atomic<Int>(0)
    private let inFlight = Atomic<Int>(0)
    private let thinking = Atomic<Int>(0)
    private let requests = Atomic<Int>(0)
    private let draining = Atomic<Bool>(false)
    /// Operation budget; `Int.max` for none.
    package let maxOperations: Int

    package init(maxOperations: Int? = nil) {
        self.maxOperations = maxOperations ?? .max
    }

    /// Asks every player to stop after its current operation.
    package func stop() { stopped.store(true, ordering: .releasing) }
    package var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Claims one operation from the budget; `false` when the run is stopped or the budget is spent
    /// (which also stops the run).
    package func claimOperation() -> Bool {
        guard !isStopped else { return false }
        let n = started.wrappingAdd(1, ordering: .relaxed).newValue
        if n > maxOperations {
            stop()
            return false
        }
        return true
    }

    package var operationsStarted: Int { min(started.load(ordering: .relaxed), maxOperations) }

    /// Counts a start that happened later than its intended time plus the tolerance.
    package func countLateStart() { late.wrappingAdd(1, ordering: .relaxed) }
    package var lateStarts: Int { late.load(ordering: .relaxed) }

    /// Tracks how many sessions are alive (and the peak) for reports and memory benchmarks.
    package func sessionStarted() {
        let n = live.wrappingAdd(1, ordering: .relaxed).newValue
        var p = peak.load(ordering: .relaxed)
        while n > p {
            let (exchanged, original) = peak.compareExchange(expected: p, desired: n, ordering: .relaxed)
            if exchanged { break }
            p = original
        }
    }
    package func sessionEnded() { live.wrappingSubtract(1, ordering: .relaxed) }
    package var liveSessions: Int { live.load(ordering: .relaxed) }

    /// Operations launched and not yet completed (the operation-arrival model counts them).
    package func operationBegan() { inFlight.wrappingAdd(1, ordering: .relaxed) }
    package func operationEnded() { inFlight.wrappingSubtract(1, ordering: .relaxed) }
    package var operationsInFlight: Int { inFlight.load(ordering: .relaxed) }
    package var peakSessions: Int { peak.load(ordering: .relaxed) }

    /// Requests being performed right now (every load model), for the live line.
    package func requestBegan() { requests.wrappingAdd(1, ordering: .relaxed) }
    package func requestEnded() { requests.wrappingSubtract(1, ordering: .relaxed) }
    package var requestsInFlight: Int { max(0, requests.load(ordering: .relaxed)) }

    /// The load's end has passed and in-flight work is finishing (at most `gracefulStop`).
    package func drainBegan() { draining.store(true, ordering: .relaxed) }
    package var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Sessions sleeping through their think time (no request in flight): a stopped run cancels
    /// them at once instead of waiting for them to wake.
    package func thinkBegan() { thinking.wrappingAdd(1, ordering: .relaxed) }
    package func thinkEnded() { thinking.wrappingSubtract(1, ordering: .relaxed) }
    package var sessionsThinking: Int { thinking.load(ordering: .relaxed) }

    /// Sessions that still have work to finish before the run may end: all live ones, or after a
    /// stop only those not sleeping (a woken session of a stopped run does nothing).
    package var sessionsBusy: Bool {
        liveSessions - (isStopped ? sessionsThinking : 0) > 0
    }
}
