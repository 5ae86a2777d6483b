/// Idle sessions for the open operation-arrival model: arrivals take one, use it for one
/// operation and give it back. Creates sessions on demand up to a capacity; beyond it, takers
/// wait in order.
actor SessionPool<W: Workload> {
    private let workload: W
    private let capacity: Int
    private let control: RunControl
    private var idle: [(W.Session, Int)] = []
    /// Sessions alive (idle or in use); at most `capacity`.
    private var live = 0
    private var nextIndex = 0
    private var waiters: [CheckedContinuation<(W.Session, Int)?, Never>] = []
    private var closed = false

    init(workload: W, capacity: Int, control: RunControl) {
        self.workload = workload
        self.capacity = capacity
        self.control = control
    }

    /// An idle session (or a new one); waits when the pool is at capacity. `nil` once closed.
    func take() async -> (W.Session, Int)? {
        if closed { return nil }
        if let s = idle.popLast() { return s }
        if live < capacity { return makeSession() }
        return await withCheckedContinuation { waiters.append($0) }
    }

    /// Returns a session; a session that is done (`alive == false`) ends and frees its slot.
    func give(_ session: W.Session, index: Int, alive: Bool) async {
        if alive && !closed {
            if !waiters.isEmpty {
                waiters.removeFirst().resume(returning: (session, index))
            } else {
                idle.append((session, index))
            }
            return
        }
        live -= 1
        control.sessionEnded()
        await workload.sessionEnded(session, index: index)
        // A slot opened: a fresh session goes to the longest waiter.
        if !closed, !waiters.isEmpty { waiters.removeFirst().resume(returning: makeSession()) }
    }

    private func makeSession() -> (W.Session, Int) {
        let index = nextIndex
        nextIndex += 1
        live += 1
        control.sessionStarted()
        return (workload.makeSession(index: index), index)
    }

    /// Ends every idle session and releases waiters.
    func endAll() async {
        closed = true
        for w in waiters { w.resume(returning: nil) }
        waiters.removeAll()
        let sessions = idle
        idle.removeAll()
        for (s, i) in sessions {
            live -= 1
            control.sessionEnded()
            await workload.sessionEnded(s, index: i)
        }
    }
}
