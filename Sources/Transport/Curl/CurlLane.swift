import CCurl
import Synchronization

/// One event loop: a dedicated thread that owns a curl multi handle and its connection cache.
///
/// Tasks hand transfers over through ``LaneInbox``; the loop adds them to curl (at most `cap` at a time
/// over all the transport's lanes,
/// the rest wait in a FIFO), drives `curl_multi_perform`/`curl_multi_poll`, finds each finished
/// transfer through CURLOPT_PRIVATE and resumes its continuation. Only the loop resumes continuations
/// of accepted transfers, so none is resumed twice.
final class CurlLane: @unchecked Sendable {
    // @unchecked Sendable: `multi`, `active`, `waiting`, `timers`, `http2Workaround`, `load` and `producedOnLoop` are used
    // by the loop thread only (producers set `producedOnLoop` only when they run on it). The one
    // exception, `curl_multi_wakeup`, is thread-safe in curl and is only called under the inbox lock
    // while `stopping` is false; the loop calls `curl_multi_cleanup` only after it saw `stopping` under
    // that same lock, so a wakeup never meets a freed handle. Everything else is immutable, a Mutex or
    // an Atomic.

    let index: Int
    let pool: EasyHandlePool
    private let counters: TransportCounters
    let multi: UnsafeMutableRawPointer
    private let cap: Int
    let inbox = Mutex(LaneInbox())
    private let loopThreadID = Atomic<UInt>(0)
    /// The loop's busy share of its last window, 0...1000 (``LaneLoad``).
    private let busyShare = Atomic<Int>(0)
    /// When ``LanePacker`` last moved a task away from this lane (its own clock, nanoseconds).
    let lastMoveAway = Atomic<Int64>(0)

    // MARK: Loop-only state
    private var active: [Transfer] = []
    private var waiting = TransferFIFO()
    /// Tasks sleeping on this lane (``sleep(until:)``), soonest first.
    var timers = LaneTimers()
    private var http2Workaround: HTTP2ReuseWorkaround?
    private var load = LaneLoad()
    /// Something was put in the inbox from the loop thread itself (no wakeup is sent for that) since the
    /// loop last took the inbox: the loop must not sleep before taking it.
    var producedOnLoop = false

    init(index: Int, cap: Int, defaults: TransferDefaults, counters: TransportCounters) throws(TransportError) {
        // HTTP/2 over TLS is not multiplexed (see CurlTransport.HTTPVersion.http2TLS).
        let http2 = defaults.http2 && !defaults.http2TLS
        guard let multi = curl_multi_init() else { throw TransportError(.other, "curl_multi_init failed") }
        // Keep every connection the admitted transfers can need; MAX_HOST_CONNECTIONS stays unlimited
        // because admission, not curl, bounds concurrency (so nothing queues invisibly inside curl).
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, cap)
        if http2 {
            _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
            _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_CONCURRENT_STREAMS, max(100, cap))
        } else {
            _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_NOTHING))
        }
        self.index = index
        self.cap = cap
        self.multi = multi
        self.counters = counters
        self.pool = EasyHandlePool(counters: counters)
        active.reserveCapacity(cap)
        if defaults.http2ReuseWorkaround { http2Workaround = HTTP2ReuseWorkaround() }
    }

    /// Starts the loop thread; on failure frees the multi handle.
    func start() throws(TransportError) {
        do {
            try LoopThread.start(name: "curl-lane-\(index)") { [self] in run() }
        } catch {
            pool.close()
            curl_multi_cleanup(multi)
            inbox.withLock {
                $0.stopping = true
                $0.terminated = true
            }
            throw error
        }
    }

    /// How busy the loop thread was over its last window of at least 20 ms, in thousandths: the
    /// share of that time it spent outside `curl_multi_poll` (sending, reading, running tasks).
    var busy: Int { busyShare.load(ordering: .relaxed) }

    /// Whether the caller runs on this lane's loop thread (then it sends no wakeup, and sets
    /// `producedOnLoop` so the loop does not sleep on what it gave itself).
    var isLoopThread: Bool { loopThreadID.load(ordering: .relaxed) == LoopThread.currentID }

    // MARK: Producers (any thread)

    /// Puts something in the inbox with `add` and wakes the loop if it may be asleep (the inbox was
    /// empty and the caller is another thread); returns false, adding nothing, when the lane is
    /// stopping. Every producer goes through here.
    func post(_ add: (inout LaneInbox) -> Void) -> Bool {
        let onLoop = isLoopThread
        let accepted = inbox.withLock { box -> Bool in
            guard !box.stopping else { return false }
            if box.isEmpty && !onLoop { _ = curl_multi_wakeup(multi) }
            add(&box)
            return true
        }
        if accepted && onLoop { producedOnLoop = true }
        return accepted
    }

    /// Hands a configured transfer to the loop. If the lane is stopping, fails it at once instead.
    func submit(_ transfer: Transfer, _ continuation: UnsafeContinuation<CURLcode, any Error>) {
        transfer.continuation = continuation
        transfer.submittedAt = .now
        if post({ $0.submissions.append(transfer) }) {
            counters.inFlight.add(1, ordering: .relaxed)
        } else {
            // Never reached the loop, so this is the only place that can resume it.
            transfer.continuation = nil
            continuation.resume(throwing: TransportError(.shutdown, "transport is shut down"))
        }
    }

    /// Asks the loop to cancel the use `generation` of `transfer`; ignored once that use has finished.
    func cancel(_ transfer: Transfer, generation: UInt64) {
        _ = post { $0.cancels.append(LaneInbox.Cancel(transfer: transfer, generation: generation)) }
    }

    /// Tells the loop to fail everything, free every handle and exit. Idempotent; does not wait.
    func requestStop() {
        inbox.withLock { box in
            guard !box.stopping else { return }
            box.stopping = true
            _ = curl_multi_wakeup(multi)
        }
    }

    /// Returns once the loop has exited and freed its handles.
    func awaitTermination() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = inbox.withLock { box -> Bool in
                if box.terminated { return true }
                box.terminationWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    // MARK: The loop

    /// One `curl_multi_perform` and one `curl_multi_poll` per cycle, as in a plain C loop; pinned tasks
    /// resumed by a completion run inside the same cycle.
    private func run() {
        loopThreadID.store(LoopThread.currentID, ordering: .relaxed)
        var buffers = LoopBuffers()
        let executor = asUnownedTaskExecutor()
        while true {
            if serveInbox(&buffers, executor) { break }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            // Tasks pinned to this lane were just resumed (their transfers finished, or their sleep is
            // over): run them now so their next requests join this cycle (curl_multi_poll then returns
            // at once for the newly added handles).
            if drainCompletions() + fireDueTimers() > 0 {
                if serveInbox(&buffers, executor) { break }
            }
            // Work the loop gave itself after its last look at the inbox (a job that keeps enqueueing
            // jobs, a cancel that resumed a pinned task): make the poll return at once.
            if !buffers.jobs.isEmpty || producedOnLoop { _ = curl_multi_wakeup(multi) }
            let before = ContinuousClock.now
            _ = curl_multi_poll(multi, nil, 0, pollTimeoutMilliseconds(), nil)
            if let share = load.slept(from: before, to: .now) { busyShare.store(share, ordering: .relaxed) }
        }
        finish(jobs: buffers.jobs, submissions: buffers.submissions, sleepers: buffers.sleepers)
    }

    /// The loop's private copies of the inbox, reused every cycle.
    private struct LoopBuffers {
        var jobs: [UnownedJob] = []
        var submissions: [Transfer] = []
        var cancels: [LaneInbox.Cancel] = []
        var sleepers: [LaneSleeper] = []
    }

    /// Takes the inbox, runs pinned tasks' jobs (a few rounds, to pick up what they submit), then accepts
    /// submissions, applies cancels and admits waiting transfers. Returns whether the lane is stopping.
    private func serveInbox(_ buffers: inout LoopBuffers, _ executor: UnownedTaskExecutor) -> Bool {
        if take(&buffers) { return true }
        var rounds = 0
        while !buffers.jobs.isEmpty && rounds < 4 {
            for job in buffers.jobs { job.runSynchronously(on: executor) }
            buffers.jobs.removeAll(keepingCapacity: true)
            if take(&buffers) { return true }
            rounds += 1
        }
        for sleeper in buffers.sleepers { timers.insert(sleeper) }
        buffers.sleepers.removeAll(keepingCapacity: true)
        for transfer in buffers.submissions { accept(transfer) }
        buffers.submissions.removeAll(keepingCapacity: true)
        for request in buffers.cancels { cancel(request) }
        buffers.cancels.removeAll(keepingCapacity: true)
        admit()
        return false
    }

    /// Moves everything from the inbox into the loop's buffers; returns whether the lane is stopping.
    private func take(_ buffers: inout LoopBuffers) -> Bool {
        producedOnLoop = false
        return inbox.withLock { box in
            Self.move(&box.jobs, into: &buffers.jobs)
            Self.move(&box.submissions, into: &buffers.submissions)
            Self.move(&box.cancels, into: &buffers.cancels)
            Self.move(&box.sleepers, into: &buffers.sleepers)
            return box.stopping
        }
    }

    private static func move<T>(_ source: inout [T], into target: inout [T]) {
        guard !source.isEmpty else { return }
        if target.isEmpty {
            swap(&source, &target)  // both keep their capacity: no allocation in steady state
        } else {
            target.append(contentsOf: source)
            source.removeAll(keepingCapacity: true)
        }
    }

    private func accept(_ transfer: Transfer) {
        if transfer.cancelRequested {
            complete(transfer, .failure(CancellationError()))
        } else {
            transfer.placement = .waiting
            waiting.push(transfer)
        }
    }

    /// Transfers wait although this lane has fewer than `cap` in curl: other lanes hold the
    /// transport's slots. Loop thread only.
    var isStarved: Bool { !waiting.isEmpty && active.count < cap }

    /// Adds waiting transfers to curl while the transport is under its cap; returns how many started.
    @discardableResult
    private func admit() -> Int {
        guard !waiting.isEmpty else { return 0 }
        let now = ContinuousClock.now
        var started = 0
        while let next = waiting.peek() {
            guard counters.admit(limit: cap) else { break }
            // After the slot: `prepare` may name this transfer its origin's opener, which only a
            // transfer that goes into curl now may be.
            if http2Workaround != nil, !http2Workaround!.prepare(next, lane: self) {
                counters.admitted.subtract(1, ordering: .relaxed)
                break
            }
            let transfer = waiting.pop()!
            transfer.admittedAt = now
            let rc = curl_multi_add_handle(multi, transfer.easy)
            guard rc == CURLM_OK else {
                counters.admitted.subtract(1, ordering: .relaxed)
                let message = String(cString: curl_multi_strerror(rc))
                complete(transfer, .failure(TransportError(.other, "curl_multi_add_handle: \(message)")))
                continue
            }
            transfer.placement = .active(index: active.count)
            active.append(transfer)
            started += 1
        }
        return started
    }

    /// Resumes every finished transfer; returns how many finished.
    private func drainCompletions() -> Int {
        var finished = 0
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            var code = CURLE_OK
            guard let easy = ccurl_msg_done(message, &code) else { continue }
            var raw: UnsafeMutableRawPointer?
            _ = ccurl_easy_getinfo_ptr(easy, CURLINFO_PRIVATE, &raw)
            _ = curl_multi_remove_handle(multi, easy)
            // Every handle this lane adds carries its Transfer in CURLOPT_PRIVATE.
            guard let raw else { continue }
            let transfer = Unmanaged<Transfer>.fromOpaque(raw).takeUnretainedValue()
            removeActive(transfer)
            http2Workaround?.finished(transfer, code: code)
            complete(transfer, .success(code))
            finished += 1
        }
        return finished
    }

    private func cancel(_ request: LaneInbox.Cancel) {
        let transfer = request.transfer
        guard transfer.generation == request.generation else { return }  // that use already finished
        switch transfer.placement {
        case .active:
            _ = curl_multi_remove_handle(multi, transfer.easy)
            removeActive(transfer)
            http2Workaround?.finished(transfer, code: CURLE_ABORTED_BY_CALLBACK)
            complete(transfer, .failure(CancellationError()))
        case .waiting:
            waiting.remove(transfer)
            complete(transfer, .failure(CancellationError()))
        case .outside:
            // The cancel overtook the submission: fail the submission when it arrives.
            transfer.cancelRequested = true
        }
    }

    /// Called by the close-socket callback, on the loop thread, when curl closes a connection.
    func connectionClosed() {
        http2Workaround?.connectionClosed()
    }

    private func removeActive(_ transfer: Transfer) {
        guard case .active(let index) = transfer.placement else { return }
        counters.admitted.subtract(1, ordering: .relaxed)
        let last = active.removeLast()
        if last !== transfer {
            active[index] = last
            last.placement = .active(index: index)
        }
        transfer.placement = .outside
    }

    /// Finishes one use of `transfer` and hands it back to its task. The task owns it from here on.
    private func complete(_ transfer: Transfer, _ result: Result<CURLcode, any Error>) {
        transfer.finishedAt = .now
        transfer.generation &+= 1
        transfer.placement = .outside
        transfer.cancelRequested = false
        let continuation = transfer.continuation
        transfer.continuation = nil
        counters.inFlight.subtract(1, ordering: .relaxed)
        continuation?.resume(with: result)
    }

    /// Fails every accepted transfer, frees every handle and wakes whoever awaits termination.
    private func finish(jobs: [UnownedJob], submissions: [Transfer], sleepers: [LaneSleeper]) {
        let error = TransportError(.shutdown, "transport shut down")
        for transfer in submissions { complete(transfer, .failure(error)) }
        while let transfer = waiting.pop() { complete(transfer, .failure(error)) }
        while let transfer = active.last {
            _ = curl_multi_remove_handle(multi, transfer.easy)
            removeActive(transfer)
            complete(transfer, .failure(error))
        }
        // Jobs can no longer run here; the global executor runs them (they only see `.shutdown`).
        let late = inbox.withLock { box -> [UnownedJob] in
            defer { box.jobs = [] }
            return box.jobs
        }
        for job in jobs + late { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        // Sleepers wake now; a sleep that is not over goes on on the global timer (see sleep(until:)).
        let lateSleepers = inbox.withLock { box -> [LaneSleeper] in
            defer { box.sleepers = [] }
            return box.sleepers
        }
        fireAllTimers(sleepers + lateSleepers)
        pool.close()
        curl_multi_cleanup(multi)
        let waiters = inbox.withLock { box -> [CheckedContinuation<Void, Never>] in
            box.terminated = true
            defer { box.terminationWaiters = [] }
            return box.terminationWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
