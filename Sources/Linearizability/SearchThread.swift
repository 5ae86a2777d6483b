import Foundation
import Synchronization

/// Runs a long synchronous computation (a partition's search) on a thread of its own and awaits it,
/// so it never occupies the cooperative pool (two threads on a 2-core machine) that the live line,
/// the transport's continuations and every other task rely on. Task cancellation reaches the
/// computation through the `cancelled` closure it is given.
enum SearchThread {
    /// Set once, read by the computation's thread.
    private final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    static func run<T: Sendable>(_ body: @escaping @Sendable (_ cancelled: @escaping @Sendable () -> Bool) -> T) async
        -> T
    {
        let flag = Flag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<T, Never>) in
                let thread = Thread {
                    c.resume(returning: body { flag.raised.load(ordering: .relaxed) })
                }
                thread.stackSize = 8 << 20
                thread.start()
            }
        } onCancel: {
            flag.raised.store(true, ordering: .relaxed)
        }
    }

    /// Runs `other` on a thread of its own while `mine` runs on the calling thread, and returns both
    /// results once both have ended (the caller's cancellation flags are what stop them early).
    static func alongside<T: Sendable, U>(
        _ other: @escaping @Sendable () -> T,
        while mine: () -> U
    ) -> (other: T, mine: U) {
        let box = Box<T>()
        let thread = Thread {
            box.value.withLock { $0 = other() }
            box.done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        let m = mine()
        box.done.wait()
        // Set before `done` was signalled, and read only after it (never `nil`; were it, the
        // other computation runs here instead of trapping).
        return (box.value.withLock { $0 } ?? other(), m)
    }

    /// The other thread's result, and the signal that it is there.
    private final class Box<T: Sendable>: Sendable {
        let value = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
    }
}
