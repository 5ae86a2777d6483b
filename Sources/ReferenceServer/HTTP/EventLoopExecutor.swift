import NIOCore
import Synchronization

/// A `TaskExecutor` that runs jobs on one NIO event loop. A connection's task prefers the executor
/// of its channel's loop (``EventLoopPinnedHTTP1Channel``), so reading a request, running its
/// handler and writing the answer all happen on that loop's thread: no hand-off to the global
/// concurrency pool and back per request (two thread wake-ups, the largest kernel cost measured).
final class EventLoopExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    private init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// One executor per event loop, kept for the life of the process: jobs hold it unowned, and the
    /// loops (NIO's singleton group) live as long.
    private static let executors = Mutex<[ObjectIdentifier: EventLoopExecutor]>([:])

    static func of(_ eventLoop: any EventLoop) -> EventLoopExecutor {
        executors.withLock { table in
            let key = ObjectIdentifier(eventLoop)
            if let e = table[key] { return e }
            let e = EventLoopExecutor(eventLoop)
            table[key] = e
            return e
        }
    }
}
