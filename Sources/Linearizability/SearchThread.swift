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
}
