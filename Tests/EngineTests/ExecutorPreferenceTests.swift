import Dispatch
import Engine
import GBFuzzTestKit
import Synchronization
import Testing

/// A task executor that runs jobs on a serial queue of its own (marked with its number, so code
/// can tell where it runs) and counts them.
final class CountingTaskExecutor: TaskExecutor {
    static let key = DispatchSpecificKey<Int>()
    let number: Int
    let queue: DispatchQueue
    let jobs = Atomic<Int>(0)

    init(number: Int) {
        self.number = number
        queue = DispatchQueue(label: "executor-\(number)")
        queue.setSpecific(key: Self.key, value: number)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.wrappingAdd(1, ordering: .relaxed)
        let job = UnownedJob(job)
        let me = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: me) }
    }

    /// The number of the executor whose queue runs the caller, if any.
    static var current: Int? { DispatchQueue.getSpecific(key: key) }
}

/// Sessions that note, at every operation, whether they run on the executor their workload
/// asked for (session `i` on executor `i % 2`).
struct PinnedWorkload: Workload {
    let executors = [CountingTaskExecutor(number: 0), CountingTaskExecutor(number: 1)]
    let counts = Counts()

    final class Counts: Sendable {
        let misplaced = Atomic<Int>(0)
        let performed = Atomic<Int>(0)
    }

    struct Session: WorkloadSession {
        let expected: Int
        let workload: PinnedWorkload
        var done = 0
        mutating func performNext() async -> PerformedOperation? {
            guard done < 5 else { return nil }
            let sent = ContinuousClock.now
            try? await Task.sleep(for: .milliseconds(1))
            if CountingTaskExecutor.current != expected { workload.counts.misplaced.wrappingAdd(1, ordering: .relaxed) }
            workload.counts.performed.wrappingAdd(1, ordering: .relaxed)
            done += 1
            return PerformedOperation(name: "pinned.op", outcome: .ok, resultCode: 0, sent: sent, completed: .now)
        }
    }

    func makeSession(index: Int) -> Session {
        Session(expected: index % 2, workload: self)
    }
    func sessionEnded(_ session: Session, index: Int) async {}
    func preferredTaskExecutor(session index: Int) -> (any TaskExecutor)? { executors[index % 2] }
}

@Suite("Load engine: sessions run on the executor their workload prefers")
struct ExecutorPreferenceTests {
    static let specs: [LoadSpec] = [
        LoadSpec(model: .closed, players: 6, replacesEndedSessions: false),
        LoadSpec(model: .closed, players: 6),
        LoadSpec(model: .open, rate: 200, arrival: .sessions, sessionOperations: 5),
        LoadSpec(model: .open, rate: 200, arrival: .operations),
        // More live sessions than run their operations inline: each operation in a child task.
        LoadSpec(
            model: .closed,
            players: LoadEngine<PinnedWorkload>.inlineSessionLimit + 44,
            replacesEndedSessions: false
        ),
    ]

    @Test(
        "Every operation of every load model runs on the session's preferred executor",
        .timeLimit(.minutes(1)),
        arguments: specs.indices
    )
    func pinned(_ i: Int) async {
        let w = PinnedWorkload()
        _ = await LoadEngine(
            workload: w,
            spec: Self.specs[i],
            duration: .milliseconds(300),
            control: RunControl(),
            sink: CollectingSink(),
            seed: 1
        ).run()
        #expect(w.counts.performed.load(ordering: .relaxed) > 0)
        #expect(w.counts.misplaced.load(ordering: .relaxed) == 0)
        #expect(w.executors.allSatisfy { $0.jobs.load(ordering: .relaxed) > 0 })
    }
}
