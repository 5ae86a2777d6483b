import Fuzz
import GBFuzzTestKit
import Synchronization
import Testing
import Transport

@Suite("Clock advances: exclusive, but never an unbounded wait", .tags(.timing), .timeLimit(.minutes(1)))
struct ClockAdvanceGateTests {
    @Test("an advance waits at most its limit for a stalled operation, then goes; later operations flow")
    func stalledOperationDoesNotHoldTheAdvance() async {
        let clock = ClockTracker(frozenAt: 1_000, advanceWaitLimit: .milliseconds(100))
        await clock.enter(advance: false)  // a straggler that never ends during this test
        let start = ContinuousClock.now
        await clock.enter(advance: true)
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(90) && waited < .seconds(30), "waited \(waited)")
        clock.beginAdvance(seconds: 60)
        clock.endAdvance(seconds: 60, applied: true)
        clock.leave(advance: true)
        // The straggler's window covers both sides of the jump.
        #expect(clock.now() == 61_000)
        // A new operation is not held by the straggler.
        await clock.enter(advance: false)
        clock.leave(advance: false)
        let stats = clock.advanceStats
        #expect(stats.advances == 1 && stats.forced == 1)
        #expect(stats.advanceWait >= .milliseconds(90))
        clock.leave(advance: false)
    }

    @Test("an advance run on a transport lane times its limit on that lane's timers and still goes")
    func stalledOperationOnALane() async throws {
        let transport = try CurlTransport(configuration: .init(lanes: 1))
        let lane = transport.executor(lane: 0)
        let clock = ClockTracker(frozenAt: 1_000, advanceWaitLimit: .milliseconds(100))
        let waited = await Task(executorPreference: lane) {
            await clock.enter(advance: false)  // a straggler that never ends during this test
            let start = ContinuousClock.now
            await clock.enter(advance: true, timers: lane)
            return ContinuousClock.now - start
        }.value
        #expect(waited >= .milliseconds(90) && waited < .seconds(30), "waited \(waited)")
        #expect(clock.advanceStats.forced == 1)
        clock.leave(advance: true)
        clock.leave(advance: false)
        await transport.shutdown()
    }

    @Test("without operations in flight an advance goes at once; operations arriving meanwhile wait for it")
    func advanceIsExclusive() async {
        let clock = ClockTracker(frozenAt: 0, advanceWaitLimit: .seconds(30))
        await clock.enter(advance: true)
        let entered = Flag()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await clock.enter(advance: false)
                entered.set()
                clock.leave(advance: false)
            }
            try? await Task.sleep(for: .milliseconds(100))
            let early = entered.isSet
            #expect(!early, "an operation ran during the advance")
            clock.leave(advance: true)
        }
        let late = entered.isSet
        #expect(late)
        let stats = clock.advanceStats
        #expect(stats.advances == 1 && stats.forced == 0)
        #expect(stats.heldWait >= .milliseconds(90))
    }

    @Test("a free-running clock has no gate: nothing waits")
    func freeRunningClockNeverWaits() async {
        let clock = ClockTracker(toleranceMs: 100)
        await clock.enter(advance: false)
        await clock.enter(advance: true)
        clock.leave(advance: true)
        clock.leave(advance: false)
        #expect(clock.advanceStats.advances == 0)
    }
}

/// A flag set from another task.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
