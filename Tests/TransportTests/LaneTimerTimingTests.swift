import Basics
import GBFuzzTestKit
import Synchronization
import Testing
import Transport

/// A lane's own timers (``SleepingTaskExecutor``): a task pinned to a lane sleeps on the lane's
/// loop, never wakes early, wakes in deadline order, and is freed by cancellation and shutdown.
@Suite("Curl transport: sleeping on a lane", .tags(.timing), .timeLimit(.minutes(1)))
struct LaneTimerTimingTests {
    static func lane(_ transport: CurlTransport, _ index: Int = 0) throws -> any SleepingTaskExecutor {
        try #require(transport.executor(lane: index) as? any SleepingTaskExecutor)
    }

    @Test("A pinned sleep never ends before its deadline and ends soon after it")
    func wakesAtDeadline() async throws {
        let transport = try CurlTransport()
        let lane = try Self.lane(transport)
        for delay in [0, 1, 7, 30] {
            let deadline = ContinuousClock.now + .milliseconds(delay)
            let woke = try await Task(executorPreference: lane) {
                try await lane.sleep(until: deadline)
                return ContinuousClock.now
            }.value
            #expect(woke >= deadline, "woke \(deadline - woke) early at \(delay) ms")
            // Loose: a loaded CI machine may be late; what matters is that the 1 s idle poll did
            // not decide it.
            #expect(woke - deadline < .milliseconds(500), "woke \(woke - deadline) late at \(delay) ms")
        }
        await transport.shutdown()
    }

    @Test("Sleepers wake in deadline order, whatever order they went to sleep in")
    func wakeInDeadlineOrder() async throws {
        let transport = try CurlTransport()
        let lane = try Self.lane(transport)
        // Far enough ahead that all 200 are asleep before the first is due, even on a loaded machine.
        let start = ContinuousClock.now + .milliseconds(400)
        var rng = SplitMix64(seed: 7)
        let offsets = (0..<200).map { _ in Int(rng.next() % 200) }
        let order = WakeOrder()
        await withTaskGroup(of: Void.self) { group in
            for (i, offset) in offsets.enumerated() {
                group.addTask(executorPreference: lane) {
                    try? await lane.sleep(until: start + .milliseconds(offset))
                    order.ids.withLock { $0.append(i) }
                }
            }
        }
        let woke = order.ids.withLock { $0 }
        #expect(woke.count == offsets.count)
        let deadlines = woke.map { offsets[$0] }
        #expect(deadlines == deadlines.sorted(), "\(deadlines)")
        await transport.shutdown()
    }

    @Test("Cancelling a sleeping task throws CancellationError promptly; a cancelled task does not sleep")
    func cancellation() async throws {
        let transport = try CurlTransport()
        let lane = try Self.lane(transport)
        let task = Task(executorPreference: lane) { try await lane.sleep(until: .now + .seconds(60)) }
        try await Task.sleep(for: .milliseconds(20))
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(ContinuousClock.now - start < .milliseconds(500))
        #expect(throws: CancellationError.self) { try result.get() }
        let already = Task(executorPreference: lane) {
            withUnsafeCurrentTask { $0?.cancel() }
            try await lane.sleep(until: .now + .seconds(60))
        }
        await #expect(throws: CancellationError.self) { try await already.value }
        await transport.shutdown()
    }

    @Test("A sleep that outlives its lane still ends at its deadline, neither early nor never")
    func shutdownDuringSleep() async throws {
        let transport = try CurlTransport()
        let lane = try Self.lane(transport)
        let deadline = ContinuousClock.now + .milliseconds(300)
        let task = Task(executorPreference: lane) {
            try await lane.sleep(until: deadline)
            return ContinuousClock.now
        }
        try await Task.sleep(for: .milliseconds(20))
        await transport.shutdown()
        let woke = try await task.value
        #expect(woke >= deadline)
        #expect(woke - deadline < .seconds(5))
        // A lane shut down before the sleep began: the same.
        let later = ContinuousClock.now + .milliseconds(50)
        try await lane.sleep(until: later)
        #expect(ContinuousClock.now >= later)
    }

    @Test("Task.sleep(until:on:) uses the global timer when the executor has no timers of its own")
    func fallback() async throws {
        let deadline = ContinuousClock.now + .milliseconds(20)
        try await Task.sleep(until: deadline, on: nil)
        #expect(ContinuousClock.now >= deadline)
    }
}

/// Which sleepers woke, in order.
private final class WakeOrder: Sendable {
    let ids = Mutex<[Int]>([])
}
