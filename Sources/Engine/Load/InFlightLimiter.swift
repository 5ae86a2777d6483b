import Synchronization

/// An async counting semaphore capping requests in flight. Waiters are served first come, first
/// served; a waiter that is cancelled gives up its place.
package final class InFlightLimiter: Sendable {
    private struct State {
        var available: Int
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextId: UInt64 = 0
    }
    private let state: Mutex<State>

    package init(limit: Int) {
        precondition(limit > 0)
        state = Mutex(State(available: limit))
    }

    /// Waits for a slot. Returns `false` if the task was cancelled while waiting (no slot taken).
    package func acquire() async -> Bool {
        let fast = state.withLock { s -> Bool in
            if s.available > 0 && s.waiters.isEmpty {
                s.available -= 1
                return true
            }
            return false
        }
        if fast { return true }
        let id = state.withLock { s -> UInt64 in
            s.nextId += 1
            return s.nextId
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Bool, Never>) in
                let resumeNow: Bool? = state.withLock { s in
                    if Task.isCancelled { return false }
                    if s.available > 0 && s.waiters.isEmpty {
                        s.available -= 1
                        return true
                    }
                    s.waiters.append((id, c))
                    return nil
                }
                if let resumeNow { c.resume(returning: resumeNow) }
            }
        } onCancel: {
            let c = state.withLock { s -> CheckedContinuation<Bool, Never>? in
                guard let i = s.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return s.waiters.remove(at: i).continuation
            }
            c?.resume(returning: false)
        }
    }

    /// Returns a slot, waking the longest waiter if any.
    package func release() {
        let next = state.withLock { s -> CheckedContinuation<Bool, Never>? in
            if s.waiters.isEmpty {
                s.available += 1
                return nil
            }
            return s.waiters.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}
