import Basics
import Model
import Transport

extension ExecutionResult {
    /// The interval a history records for this operation, called at `invoked` and back at
    /// `returned`: narrowed to the exchange's time on the wire when the transport measured it.
    ///
    /// Still sound for the checker: the request cannot have reached the target before the
    /// transport had it, and the target answered before the whole answer had arrived, so the
    /// operation took effect inside the narrower interval too. What it leaves out (planning the
    /// request, waiting for a free transfer slot, resuming the task, decoding the answer) grows
    /// with the harness's load, and every millisecond of it makes more operations look concurrent
    /// to the checker. One client call is one HTTP exchange, so the wire interval is the operation's.
    package func interval(
        invoked: ContinuousClock.Instant,
        returned: ContinuousClock.Instant
    ) -> ClosedRange<ContinuousClock.Instant> {
        guard let wire = response?.timing.wire else { return invoked...max(invoked, returned) }
        let lo = max(invoked, wire.lowerBound)
        let hi = min(returned, wire.upperBound)
        return lo <= hi ? lo...hi : invoked...max(invoked, returned)
    }

    /// What a history records of this operation, called at `invoked` and back at `returned`:
    /// its ``interval(invoked:returned:)`` in nanoseconds since `origin` (no return without an
    /// answer: maybe applied) and the answer.
    package func recorded(
        invoked: ContinuousClock.Instant,
        returned: ContinuousClock.Instant,
        since origin: ContinuousClock.Instant
    ) -> (invokeNanos: Int64, returnNanos: Int64?, answer: Observation?) {
        let span = interval(invoked: invoked, returned: returned)
        let answer = self.answer
        return (
            (span.lowerBound - origin).nanoseconds,
            answer == nil ? nil : (span.upperBound - origin).nanoseconds,
            answer
        )
    }
}
