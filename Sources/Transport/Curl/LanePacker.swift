import Basics
import Synchronization

/// The task executor request loops prefer when a transport has several lanes: it places them on
/// as few lanes as keep up, and moves a loop to another lane only when its own is saturated.
///
/// A loop that waits on a slower target leaves its lane idle most of the time; spread over every
/// lane, such loops wake each thread once or twice per response, and every wake-up is a context
/// switch and a cold cache. Packed onto one lane, the same loops share that lane's wake-ups (more
/// completions per `curl_multi_poll`) while the other lanes sleep. A loop that keeps a lane busy
/// (a fast target) is spread out as soon as its lane is saturated, so packing costs no throughput.
///
/// Placement happens when a task's job is enqueued (``place(from:busy:)``):
/// - from a lane's thread (a transfer finished there, a timer fired there), the job stays on that
///   lane: no thread hop. If that lane is saturated (busier than ``saturated`` over its last
///   window, ``CurlLane/busy``) and another lane has room (less busy than ``roomy``), the job moves
///   to the least busy lane instead, at most one move away from a lane per ``moveInterval``, so a
///   burst of wake-ups does not move every task at once (and then back);
/// - from any other thread (a task starts, a global timer fires), the job goes to the first lane
///   with room, or the least busy lane when none has.
final class LanePacker: TaskExecutor, SleepingTaskExecutor {
    /// Busier than this (thousandths of its last window) and a lane gives tasks away.
    static let saturated = 900
    /// Less busy than this and a lane takes tasks.
    static let roomy = 700
    /// The shortest time between two moves away from one lane.
    static let moveInterval: Duration = .milliseconds(5)

    private let lanes: [CurlLane]
    /// The origin of the lanes' ``CurlLane/lastMoveAway`` times.
    private let epoch = ContinuousClock.now

    init(lanes: [CurlLane]) {
        precondition(!lanes.isEmpty, "a packer needs a lane")
        self.lanes = lanes
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lanes[lane(from: lanes.firstIndex { $0.isLoopThread })].enqueue(ExecutorJob(job))
    }

    func sleep(until deadline: ContinuousClock.Instant) async throws {
        if let here = lanes.first(where: { $0.isLoopThread }) {
            try await here.sleep(until: deadline)
        } else {
            try await Task.sleep(until: deadline, clock: .continuous)
        }
    }

    /// The lane for a job enqueued from lane `here` (`nil`: from another thread), a move away
    /// from `here` counted against its interval.
    private func lane(from here: Int?) -> Int {
        // The common case, a job staying on an unsaturated lane, reads one figure.
        if let here, lanes[here].busy <= Self.saturated { return here }
        let target = Self.place(from: here, count: lanes.count) { lanes[$0].busy }
        guard let here, target != here else { return target }
        let lane = lanes[here]
        let now = Int64((ContinuousClock.now - epoch) / .nanoseconds(1))
        let last = lane.lastMoveAway.load(ordering: .relaxed)
        guard now - last >= Int64(Self.moveInterval / .nanoseconds(1)),
            lane.lastMoveAway.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged
        else { return here }
        return target
    }

    /// Where a job enqueued from lane `here` (`nil`: from another thread) should run, given each
    /// lane's busy share (thousandths): the rule in the type's comment, without the move interval.
    static func place(from here: Int?, busy: [Int]) -> Int {
        place(from: here, count: busy.count) { busy[$0] }
    }

    /// ``place(from:busy:)`` reading each lane's figure through `busy` (no array per job).
    static func place(from here: Int?, count: Int, busy: (Int) -> Int) -> Int {
        var leastBusy = 0
        var firstRoomy: Int?
        for i in 0..<count {
            let b = busy(i)
            if b < busy(leastBusy) { leastBusy = i }
            if firstRoomy == nil, b < roomy { firstRoomy = i }
        }
        guard let here else { return firstRoomy ?? leastBusy }
        guard busy(here) > saturated, leastBusy != here, busy(leastBusy) < roomy else { return here }
        return leastBusy
    }
}
