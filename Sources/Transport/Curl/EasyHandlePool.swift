import Synchronization

/// The idle transfers (easy handles) of one lane, reused with `curl_easy_reset`.
///
/// Shared by the sending tasks (acquire, recycle) and the loop (close at shutdown), so it sits behind
/// a `Mutex`. A transfer's resources are freed in its `deinit`, which runs wherever the last
/// reference drops: never under the lock, and never while the transfer is in a multi handle.
final class EasyHandlePool: Sendable {
    private struct State {
        var idle: [Transfer] = []
        var closed = false
    }

    private let state = Mutex(State())
    private let counters: TransportCounters

    init(counters: TransportCounters) {
        self.counters = counters
    }

    /// An idle transfer, or a new one when none is idle. Prefers the most recently used transfer
    /// whose last request had `request`'s shape (method, timeout, body or none): its handle is
    /// reconfigured without a reset (``Transfer/configure(_:_:)``).
    /// - Throws: ``TransportError`` `.shutdown` once the pool is closed.
    func acquire(for request: HTTPRequest) throws(TransportError) -> Transfer {
        let (closed, reused) = state.withLock { state -> (Bool, Transfer?) in
            guard !state.closed else { return (true, nil) }
            if let i = state.idle.lastIndex(where: { $0.configuredFor?.hasSameShape(as: request) == true }) {
                return (false, state.idle.remove(at: i))
            }
            return (false, state.idle.popLast())
        }
        if closed { throw TransportError(.shutdown, "transport is shut down") }
        if let reused { return reused }
        return try Transfer(counters: counters)
    }

    /// Returns a transfer after use. Once closed, the transfer is dropped (and its handle freed) instead.
    func recycle(_ transfer: Transfer) {
        transfer.scrub()
        let rejected: Transfer? = state.withLock { state in
            if state.closed { return transfer }
            state.idle.append(transfer)
            return nil
        }
        _ = rejected  // dropped here, outside the lock
    }

    /// Closes the pool and frees every idle handle.
    func close() {
        let idle = state.withLock { state -> [Transfer] in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        _ = idle
    }
}
