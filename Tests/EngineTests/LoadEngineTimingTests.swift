import Engine
import GBFuzzTestKit
import Synchronization
import Testing

/// A workload whose operations take a scripted time, with no network.
struct FakeWorkload: Workload {
    let service: @Sendable (Int, Int) -> Duration  // (player, op number) -> service time
    let ended = Ended()
    var maxOpsPerSession: Int = .max

    final class Ended: Sendable {
        let count = Atomic<Int>(0)
        let ops = Atomic<Int>(0)
    }

    struct Session: WorkloadSession {
        let index: Int
        let service: @Sendable (Int, Int) -> Duration
        let limit: Int
        var done = 0
        mutating func performNext() async -> PerformedOperation? {
            guard done < limit else { return nil }
            let sent = ContinuousClock.now
            try? await Task.sleep(for: service(index, done))
            done += 1
            return PerformedOperation(name: "fake.op", outcome: .ok, resultCode: 0, sent: sent, completed: .now)
        }
    }

    func makeSession(index: Int) -> Session { Session(index: index, service: service, limit: maxOpsPerSession) }
    func sessionEnded(_ session: Session, index: Int) async {
        ended.count.wrappingAdd(1, ordering: .relaxed)
        ended.ops.wrappingAdd(session.done, ordering: .relaxed)
    }
}

@Suite("Load engine", .tags(.timing), .timeLimit(.minutes(2)))
struct LoadEngineTimingTests {
    @Test("closed model: N players each run back to back and every session ends")
    func closedModel() async {
        let w = FakeWorkload(service: { _, _ in .milliseconds(10) })
        let sink = CollectingSink()
        let control = RunControl()
        let report = await LoadEngine(
            workload: w,
            spec: LoadSpec(model: .closed, players: 4, gracefulStop: .seconds(60)),
            duration: .milliseconds(600),
            control: control,
            sink: sink,
            seed: 1
        ).run()
        let n = sink.all.count
        #expect(n >= 4 && n <= 4 * 62, "at most 4 players × 60 ops of 10 ms (got \(n))")
        #expect(w.ended.count.load(ordering: .relaxed) == 4)
        #expect(w.ended.ops.load(ordering: .relaxed) == n, "every performed op was recorded")
        #expect(report.peakSessions == 4)
        #expect(control.liveSessions == 0)
        #expect(!report.interrupted)
    }

    @Test("closed model ramps players up and down through stages")
    func closedRamp() async {
        let w = FakeWorkload(service: { _, _ in .milliseconds(5) })
        let control = RunControl()
        let report = await LoadEngine(
            workload: w,
            spec: LoadSpec(
                model: .closed,
                stages: [
                    Stage(duration: .milliseconds(300), target: 10), Stage(duration: .milliseconds(300), target: 0),
                ]
            ),
            duration: .milliseconds(700),
            control: control,
            sink: CollectingSink(),
            seed: 1
        ).run()
        #expect((3...10).contains(report.peakSessions), "peak \(report.peakSessions)")
        #expect(control.liveSessions == 0)
        #expect(w.ended.count.load(ordering: .relaxed) >= report.peakSessions)
    }

    @Test("the operation budget is exact")
    func operationBudget() async {
        let sink = CollectingSink()
        let report = await LoadEngine(
            workload: FakeWorkload(service: { _, _ in .milliseconds(1) }),
            spec: LoadSpec(model: .closed, players: 8),
            duration: .seconds(30),
            control: RunControl(maxOperations: 250),
            sink: sink,
            seed: 1
        ).run()
        #expect(sink.all.count == 250)
        #expect(report.operations == 250)
    }

    @Test("open sessions arrive at the scheduled rate with evenly spaced intended starts")
    func openSessionsRate() async {
        var w = FakeWorkload(service: { _, _ in .milliseconds(2) })
        w.maxOpsPerSession = 1
        let sink = CollectingSink()
        _ = await LoadEngine(
            workload: w,
            spec: LoadSpec(
                model: .open,
                rate: 200,
                arrival: .sessions,
                sessionOperations: 1,
                gracefulStop: .seconds(60)
            ),
            duration: .seconds(1),
            control: RunControl(),
            sink: sink,
            seed: 1
        ).run()
        let intended = sink.all.map(\.intended).sorted()
        #expect(intended.count == 200, "200/s for 1 s (got \(intended.count))")
        let gaps = zip(intended.dropFirst(), intended).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= .microseconds(4_900) && $0 <= .microseconds(5_100) })
    }

    @Test(
        "open arrivals faster than the arrival tick go out in batches: each keeps its own intended start, none is sent before it"
    )
    func openArrivalBatches() async {
        let w = FakeWorkload(service: { _, _ in .microseconds(100) })
        let sink = CollectingSink()
        _ = await LoadEngine(
            workload: w,
            spec: LoadSpec(
                model: .open,
                rate: 5_000,
                arrival: .operations,
                maxPlayers: 64,
                maxInFlight: 64,
                gracefulStop: .seconds(60)
            ),
            duration: .milliseconds(400),
            control: RunControl(),
            sink: sink,
            seed: 1
        ).run()
        let samples = sink.all.sorted { $0.intended < $1.intended }
        #expect(samples.count == 2_000, "5,000/s for 0.4 s (got \(samples.count))")
        let gaps = zip(samples.dropFirst(), samples).map { $0.intended - $1.intended }
        #expect(
            gaps.allSatisfy { $0 >= .microseconds(190) && $0 <= .microseconds(210) },
            "intended starts stay evenly spaced"
        )
        #expect(samples.allSatisfy { $0.op.sent >= $0.intended }, "no operation is sent before its intended start")
        // At 0.2 ms between arrivals and one wake-up per millisecond at most, the loop wakes at
        // most ~400 times in 0.4 s, so sends fall in at most ~400 (and a few straddling) of the
        // 800 half-milliseconds; a wake-up per arrival would fill nearly all of them.
        let start = samples[0].intended
        let halves = Set(samples.map { Int(($0.op.sent - start) / .microseconds(500)) })
        #expect(halves.count < 600, "sends in \(halves.count) distinct half-milliseconds")
    }

    @Test(
        "coordinated omission: a stalled server shows in latency from the intended start, not in service time of others"
    )
    func coordinatedOmission() async {
        // One player, 100 ops/s; every 50th operation stalls for 300 ms.
        let w = FakeWorkload(service: { _, n in n % 50 == 10 ? .milliseconds(300) : .milliseconds(1) })
        let sink = CollectingSink()
        let control = RunControl()
        _ = await LoadEngine(
            workload: w,
            spec: LoadSpec(
                model: .open,
                rate: 100,
                arrival: .operations,
                maxPlayers: 1,
                maxInFlight: 1,
                gracefulStop: .seconds(60)
            ),
            duration: .seconds(1),
            control: control,
            sink: sink,
            seed: 1
        ).run()
        let samples = sink.all
        #expect(samples.count >= 90)
        let maxLatency = samples.map(\.latency).max() ?? .zero
        let queued = samples.filter { $0.latency > .milliseconds(100) && $0.service < .milliseconds(50) }
        #expect(maxLatency >= .milliseconds(300))
        #expect(queued.count >= 15, "operations queued behind the stall carry its delay (\(queued.count))")
        #expect(control.lateStarts >= 15)
    }

    @Test("cancelling the run stops it promptly and reports the interruption")
    func cancellation() async {
        let w = FakeWorkload(service: { _, _ in .milliseconds(20) })
        let control = RunControl()
        let task = Task {
            await LoadEngine(
                workload: w,
                spec: LoadSpec(model: .closed, players: 16, gracefulStop: .seconds(5)),
                duration: .seconds(60),
                control: control,
                sink: CollectingSink(),
                seed: 1
            ).run()
        }
        try? await Task.sleep(for: .milliseconds(300))
        let clock = ContinuousClock()
        let t0 = clock.now
        task.cancel()
        let report = await task.value
        #expect(clock.now - t0 < .seconds(4), "stopping does not wait for the 5 s graceful period")
        #expect(report.interrupted)
        #expect(w.ended.count.load(ordering: .relaxed) == 16, "every session still ends (for the audit)")
    }
}

@Suite("Load schedule")
struct LoadScheduleTests {
    @Test("a constant rate spaces arrivals evenly")
    func constantRate() {
        let s = LoadSchedule(constant: 100)
        #expect(s.nextArrival(after: .zero, limit: .seconds(1)) == .milliseconds(10))
    }

    @Test("a linear ramp from 0 to 100/s over 1 s yields 50 arrivals by the end of that second")
    func rampIntegral() {
        let s = LoadSchedule(start: 0, stages: [Stage(duration: .seconds(1), target: 100)])
        var t = Duration.zero
        var n = 0
        while let next = s.nextArrival(after: t, limit: .milliseconds(1001)) {
            n += 1
            t = next
        }
        #expect(n == 50)
        #expect(s.value(at: .milliseconds(500)) == 50)
        #expect(s.value(at: .seconds(3)) == 100, "holds the last target")
    }

    @Test("a zero rate never arrives")
    func zeroRate() {
        #expect(LoadSchedule(constant: 0).nextArrival(after: .zero, limit: .seconds(10)) == nil)
    }
}
