import Model
import Protocol

extension Player {
    /// Plans, executes and judges one operation, keeping `clock` informed of clock advances.
    package mutating func perform(
        with executor: some OperationExecutor,
        clock: ClockTracker
    ) async -> (planned: PlannedOperation, result: ExecutionResult, verdict: StepVerdict) {
        let planned = next(now: clock.now())
        let (r, v) = await execute(planned, with: executor, clock: clock)
        return (planned, r, v)
    }

    /// Executes a planned operation and judges its answer.
    package mutating func execute(
        _ planned: PlannedOperation,
        with executor: some OperationExecutor,
        clock: ClockTracker
    ) async -> (ExecutionResult, StepVerdict) {
        let (result, window) = await exchange(planned, with: executor, clock: clock)
        return (result, observe(planned, result, window: window))
    }

    /// Sends a planned operation and returns its answer with the server-time window it was handled
    /// in, keeping `clock` informed of clock advances; judging it is ``observe(_:_:window:)``'s.
    package func exchange(
        _ planned: PlannedOperation,
        with executor: some OperationExecutor,
        clock: ClockTracker
    ) async -> (ExecutionResult, ClockWindow) {
        var advance: Int64?
        if case .advanceClock(let s) = planned.op.action { advance = s }
        await clock.enter(advance: advance != nil, timers: executor.preferredTaskExecutor(player: index))
        if let s = advance { clock.beginAdvance(seconds: s) }
        let mark = clock.begin()
        let result = await executor.execute(planned)
        var reported: Int64?
        if let s = advance {
            // A success reports the server's new time; a documented refusal means "not applied";
            // anything else (lost, malformed, a code nobody documents) leaves it unknown.
            switch result.outcome {
            case .answer(let o, envelope: nil) where o.code.isSuccess:
                clock.endAdvance(seconds: s, applied: true)
                if case .clock(let r) = o { reported = r.clock?.now }
            case .answer(let o, envelope: nil) where GenericFailure.isGeneric(o.code, for: .testAdvance):
                clock.endAdvance(seconds: s, applied: nil)  // failed without saying whether it moved
            case .answer(let o, envelope: nil) where o.code.isDocumented:
                clock.endAdvance(seconds: s, applied: false)
            default:
                clock.endAdvance(seconds: s, applied: nil)
            }
        }
        let window = clock.end(mark)
        if advance != nil {
            // Check the model's clock against the server's while the advance still holds the
            // clock: a desync is corrected here, before it can turn into false violations of
            // time-dependent rules, and counted.
            if let now = reported {
                clock.verify(serverNow: now)
            } else if let now = await executor.serverClock() {
                clock.verify(serverNow: now)
            }
        }
        clock.leave(advance: advance != nil)
        return (result, window)
    }
}
