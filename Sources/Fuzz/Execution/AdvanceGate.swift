import Basics
import Synchronization

/// The exclusive clock advance of a frozen server clock: an advance waits for the operations in
/// flight and holds new ones back until it is answered, so no operation straddles a clock jump
/// and windows stay exact.
///
/// The wait is bounded: an advance waits at most `waitLimit` for operations in flight (one 10-second
/// stall must not hold every player), then proceeds; those stragglers then straddle the jump, and
/// their windows cover both sides of it (``ClockTracker/end(_:)`` takes the upper bound at their
/// end), which the belief handles like any uncertain time. Waiting time is counted.
final class AdvanceGate: Sendable {
    /// What the gate measured, for the summary.
    struct Stats: Sendable, Hashable {
        /// Advances that went through.
        var advances = 0
        /// Advances that stopped waiting for operations in flight after the limit.
        var forced = 0
        /// Time advances spent waiting for operations in flight, in all and at most.
        var advanceWait: Duration = .zero
        var longestAdvanceWait: Duration = .zero
        /// Time operations spent held back by advances (summed over operations).
        var heldWait: Duration = .zero
    }

    private struct Waiter {
        let id: UInt64
        let since: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var running = 0
        var advancing = false
        var nextId: UInt64 = 0
        var waitingAdvances: [Waiter] = []
        var waitingOperations: [Waiter] = []
        var stats = Stats()
    }

    let waitLimit: Duration
    private let state = Mutex(State())

    init(waitLimit: Duration) { self.waitLimit = waitLimit }

    var stats: Stats { state.withLock { $0.stats } }

    /// Waits for the turn of an operation (`advance` false) or of an advance. An advance's limit is
    /// timed on `timers` when it is the caller's executor and keeps timers of its own (a transport
    /// lane), else on the global timer: a lane's timer is cancelled on the lane, while a cancelled
    /// global sleep still wakes a timer thread and a pool thread when its deadline comes.
    func enter(advance: Bool, timers: (any TaskExecutor)? = nil) async {
        guard advance else {
            // The common case, no advance held or waiting, goes without suspending: a
            // continuation resumed at once still costs a task switch and an allocation.
            if state.withLock({ Self.admitOperation(&$0) }) { return }
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                let go: Bool = state.withLock { st in
                    if Self.admitOperation(&st) { return true }
                    st.nextId += 1
                    st.waitingOperations.append(Waiter(id: st.nextId, since: .now, continuation: c))
                    return false
                }
                if go { c.resume() }
            }
            return
        }
        let id: UInt64 = state.withLock { st in
            st.nextId += 1
            return st.nextId
        }
        // Two children: the turn itself, and a timer that forces the turn after the limit.
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                    let go: Bool = self.state.withLock { st in
                        if !st.advancing && st.running == 0 && st.waitingAdvances.isEmpty {
                            st.advancing = true
                            st.stats.advances += 1
                            return true
                        }
                        st.waitingAdvances.append(Waiter(id: id, since: .now, continuation: c))
                        return false
                    }
                    if go { c.resume() }
                }
            }
            group.addTask {
                // Retries while another advance holds the clock (then it is not first in line).
                while !Task.isCancelled {
                    try? await Task.sleep(until: .now + self.waitLimit, on: timers)
                    if Task.isCancelled || self.force(id) { break }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Lets an operation run when no advance holds the clock or waits for it.
    private static func admitOperation(_ st: inout State) -> Bool {
        guard !st.advancing && st.waitingAdvances.isEmpty else { return false }
        st.running += 1
        return true
    }

    /// Ends what ``enter(advance:)`` began.
    func leave(advance: Bool) {
        let wake: [CheckedContinuation<Void, Never>] = state.withLock { st in
            if advance { st.advancing = false } else { st.running -= 1 }
            // The common case, nobody waiting, reads no clock.
            guard !st.advancing, !st.waitingAdvances.isEmpty || !st.waitingOperations.isEmpty else { return [] }
            let now = ContinuousClock.now
            if st.running == 0, !st.waitingAdvances.isEmpty {
                let next = st.waitingAdvances.removeFirst()
                st.advancing = true
                st.stats.advances += 1
                st.stats.advanceWait += now - next.since
                st.stats.longestAdvanceWait = max(st.stats.longestAdvanceWait, now - next.since)
                return [next.continuation]
            }
            if st.waitingAdvances.isEmpty {
                st.running += st.waitingOperations.count
                for w in st.waitingOperations { st.stats.heldWait += now - w.since }
                defer { st.waitingOperations = [] }
                return st.waitingOperations.map(\.continuation)
            }
            return []
        }
        for c in wake { c.resume() }
    }

    /// The limit passed for advance `id`: if it is first in line and no other advance holds the
    /// clock, it goes now, whatever is still in flight. Returns false when it must try again later.
    private func force(_ id: UInt64) -> Bool {
        let (done, wake): (Bool, CheckedContinuation<Void, Never>?) = state.withLock { st in
            guard st.waitingAdvances.contains(where: { $0.id == id }) else { return (true, nil) }
            guard !st.advancing, let first = st.waitingAdvances.first, first.id == id else { return (false, nil) }
            st.waitingAdvances.removeFirst()
            st.advancing = true
            st.stats.advances += 1
            st.stats.forced += 1
            st.stats.advanceWait += ContinuousClock.now - first.since
            st.stats.longestAdvanceWait = max(st.stats.longestAdvanceWait, ContinuousClock.now - first.since)
            return (true, first.continuation)
        }
        wake?.resume()
        return done
    }
}
