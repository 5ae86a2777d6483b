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
        var advance: Int64?
        if case .advanceClock(let s) = planned.op.action { advance = s }
        await clock.enter(advance: advance != nil)
        if let s = advance { clock.beginAdvance(seconds: s) }
        let mark = clock.begin()
        let result = await executor.execute(planned)
        if let s = advance { clock.endAdvance(seconds: s, applied: result.code.map(\.isSuccess)) }
        let window = clock.end(mark)
        clock.leave(advance: advance != nil)
        return (result, observe(planned, result, window: window))
    }
}
