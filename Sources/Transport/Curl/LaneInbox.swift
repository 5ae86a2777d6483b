/// What other threads hand to a lane's loop, kept behind the lane's `Mutex`.
///
/// The loop swaps the arrays out wholesale, so a producer that finds the inbox empty knows the loop may
/// be asleep in `curl_multi_poll` and wakes it: one wakeup per burst, not per request.
struct LaneInbox {
    /// A request to cancel one use of a transfer; `generation` tells which use.
    struct Cancel {
        let transfer: Transfer
        let generation: UInt64
    }

    var submissions: [Transfer] = []
    var cancels: [Cancel] = []
    /// Jobs of tasks that prefer this lane's executor.
    var jobs: [UnownedJob] = []
    /// Tasks that sleep on this lane's timers, for the loop to add to its heap.
    var sleepers: [LaneSleeper] = []
    /// Set once by shutdown; from then on nothing new is accepted and no wakeup is sent.
    var stopping = false
    /// Set by the loop after it freed everything.
    var terminated = false
    var terminationWaiters: [CheckedContinuation<Void, Never>] = []

    var isEmpty: Bool { submissions.isEmpty && cancels.isEmpty && jobs.isEmpty && sleepers.isEmpty }

    init() {
        submissions.reserveCapacity(256)
        jobs.reserveCapacity(256)
    }
}
