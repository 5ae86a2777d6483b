import Basics

/// Runs a ``Workload`` under a load model (closed or open, with ramping stages) and reports every
/// operation to an ``OperationSink`` with its **intended** start time, so latency can be measured
/// from when the operation should have started (coordinated-omission corrected, as wrk2 does).
///
/// Starts that could not happen on time are started late and counted (``RunControl/lateStarts``),
/// never dropped.
package struct LoadEngine<W: Workload>: Sendable {
    package var workload: W
    package var spec: LoadSpec
    package var duration: Duration
    package var control: RunControl
    package var sink: any OperationSink
    /// Seeds think-time randomness (each player derives its own stream).
    package var seed: UInt64

    package init(
        workload: W,
        spec: LoadSpec,
        duration: Duration,
        control: RunControl,
        sink: any OperationSink,
        seed: UInt64
    ) {
        self.workload = workload
        self.spec = spec
        self.duration = duration
        self.control = control
        self.sink = sink
        self.seed = seed
    }

    /// Runs until the duration elapses, the operation budget is spent, ``RunControl/stop()`` is
    /// called, or the task is cancelled; then lets in-flight operations finish for at most
    /// `gracefulStop`.
    package func run() async -> EngineReport {
        let clock = ContinuousClock()
        let start = clock.now
        switch (spec.model, spec.arrival) {
        case (.closed, _): await runClosed(start: start)
        case (.open, .sessions): await runOpenSessions(start: start)
        case (.open, .operations): await runOpenOperations(start: start)
        }
        return EngineReport(
            elapsed: clock.now - start,
            operations: control.operationsStarted,
            lateStarts: control.lateStarts,
            peakSessions: control.peakSessions,
            interrupted: Task.isCancelled
        )
    }

    /// The schedule of players (closed) or arrivals per second (open).
    var schedule: LoadSchedule {
        let base = spec.model == .closed ? Double(spec.players) : spec.rate
        return spec.stages.isEmpty ? LoadSchedule(constant: base) : LoadSchedule(start: 0, stages: spec.stages)
    }

    /// Performs one operation of `session` intended to start at `intended`, records it, and
    /// returns when it should be followed by the next (completion + think time), or `nil` when
    /// the session is done.
    ///
    /// An operation intended to start before `deadline` always runs (unless the run is stopped
    /// or cancelled); one intended at or after it never does. So the natural end of a run never
    /// drops an arrival that was due.
    func step(
        _ session: inout W.Session,
        on executor: (any TaskExecutor)?,
        intended: ContinuousClock.Instant,
        deadline: ContinuousClock.Instant,
        think: inout ThinkTime,
        limiter: InFlightLimiter?
    ) async -> ContinuousClock.Instant? {
        guard intended < deadline else { return nil }
        if intended > .now {
            // One timer per think, not a polling loop: with 100,000 sessions thinking, waking
            // each every 100 ms to look at the stop flag cost more CPU than the requests. A stop
            // reaches a thinking session through cancellation (``RunControl/sessionsBusy``).
            control.thinkBegan()
            try? await Task.sleep(until: intended, on: executor)
            control.thinkEnded()
        }
        if control.isStopped || Task.isCancelled { return nil }
        if let limiter, !(await limiter.acquire()) { return nil }
        defer { limiter?.release() }
        guard !Task.isCancelled else { return nil }
        control.requestBegan()
        let performed = await perform(&session, on: executor)
        control.requestEnded()
        guard let op = performed else { return nil }
        if op.sent - intended > spec.lateTolerance { control.countLateStart() }
        sink.record(op, intendedStart: intended)
        return op.completed + think.next()
    }

    /// The most live sessions at which a session runs an operation in its own task.
    ///
    /// A task keeps the memory its deepest call needed (the runtime's task allocator holds on to
    /// its slabs), and an operation's call chain (generator, oracle, encoding, transport) is deep:
    /// kept by every sleeping session, that was ~80 KiB per player at 100,000 players. Above this
    /// many live sessions an operation therefore runs in a child task of its own, whose memory
    /// goes when it ends; at or below it the session runs it itself, which saves the child's
    /// creation, its slabs' `malloc`s and two task switches per operation (~10 % of a checked
    /// operation's CPU, `scripts/bench-harness.sh`). The slabs kept are bounded: a session keeps
    /// them only if it ran an operation inline, which it did while at most this many sessions
    /// were live, so at most this many live sessions hold them at any time.
    package static var inlineSessionLimit: Int { 256 }

    /// Runs the session's next operation: inline while few sessions are live, else in a child
    /// task (``inlineSessionLimit``) on the session's preferred executor (an unstructured task
    /// does not inherit one).
    func perform(_ session: inout W.Session, on executor: (any TaskExecutor)?) async -> PerformedOperation? {
        if control.liveSessions <= Self.inlineSessionLimit { return await session.performNext() }
        let box = SessionBox(session)
        let op = await Task(executorPreference: executor) { await box.performNext() }.valueCancellingWithCaller
        session = box.session
        return op
    }

    /// Sleeps until `instant` in slices, waking early when the run stops; on `executor`'s own
    /// timers when it has them (``SleepingTaskExecutor``: the caller runs on it).
    func sleepUntil(_ instant: ContinuousClock.Instant, on executor: (any TaskExecutor)? = nil) async {
        while !control.isStopped && !Task.isCancelled {
            let now = ContinuousClock.now
            guard instant > now else { return }
            try? await Task.sleep(until: min(instant, now + .milliseconds(100)), on: executor)
        }
    }

    /// After the last arrival (or a stop): waits for live sessions to finish, at most `gracefulStop`, then cancels
    /// the rest (in-flight requests are cancelled by the transport).
    /// `busy` says whether work remains (live sessions, or operations in flight for the
    /// operation-arrival model, whose idle pooled sessions are not work).
    func drain(busy: () -> Bool, cancel: () -> Void) async {
        control.drainBegan()
        let until = ContinuousClock.now + spec.gracefulStop
        while busy() && ContinuousClock.now < until && !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(10))
        }
        cancel()
    }
}

/// What the engine did, for the summary.
package struct EngineReport: Sendable {
    package var elapsed: Duration
    package var operations: Int
    package var lateStarts: Int
    package var peakSessions: Int
    /// True when the run was cancelled (Ctrl-C) rather than finishing.
    package var interrupted: Bool

    package init(
        elapsed: Duration = .zero,
        operations: Int = 0,
        lateStarts: Int = 0,
        peakSessions: Int = 0,
        interrupted: Bool = false
    ) {
        self.elapsed = elapsed
        self.operations = operations
        self.lateStarts = lateStarts
        self.peakSessions = peakSessions
        self.interrupted = interrupted
    }
}

/// Think time drawn uniformly from a range with a per-player deterministic stream.
struct ThinkTime: Sendable {
    let range: ClosedRange<Duration>
    var rng: SplitMix64

    init(range: ClosedRange<Duration>, seed: UInt64, player: Int) {
        self.range = range
        self.rng = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: player) &* 0x9E37_79B9_7F4A_7C15))
    }

    mutating func next() -> Duration {
        guard range.lowerBound < range.upperBound else { return range.lowerBound }
        let span = (range.upperBound - range.lowerBound).seconds
        return range.lowerBound + .nanoseconds(Int64(rng.nextUnit() * span * 1e9))
    }
}

extension Task where Failure == Never {
    /// The task's value; cancelling the waiting task cancels this one (an unstructured task
    /// does not inherit cancellation).
    var valueCancellingWithCaller: Success {
        get async {
            await withTaskCancellationHandler {
                await value
            } onCancel: {
                cancel()
            }
        }
    }
}
