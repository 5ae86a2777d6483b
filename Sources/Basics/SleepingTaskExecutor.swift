/// A task executor with timers of its own (the transport's event loops): a task that runs on it
/// sleeps and wakes on the same thread. `Task.sleep` goes through the global timer queue instead,
/// which wakes a timer thread, then a pool thread, then the executor's thread: at the open
/// model's 1,000 arrival ticks a second that cost more CPU than the operations
/// (docs/BENCHMARKS.md).
package protocol SleepingTaskExecutor: TaskExecutor {
    /// Suspends the calling task until `deadline`, or until it is cancelled (then throws
    /// `CancellationError`). May return up to a millisecond late, never early.
    func sleep(until deadline: ContinuousClock.Instant) async throws
}

extension Task where Success == Never, Failure == Never {
    /// Sleeps until `deadline` on `executor`'s own timers when it has them (the caller should be
    /// running on it), else on the global timer queue; throws `CancellationError` when cancelled.
    package static func sleep(
        until deadline: ContinuousClock.Instant,
        on executor: (any TaskExecutor)?
    ) async throws {
        if let timed = executor as? any SleepingTaskExecutor {
            try await timed.sleep(until: deadline)
        } else {
            try await Task.sleep(until: deadline, clock: .continuous)
        }
    }
}
