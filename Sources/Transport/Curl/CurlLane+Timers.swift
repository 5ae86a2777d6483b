import Basics
import CCurl
import Synchronization

/// A lane keeps timers for the tasks that run on it: its loop sleeps in `curl_multi_poll` at most
/// until the soonest deadline and resumes the sleepers that are due, so a task pinned to the lane
/// sleeps and wakes without leaving the loop thread (the global timer queue costs a timer thread's
/// and a pool thread's wake-up per sleep).
extension CurlLane: SleepingTaskExecutor {
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        try Task.checkCancellation()
        let sleeper = LaneSleeper(deadline: deadline)
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                guard sleeper.arm(continuation) else { return }
                if !post({ $0.sleepers.append(sleeper) }) { sleeper.fire() }
            }
        } onCancel: {
            sleeper.cancel()
        }
        // The loop fires a sleeper early only when the lane stops (or would not take it): sleep the
        // rest on the global timer.
        if deadline > .now { try await Task.sleep(until: deadline, clock: .continuous) }
    }

    /// Resumes the sleepers that are due; returns how many. Loop thread only.
    func fireDueTimers() -> Int {
        guard !timers.isEmpty else { return 0 }
        let now = ContinuousClock.now
        var fired = 0
        while let sleeper = timers.popDue(now) {
            sleeper.fire()
            fired += 1
        }
        return fired
    }

    /// How long the loop may sleep in `curl_multi_poll`, in milliseconds: a second at most (a
    /// millisecond while the lane is starved of admission slots), and no later than the soonest timer
    /// (rounded up, so a poll never returns just before it is due) that still has a sleeper.
    func pollTimeoutMilliseconds() -> Int32 {
        timers.dropDone()
        // Transfers wait while other lanes hold the transport's every slot: look again soon, since
        // a slot freed on another lane wakes nobody here.
        let limit: Int32 = isStarved ? 1 : 1000
        guard let next = timers.next else { return limit }
        let left = next - .now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(min(Int64(limit), max(1, millis)))
    }

    /// Fires every sleeper left (the lane is stopping). Loop thread only.
    func fireAllTimers(_ late: [LaneSleeper]) {
        while let sleeper = timers.popFirst() { sleeper.fire() }
        for sleeper in late { sleeper.fire() }
    }
}
