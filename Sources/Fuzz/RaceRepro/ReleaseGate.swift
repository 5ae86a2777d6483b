import Synchronization

/// Holds `count` tasks until the last has arrived, then lets them all go at once (a replay's wave).
final class ReleaseGate: Sendable {
    private struct State {
        var arrived = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let count: Int
    private let state = Mutex(State())

    init(count: Int) {
        self.count = count
    }

    /// Waits until `count` tasks have arrived (returns at once for the last one).
    func arrive() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let wake: [CheckedContinuation<Void, Never>] = state.withLock { s in
                s.arrived += 1
                s.waiters.append(c)
                guard s.arrived >= count else { return [] }
                defer { s.waiters = [] }
                return s.waiters
            }
            for w in wake { w.resume() }
        }
    }
}
