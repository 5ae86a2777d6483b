extension LoadEngine {
    /// Open model, session arrivals: new players arrive at the scheduled rate, each doing
    /// `sessionOperations` operations with think time. An arrival that finds `maxPlayers` alive
    /// waits for a slot; its first operation keeps its intended start, so the wait shows as
    /// latency and as a late start.
    func runOpenSessions(start: ContinuousClock.Instant) async {
        let sessions = InFlightLimiter(limit: spec.maxPlayers)
        let requests = InFlightLimiter(limit: spec.maxInFlight)
        await withDiscardingTaskGroup { group in
            var index = 0
            await forEachArrival(start: start) { intended in
                guard await sessions.acquire() else { return false }
                let i = index
                index += 1
                control.sessionStarted()
                group.addTask {
                    await self.openSession(
                        index: i,
                        firstIntended: intended,
                        deadline: start + duration,
                        limiter: requests
                    )
                    sessions.release()
                }
                return true
            }
            await drain(busy: { control.liveSessions > 0 }) { group.cancelAll() }
        }
    }

    private func openSession(
        index: Int,
        firstIntended: ContinuousClock.Instant,
        deadline: ContinuousClock.Instant,
        limiter: InFlightLimiter
    ) async {
        var session = workload.makeSession(index: index)
        var think = ThinkTime(range: spec.thinkTime, seed: seed, player: index)
        var intended = firstIntended
        for _ in 0..<spec.sessionOperations {
            guard control.claimOperation(),
                let next = await step(&session, intended: intended, deadline: deadline, think: &think, limiter: limiter)
            else { break }
            intended = next
        }
        control.sessionEnded()
        await workload.sessionEnded(session, index: index)
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
                group.addTask {
                    defer { control.operationEnded() }
                    var think = ThinkTime(range: .zero ... .zero, seed: seed, player: index)
                    let alive =
                        await self.step(
                            &session,
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

    /// Calls `launch` with the intended start of every arrival of the rate schedule until the
    /// duration ends, the run stops, or `launch` returns false. Arrivals that are already due
    /// are launched in a burst, each with its own intended time, so high rates don't depend on
    /// timer resolution.
    func forEachArrival(
        start: ContinuousClock.Instant,
        launch: (ContinuousClock.Instant) async -> Bool
    ) async {
        let schedule = schedule
        var offset: Duration? =
            schedule.value(at: .zero) > 0 ? .zero : schedule.nextArrival(after: .zero, limit: duration)
        while let at = offset, at < duration, !control.isStopped, !Task.isCancelled {
            let intended = start + at
            await sleepUntil(intended)
            guard !control.isStopped, !Task.isCancelled, await launch(intended) else { return }
            offset = schedule.nextArrival(after: at, limit: duration)
        }
    }
}
