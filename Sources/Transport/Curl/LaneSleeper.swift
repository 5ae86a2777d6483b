import Synchronization

/// One task sleeping on a lane's timers (``CurlLane/sleep(until:)``).
///
/// Armed by its task, then either fired by the lane's loop at `deadline` or cancelled by the task's
/// cancellation handler, whichever comes first: the state under the mutex lets exactly one of them
/// resume the continuation.
final class LaneSleeper: Sendable {
    let deadline: ContinuousClock.Instant
    private let state = Mutex(State.idle)

    private enum State {
        /// Not armed yet.
        case idle
        case armed(UnsafeContinuation<Void, any Error>)
        /// Fired or cancelled (cancelled before arming when ``arm(_:)`` finds it so).
        case done
    }

    init(deadline: ContinuousClock.Instant) { self.deadline = deadline }

    /// Hands the task's continuation over; returns false (having resumed it with
    /// `CancellationError`) when the task was cancelled first.
    func arm(_ continuation: UnsafeContinuation<Void, any Error>) -> Bool {
        let cancelled = state.withLock { s -> Bool in
            guard case .idle = s else { return true }
            s = .armed(continuation)
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// The deadline passed (or the lane stops): resumes the task, unless cancellation did.
    func fire() {
        if let c = take() { c.resume() }
    }

    /// Fired or cancelled: nothing is left for the lane to resume.
    var isDone: Bool {
        state.withLock { s in
            if case .done = s { return true }
            return false
        }
    }

    /// The task was cancelled: resumes it with `CancellationError`, unless the lane already fired.
    func cancel() {
        if let c = take() { c.resume(throwing: CancellationError()) }
    }

    private func take() -> UnsafeContinuation<Void, any Error>? {
        state.withLock { s in
            defer { s = .done }
            if case .armed(let c) = s { return c }
            return nil
        }
    }
}

/// A lane's sleepers by deadline, soonest first (a binary min-heap). Loop thread only.
struct LaneTimers {
    private var heap: [LaneSleeper] = []

    var isEmpty: Bool { heap.isEmpty }
    /// The soonest deadline.
    var next: ContinuousClock.Instant? { heap.first?.deadline }

    mutating func insert(_ sleeper: LaneSleeper) {
        heap.append(sleeper)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Drops the soonest sleepers while they are done (cancelled before their deadline), so a
    /// cancelled sleep does not wake the loop at a deadline nobody waits for. The ones further in
    /// go when they reach the front.
    mutating func dropDone() {
        while let first = heap.first, first.isDone { _ = popFirst() }
    }

    /// Removes and returns the soonest sleeper whose deadline is at or before `now`.
    mutating func popDue(_ now: ContinuousClock.Instant) -> LaneSleeper? {
        guard let first = heap.first, first.deadline <= now else { return nil }
        return popFirst()
    }

    /// Removes and returns the soonest sleeper.
    mutating func popFirst() -> LaneSleeper? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { break }
            var child = left
            if left + 1 < heap.count, heap[left + 1].deadline < heap[left].deadline { child = left + 1 }
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(parent, child)
            parent = child
        }
        return first
    }
}
