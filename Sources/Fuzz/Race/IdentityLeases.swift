import Linearizability
import Model
import Synchronization

/// At most `limit` operations in flight on any one shared identity (a device, an IdP account, a
/// user, a token, a TransferAccount): a player whose next operation would exceed it waits until
/// one of them returns. Jepsen bounds the concurrency per key the same way: a linearizability
/// search is exponential in the operations that overlap on one object, so a dozen concurrent
/// wrong passwords on one TransferAccount (which 64 players on two issued accounts produce) make
/// even a clean server's history undecidable within any budget, while four still open every race
/// window a burst aims at (docs/MODEL.md §7, "Limits").
///
/// Deadlock-free: a player takes every lease of its operation at once or none, and holds none
/// while it waits; each holder returns its leases when its operation returns (answered or lost).
/// Waiters are granted in arrival order among those whose identities are all free.
package final class IdentityLeases: Sendable {
    /// The most in-flight operations per identity; 0 means unbounded.
    package let limit: Int

    private struct Waiter {
        var id: Int
        var keys: [EntityKey]
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var held: [EntityKey: Int] = [:]
        var waiters: [Waiter] = []
        var nextId = 0
        /// Operations that had to wait for a lease.
        var waited = 0

        func free(_ keys: [EntityKey], limit: Int) -> Bool { keys.allSatisfy { held[$0, default: 0] < limit } }

        mutating func take(_ keys: [EntityKey]) { for k in keys { held[k, default: 0] += 1 } }

        /// Returns leases and hands them on to the waiters that can now go, first come first.
        mutating func give(_ keys: [EntityKey], limit: Int) -> [CheckedContinuation<Bool, Never>] {
            for k in keys {
                let n = held[k, default: 0] - 1
                held[k] = n > 0 ? n : nil
            }
            var woken: [CheckedContinuation<Bool, Never>] = []
            var waiting: [Waiter] = []
            for w in waiters {
                if free(w.keys, limit: limit) {
                    take(w.keys)
                    woken.append(w.continuation)
                } else {
                    waiting.append(w)
                }
            }
            waiters = waiting
            return woken
        }
    }

    private let state = Mutex(State())

    package init(limit: Int) { self.limit = max(0, limit) }

    /// The identities an operation leases: every entity it names but the operations whose values
    /// it uses (those are named by the values themselves) and the clock. Server API reads lease
    /// nothing: they change no state, and the checker takes them without branching.
    package static func keys(of planned: PlannedOperation) -> [EntityKey] {
        let entry = HistoryEntry(
            index: 0,
            process: 0,
            op: planned.op,
            invokeNs: 0,
            returnNs: nil,
            window: ClockWindow(exactly: 0),
            answer: nil
        )
        if entry.isPureRead { return [] }
        return entry.entities(planned.identities).filter { $0.kind != .op && $0.kind != .clock }.sorted()
    }

    /// Waits until every key has a free lease and takes them all. `false` when the task was
    /// cancelled first (nothing taken).
    package func acquire(_ keys: [EntityKey]) async -> Bool {
        guard limit > 0, !keys.isEmpty else { return true }
        let id: Int? = state.withLock { s in
            if s.free(keys, limit: limit) {
                s.take(keys)
                return nil
            }
            s.nextId += 1
            s.waited += 1
            return s.nextId
        }
        guard let id else { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Bool, Never>) in
                let now: Bool? = state.withLock { s in
                    if Task.isCancelled { return false }
                    // Leases may have come back between the first look and here.
                    if s.free(keys, limit: limit) {
                        s.take(keys)
                        return true
                    }
                    s.waiters.append(Waiter(id: id, keys: keys, continuation: c))
                    return nil
                }
                if let now { c.resume(returning: now) }
            }
        } onCancel: {
            let c: CheckedContinuation<Bool, Never>? = state.withLock { s in
                guard let i = s.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return s.waiters.remove(at: i).continuation
            }
            c?.resume(returning: false)
        }
    }

    /// Returns the leases `acquire` took.
    package func release(_ keys: [EntityKey]) {
        guard limit > 0, !keys.isEmpty else { return }
        let woken = state.withLock { $0.give(keys, limit: limit) }
        for c in woken { c.resume(returning: true) }
    }

    /// How many operations had to wait for a lease.
    package var waited: Int { state.withLock { $0.waited } }

    /// Leases currently held (0 once every operation has returned).
    package var held: Int { state.withLock { $0.held.values.reduce(0, +) } }
}
