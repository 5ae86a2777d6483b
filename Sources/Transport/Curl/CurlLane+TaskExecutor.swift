import CCurl
import Synchronization

/// A lane is also a task executor: tasks that prefer it run on the loop thread between curl calls.
/// Their requests then go from task to curl and back without crossing threads, which is what a load
/// generator wants on a small machine.
extension CurlLane: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let onLoop = isLoopThread
        let accepted = inbox.withLock { box -> Bool in
            guard !box.stopping else { return false }
            if box.isEmpty && !onLoop { _ = curl_multi_wakeup(multi) }
            box.jobs.append(job)
            return true
        }
        if accepted && onLoop { producedOnLoop = true }
        // A stopping lane runs nothing more; the job still has to run somewhere.
        if !accepted { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }
}
