import CCurl
import Synchronization

/// A lane is also a task executor: tasks that prefer it run on the loop thread between curl calls.
/// Their requests then go from task to curl and back without crossing threads, which is what a load
/// generator wants on a small machine.
extension CurlLane: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // A stopping lane runs nothing more; the job still has to run somewhere.
        if !post({ $0.jobs.append(job) }) { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }
}
