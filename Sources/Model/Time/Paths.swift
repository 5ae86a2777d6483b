import Protocol

/// The choice points of one evaluation of a step: deadlines that fall inside the clock window, and
/// the places where docs/PROTOCOL.md allows two behaviours. The step is evaluated once per path
/// (depth-first over the choices), so each outcome is computed by plain deterministic code.
struct Paths {
    private(set) var window: ClockWindow
    /// The server time is known to be at least this (raised when a path assumes a deadline passed).
    private(set) var floor: Int64
    /// And at most this during this step (lowered when a path assumes one did not).
    private var ceiling: Int64
    private var script: [Bool]
    private(set) var taken: [Bool] = []
    /// Deadlines an earlier observation showed had passed (their boundary is no longer open).
    private var known: Set<Deadline>
    /// Deadlines this path assumed passed while they were uncertain.
    private(set) var learned: [Deadline] = []

    init(window: ClockWindow, floor: Int64, script: [Bool], known: Set<Deadline> = []) {
        self.known = known
        self.window = window
        self.floor = max(floor, window.lo)
        self.ceiling = max(self.floor, window.hi)
        self.script = script
    }

    /// Whether the request was handled under maintenance (L14). Straddling a maintenance's start or
    /// end is a choice; when it chooses "under", the server time is at least that maintenance's
    /// start (it may only be that one or a later one), which raises the floor.
    mutating func underMaintenance(_ m: MaintenanceSemantics) -> Bool {
        guard let w = m.window(endingAfter: floor), w.lowerBound <= ceiling else { return false }
        // "Not under" needs a moment of [floor, ceiling] outside every window: the floor itself
        // when it is before `w`, else the gap after `w`, which exists only if maintenance is not
        // continuous (a duration as long as the period is under maintenance all the time).
        let outside = floor < w.lowerBound || (m.durationSeconds < (m.periodSeconds ?? 0) && w.upperBound <= ceiling)
        if outside, !choose() { return false }
        floor = max(floor, w.lowerBound)
        return true
    }

    /// Whether every moment of [floor, ceiling] is under maintenance (no choice).
    func surelyUnderMaintenance(_ m: MaintenanceSemantics) -> Bool {
        guard let w = m.window(endingAfter: floor) else { return false }
        return w.lowerBound <= floor && ceiling < w.upperBound
    }

    /// Whether the server clock had reached `d` when the request was handled.
    mutating func passed(_ d: Deadline) -> Bool {
        if floor >= d.latest || known.contains(d) { return true }
        if ceiling < d.earliest { return false }
        if choose() {
            floor = max(floor, d.earliest)
            known.insert(d)
            learned.append(d)
            return true
        } else {
            ceiling = min(ceiling, d.latest - 1)
            return false
        }
    }

    /// Takes `other`'s assumptions about time (floor, ceiling, deadlines), keeping the choices this
    /// path took: after an evaluation whose answer did not depend on what its choices assumed, so
    /// the paths that differ only there end in the same state and merge.
    mutating func assume(like other: Paths) {
        floor = other.floor
        ceiling = other.ceiling
        known = other.known
        learned = other.learned
    }

    /// A free choice where the protocol allows either behaviour.
    mutating func either() -> Bool { choose() }

    private mutating func choose() -> Bool {
        let c = taken.count < script.count ? script[taken.count] : false
        taken.append(c)
        return c
    }

    /// The script of the next path in depth-first order, or `nil` when all were explored.
    func nextScript() -> [Bool]? {
        guard let i = taken.lastIndex(of: false) else { return nil }
        return Array(taken[..<i]) + [true]
    }
}
