import Synchronization

extension LoadEngine {
    /// Closed model: the schedule gives the number of players; each does one operation at a
    /// time, then thinks. When the target drops, players retire after their current operation.
    func runClosed(start: ContinuousClock.Instant) async {
        let deadline = start + duration
        let crew = Crew()
        guard spec.replacesEndedSessions else {
            // Each session once: the run ends when the last one ends (no supervisor polling, so a
            // five-step script takes as long as its five requests).
            crew.quota.store(spec.players, ordering: .relaxed)
            crew.live.store(spec.players, ordering: .relaxed)
            await withDiscardingTaskGroup { group in
                for index in 0..<spec.players {
                    control.sessionStarted()
                    group.addTask(executorPreference: workload.preferredTaskExecutor(session: index)) {
                        await self.closedPlayer(index: index, deadline: deadline, crew: crew)
                    }
                }
            }
            return
        }
        let schedule = schedule
        await withDiscardingTaskGroup { group in
            var nextIndex = 0
            // The first pass always runs, so a run starts its players even if this task was
            // scheduled late.
            repeat {
                let target = Int(schedule.value(at: .now - start).rounded())
                crew.quota.store(target, ordering: .relaxed)
                while crew.live.load(ordering: .relaxed) < target {
                    crew.live.wrappingAdd(1, ordering: .relaxed)
                    let index = nextIndex
                    nextIndex += 1
                    control.sessionStarted()
                    group.addTask(executorPreference: workload.preferredTaskExecutor(session: index)) {
                        await self.closedPlayer(index: index, deadline: deadline, crew: crew)
                    }
                }
                await sleepUntil(min(deadline, .now + .milliseconds(50)))
            } while !control.isStopped && !Task.isCancelled && ContinuousClock.now < deadline
            await drain(busy: { control.sessionsBusy }) { group.cancelAll() }
        }
    }

    private func closedPlayer(index: Int, deadline: ContinuousClock.Instant, crew: Crew) async {
        // Boxed: see ``SessionBox`` (what a sleeping session costs).
        let box = SessionBox(workload.makeSession(index: index))
        var think = ThinkTime(range: spec.thinkTime, seed: seed, player: index)
        var intended = ContinuousClock.now
        var retired = false
        let executor = workload.preferredTaskExecutor(session: index)
        while !control.isStopped && !Task.isCancelled && intended < deadline {
            if crew.retireIfOverQuota() {
                retired = true
                break
            }
            guard control.claimOperation() else { break }
            guard
                let next = await step(
                    &box.session,
                    on: executor,
                    intended: intended,
                    deadline: deadline,
                    think: &think,
                    limiter: nil
                )
            else { break }
            intended = next
        }
        if !retired { crew.live.wrappingSubtract(1, ordering: .relaxed) }
        control.sessionEnded()
        await workload.sessionEnded(box.session, index: index)
    }
}

/// The closed model's live player count and its target.
final class Crew: Sendable {
    let live = Atomic<Int>(0)
    let quota = Atomic<Int>(0)

    /// Leaves the crew if it has more players than the quota (one player per excess slot).
    func retireIfOverQuota() -> Bool {
        var l = live.load(ordering: .relaxed)
        while l > quota.load(ordering: .relaxed) {
            let (done, actual) = live.compareExchange(expected: l, desired: l - 1, ordering: .relaxed)
            if done { return true }
            l = actual
        }
        return false
    }
}
