/// Spreads child tasks over many discarding task groups.
///
/// The Swift runtime keeps a task group's children in a linked list and searches it each time a
/// child finishes (`swift::TaskGroup::removeChildTask`). With one group and 100,000 live player
/// sessions, every finished session walks that list: measured with `perf` on the open model,
/// 38% of the harness's CPU went there at ~20,000 live sessions. Behind this type, each of
/// `width` worker tasks owns its own group, so every list stays `width` times shorter.
struct TaskSpreader {
    typealias Job = @Sendable () async -> Void
    /// A job and the task executor its task prefers (`nil`: the cooperative pool).
    struct Entry: Sendable {
        let executor: (any TaskExecutor)?
        let job: Job
    }

    private let inputs: [AsyncStream<Entry>.Continuation]
    private var next = 0

    private init(inputs: [AsyncStream<Entry>.Continuation]) {
        self.inputs = inputs
    }

    /// Starts `job` as a child task of one of the groups (round robin). Never drops a job: the
    /// worker's buffer is unbounded, and a job only waits for the worker to pick it up.
    mutating func addTask(executorPreference executor: (any TaskExecutor)? = nil, _ job: @escaping Job) {
        inputs[next].yield(Entry(executor: executor, job: job))
        next = next + 1 == inputs.count ? 0 : next + 1
    }

    /// Runs `arrivals` (which adds tasks), lets the workers finish what was added, and calls
    /// `drain` with a function that cancels every task still running.
    static func run(
        width: Int,
        arrivals: (inout TaskSpreader) async -> Void,
        drain: (_ cancelAll: () -> Void) async -> Void
    ) async {
        await withDiscardingTaskGroup { group in
            var inputs: [AsyncStream<Entry>.Continuation] = []
            for _ in 0..<max(1, width) {
                let (stream, input) = AsyncStream<Entry>.makeStream()
                inputs.append(input)
                group.addTask {
                    await withDiscardingTaskGroup { children in
                        for await entry in stream {
                            children.addTask(executorPreference: entry.executor) { await entry.job() }
                        }
                    }
                }
            }
            var spreader = TaskSpreader(inputs: inputs)
            await arrivals(&spreader)
            for input in inputs { input.finish() }
            await drain { group.cancelAll() }
        }
    }
}
