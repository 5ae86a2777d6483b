/// A session kept on the heap while its task sleeps or waits.
///
/// Values that live across a suspension sit in the task's async frames, and the runtime's task
/// allocator keeps the slabs those frames needed for the life of the task. A fuzz session is
/// several hundred bytes inline; held by value in a few frames of every one of 100,000 sleeping
/// sessions, that was kilobytes per player (measured with heaptrack, docs/BENCHMARKS.md). Boxed,
/// the frames hold a pointer.
///
/// `@unchecked Sendable`: a box belongs to one session, and the engine runs that session's
/// operations one at a time, so the box is never accessed from two tasks at once (the child task
/// that performs an operation is awaited before the session's task touches the box again).
final class SessionBox<Session: WorkloadSession>: @unchecked Sendable {
    var session: Session

    init(_ session: Session) {
        self.session = session
    }

    func performNext() async -> PerformedOperation? {
        await session.performNext()
    }
}
