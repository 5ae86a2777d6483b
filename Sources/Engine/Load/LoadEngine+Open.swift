extension LoadEngine {
    /// Open model, session arrivals: new players arrive at the scheduled rate, each doing
    /// `sessionOperations` operations with think time. An arrival that finds `maxPlayers` alive
    /// waits for a slot; its first operation keeps its intended start, so the wait shows as
    /// latency and as a late start.
    func runOpenSessions(start: ContinuousClock.Instant) async {
        let sessions = InFlightLimiter(limit: spec.maxPlayers)
        let requests = InFlightLimiter(limit: spec.maxInFlight)
        // Up to `maxPlayers` sessions live at once (100,000 and more): spread over many groups.
        // Each session's closure lives as long as the session: it captures the engine by
        // reference, not this struct (~500 bytes per player).
        let engine = EngineReference(self)
        await TaskSpreader.run(
            width: Self.spreadWidth,
            arrivals: { group in
                var index = 0
                await forEachArrival(start: start) { intended in
                    guard await sessions.acquire() else { return false }
                    let i = index
                    index += 1
                    control.sessionStarted()
                    group.addTask(executorPreference: workload.preferredTaskExecutor(session: i)) {
                        await engine.value.openSession(
                            index: i,
                            firstIntended: intended,
                            deadline: start + duration,
                            limiter: requests
                        )
                        sessions.release()
                    }
                    return true
                }
                // Arrivals can end early (a last stage at rate 0): sessions may still have
                // operations due before the end of the run, so drain only from then on.
                let deadline = start + duration
                while !control.isStopped, !Task.isCancelled, control.liveSessions > 0, ContinuousClock.now < deadline {
                    await sleepUntil(min(deadline, .now + .milliseconds(50)))
                }
            },
            drain: { cancelAll in await drain(busy: { control.sessionsBusy }, cancel: cancelAll) }
        )
    }

    /// Task groups the open model's sessions are spread over (``TaskSpreader``).
    static var spreadWidth: Int { 128 }

    fileprivate func openSession(
        index: Int,
        firstIntended: ContinuousClock.Instant,
        deadline: ContinuousClock.Instant,
        limiter: InFlightLimiter
    ) async {
        // Boxed: see ``SessionBox`` (what a sleeping session costs).
        let box = SessionBox(workload.makeSession(index: index))
        var think = ThinkTime(range: spec.thinkTime, seed: seed, player: index)
        var intended = firstIntended
        let executor = workload.preferredTaskExecutor(session: index)
        for _ in 0..<spec.sessionOperations {
            guard control.claimOperation(),
                let next = await step(
                    &box.session,
                    on: executor,
                    intended: intended,
                    deadline: deadline,
                    think: &think,
                    limiter: limiter
                )
            else { break }
            intended = next
        }
        control.sessionEnded()
        await workload.sessionEnded(box.session, index: index)
    }

    /// Open model, operation arrivals: operations arrive at the scheduled rate and go to an idle
    /// player from a pool (created on demand up to `maxPlayers`). With no idle player and the
    /// pool full, the arrival waits — late, never dropped.
    func runOpenOperations(start: ContinuousClock.Instant) async {
        let pool = SessionPool<W>(workload: workload, capacity: spec.maxPlayers, control: control)
        let requests = InFlightLimiter(limit: spec.maxInFlight)
        await withDiscardingTaskGroup { group in
            await forEachArrival(start: start) { intended in
                guard control.claimOperation(), let (taken, index) = await pool.take() else { return false }
                var session = taken
                // Counted from launch (not from send), so draining never misses a due arrival.
                control.operationBegan()
                group.addTask(executorPreference: workload.preferredTaskExecutor(session: index)) {
                    defer { control.operationEnded() }
                    var think = ThinkTime(range: .zero ... .zero, seed: seed, player: index)
                    let alive =
                        await self.step(
                            &session,
                            on: workload.preferredTaskExecutor(session: index),
                            intended: intended,
                            deadline: start + duration,
                            think: &think,
                            limiter: requests
                        ) != nil
                    await pool.give(session, index: index, alive: alive)
                }
                return true
            }
            await drain(busy: { control.operationsInFlight > 0 }) { group.cancelAll() }
            await pool.endAll()
        }
    }

    /// The shortest time between two wake-ups of the arrival loop (``forEachArrival(start:launch:)``).
    static var arrivalTick: Duration { .milliseconds(1) }

    /// Calls `launch` with the intended start of every arrival of the rate schedule until the
    /// duration ends, the run stops, or `launch` returns false. Arrivals that are already due
    /// are launched in a burst, each with its own intended time, so high rates don't depend on
    /// timer resolution. The loop runs on the first session's executor (a transport lane, whose
    /// own timers wake it every tick without a thread hop), else on the cooperative pool.
    func forEachArrival(
        start: ContinuousClock.Instant,
        launch: (ContinuousClock.Instant) async -> Bool
    ) async {
        guard let executor = workload.preferredTaskExecutor(session: 0) else {
            return await arrivals(start: start, on: nil, launch: launch)
        }
        await withTaskExecutorPreference(executor) {
            await arrivals(start: start, on: executor, launch: launch)
        }
    }

    /// ``forEachArrival(start:launch:)``'s loop, running on `executor`.
    private func arrivals(
        start: ContinuousClock.Instant,
        on executor: (any TaskExecutor)?,
        launch: (ContinuousClock.Instant) async -> Bool
    ) async {
        let schedule = schedule
        var offset: Duration? =
            schedule.value(at: .zero) > 0 ? .zero : schedule.nextArrival(after: .zero, limit: duration)
        var lastWake = ContinuousClock.now - Self.arrivalTick
        while let at = offset, at < duration, !control.isStopped, !Task.isCancelled {
            let intended = start + at
            if intended > .now {
                // One wake-up per tick at most: each costs a wake-up of the lane's loop (off a lane,
                // a timer and thread hand-offs: at 2,000 arrivals/s more CPU than the operations).
                // Arrivals keep their intended start, so a send up to a tick late counts in the
                // latency, never hidden.
                await sleepUntil(max(intended, lastWake + Self.arrivalTick), on: executor)
                lastWake = .now
            }
            guard !control.isStopped, !Task.isCancelled, await launch(intended) else { return }
            offset = schedule.nextArrival(after: at, limit: duration)
        }
    }
}

/// One engine shared by many session closures (see ``LoadEngine/runOpenSessions(start:)``).
final class EngineReference<W: Workload>: Sendable {
    let value: LoadEngine<W>
    init(_ value: LoadEngine<W>) { self.value = value }
}
