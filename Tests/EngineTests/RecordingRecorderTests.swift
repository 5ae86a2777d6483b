import Foundation
import Histogram
import Testing

@testable import Engine

@Suite("Recorder", .timeLimit(.minutes(2)))
struct RecordingRecorderTests {
    private static let ms: Int64 = 1_000_000

    private func sample(
        _ op: OperationID,
        _ outcome: OutcomeClass = .ok,
        code: Int? = 0,
        intended: Int64,
        sent: Int64? = nil,
        completed: Int64
    ) -> RecordedSample {
        RecordedSample(
            operation: op,
            outcome: outcome,
            resultCode: outcome == .transportError ? nil : code,
            intendedStartNanos: intended,
            sentNanos: sent ?? intended,
            completedNanos: completed
        )
    }

    @Test("32 concurrent tasks × 4,000 records are all counted exactly once")
    func concurrentStressCountsExactly() async throws {
        try await stress(ringCapacity: 1 << 16, tasks: 32, perTask: 4_000)
    }

    @Test("a ring far too small overflows into the locked path without losing or double counting")
    func overflowPathKeepsExactCounts() async throws {
        let recording = try await stress(ringCapacity: 4, tasks: 16, perTask: 2_000)
        #expect(recording.diagnostics.viaOverflow > 0)
    }

    @discardableResult
    private func stress(ringCapacity: Int, tasks: Int, perTask: Int) async throws -> Recording {
        let recorder = Recorder(configuration: RecorderConfiguration(ringCapacity: ringCapacity))
        let ops = ["login.guest", "mapping.add", "logout"].map { recorder.operation($0) }
        let outcomes = OutcomeClass.allCases
        let classes = outcomes.count
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for i in 0..<perTask {
                        // Yield now and then: a CPU-bound test must not starve the 2-thread
                        // cooperative pool that every other test shares.
                        if i % 256 == 255 { await Task.yield() }
                        let n = task * perTask + i
                        let outcome = outcomes[n % classes]
                        let start = Int64(n % 3_000) * Self.ms
                        recorder.record(
                            RecordedSample(
                                operation: ops[n % 3],
                                outcome: outcome,
                                resultCode: outcome == .transportError ? nil : (outcome == .ok ? 0 : 3302),
                                intendedStartNanos: start,
                                sentNanos: start + Int64(n % 7) * Self.ms,
                                completedNanos: start + Int64(n % 7 + 1 + n % 50) * Self.ms
                            )
                        )
                    }
                }
            }
        }
        let recording = await recorder.finish()
        let total = UInt64(tasks * perTask)
        #expect(recording.requests == total)
        #expect(recording.diagnostics.viaRing + recording.diagnostics.viaOverflow == total)
        #expect(recording.diagnostics.afterFinish == 0)
        for (i, outcome) in outcomes.enumerated() {
            let expected = (0..<(tasks * perTask)).filter { $0 % classes == i }.count
            #expect(recording.count(outcome) == UInt64(expected))
        }
        var expectedPerOp = [UInt64](repeating: 0, count: 3)
        for n in 0..<(tasks * perTask) { expectedPerOp[n % 3] += 1 }
        for (index, name) in ["login.guest", "mapping.add", "logout"].enumerated() {
            let op = try #require(recording.operation(name))
            #expect(op.count == expectedPerOp[index])
            #expect(op.merged(.latency).totalCount == op.count)
            #expect(op.merged(.service).totalCount == op.count)
            #expect(op.merged(.scheduleLag).totalCount == op.count)
            #expect(op.codes.values.reduce(0, +) == op.count - op.count(.transportError))
        }
        let intervalTotal = recording.intervals.reduce(UInt64(0)) { $0 + $1.all.count }
        #expect(intervalTotal == total)
        let intervalHistogramTotal = recording.intervals.reduce(UInt64(0)) { $0 + $1.all.latency.totalCount }
        #expect(intervalHistogramTotal == total)
        return recording
    }

    @Test("samples are bucketed into intervals by completion time, not by start")
    func intervalsBucketByCompletion() async throws {
        let recorder = Recorder()
        let op = recorder.operation("login.guest")
        // Starts in second 0, completes in second 2.
        recorder.record(sample(op, intended: 100 * Self.ms, completed: 2_100 * Self.ms))
        recorder.record(sample(op, intended: 500 * Self.ms, completed: 600 * Self.ms))
        recorder.record(sample(op, .expectedError, code: 3302, intended: 1_100 * Self.ms, completed: 1_200 * Self.ms))
        recorder.record(sample(op, intended: 1_500 * Self.ms, completed: 1_999 * Self.ms))
        recorder.record(sample(op, .transportError, intended: 3_000 * Self.ms, completed: 3_000 * Self.ms + 1))
        let recording = await recorder.finish(at: recorder.runStart + .milliseconds(3_500))
        #expect(recording.intervals.map(\.index) == [0, 1, 2, 3])
        #expect(recording.intervals.map(\.all.count) == [1, 2, 1, 1])
        #expect(recording.intervals[1].all.count(.expectedError) == 1)
        #expect(recording.intervals[3].all.count(.transportError) == 1)
        #expect(recording.intervals[2].all.latencyStats.max >= 2_000_000)
        #expect(recording.intervals[3].length == .milliseconds(500))
        #expect(recording.duration == .milliseconds(3_500))
    }

    @Test("latency is measured from the intended start: a stalled schedule shows latency ≫ service time")
    func latencyUsesIntendedStart() async throws {
        let recorder = Recorder()
        let op = recorder.operation("token.login")
        // 1,000 requests planned every 10 ms; the generator stalls for the first second, so the first
        // 100 are all sent at t = 1 s. Every answer takes 1 ms.
        for i in 0..<1_000 {
            let intended = Int64(i) * 10 * Self.ms
            let sent = max(intended, 1_000 * Self.ms)
            recorder.record(sample(op, intended: intended, sent: sent, completed: sent + Self.ms))
        }
        let recording = await recorder.finish()
        let operation = try #require(recording.operation("token.login"))
        let latency = operation.merged(.latency)
        let service = operation.merged(.service)
        #expect(service.percentileValue(99) < 1_100)
        #expect(latency.percentileValue(99) > 900_000)
        #expect(latency.max > 1_000_000 - 1_000)
        #expect(operation.merged(.scheduleLag).max >= 990_000)
        // Lags of 1,000 − 10·i ms for i < 100: all but i = 99 (10 ms, not more than the tolerance) are late.
        #expect(operation.lateStarts == 99)
        #expect(recording.lateStarts == 99)
    }

    @Test("a start lagging by exactly the tolerance is on time; one nanosecond more is late")
    func lateStartTolerance() async throws {
        let recorder = Recorder(configuration: RecorderConfiguration(lateStartTolerance: .milliseconds(10)))
        let op = recorder.operation("logout")
        recorder.record(sample(op, intended: 0, sent: 10 * Self.ms, completed: 11 * Self.ms))
        recorder.record(sample(op, intended: 0, sent: 10 * Self.ms + 1, completed: 11 * Self.ms))
        recorder.record(sample(op, intended: 0, sent: 0, completed: 11 * Self.ms))
        let recording = await recorder.finish()
        #expect(recording.lateStarts == 1)
        #expect(recording.requests == 3)
    }

    @Test("samples for an interval already closed are merged into it exactly")
    func lateSamplesReopenClosedIntervals() async throws {
        // A run that started 10 s ago: interval 0 closes at the consumer's first housekeeping.
        let recorder = Recorder(
            configuration: RecorderConfiguration(intervalGrace: .zero),
            runStart: .now - .seconds(10)
        )
        let op = recorder.operation("login.guest")
        recorder.record(sample(op, intended: 0, completed: 100 * Self.ms))
        // Wait (bounded) until the consumer has closed interval 0, so the next sample must reopen it.
        let deadline = ContinuousClock.now + .seconds(30)
        while recorder.intervalsClosed == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        try #require(recorder.intervalsClosed == 1, "the consumer never closed interval 0")
        recorder.record(sample(op, .unexpected, code: 9, intended: 0, completed: 200 * Self.ms))
        let recording = await recorder.finish()
        #expect(recording.diagnostics.reopenedIntervals == 1, "the late sample did not take the reopen path")
        let first = try #require(recording.intervals.first)
        #expect(recording.intervals.count == 1)
        #expect(first.index == 0)
        #expect(first.all.count == 2)
        #expect(first.all.latency.totalCount == 2)
        #expect(first.operations.first?.byOutcome[.unexpected]?.latency.totalCount == 1)
        #expect(first.operations.first?.byOutcome[.ok]?.latency.totalCount == 1)
    }

    @Test("codes are counted per operation; transport errors have none")
    func resultCodesPerOperation() async throws {
        let recorder = Recorder()
        let login = recorder.operation("login.idp")
        let add = recorder.operation("mapping.add")
        for code in [0, 0, 0, 3302, 7] {
            recorder.record(
                sample(login, code == 0 ? .ok : .expectedError, code: code, intended: 0, completed: Self.ms)
            )
        }
        recorder.record(sample(add, .transportError, intended: 0, completed: Self.ms))
        recorder.record(sample(add, .unexpected, code: -4000001, intended: 0, completed: Self.ms))
        let recording = await recorder.finish()
        #expect(recording.operation("login.idp")?.codes == [0: 3, 3302: 1, 7: 1])
        #expect(recording.operation("mapping.add")?.codes == [-4000001: 1])
        #expect(recording.operation("mapping.add")?.count(.transportError) == 1)
        #expect(recording.operations.map(\.name) == ["login.idp", "mapping.add"])
    }

    @Test("the live snapshot reports totals, errors and p99 while the run goes on")
    func liveSnapshot() async throws {
        let recorder = Recorder(runStart: .now - .seconds(3))
        let op = recorder.operation("login.guest")
        for i in 0..<100 {
            let completed = Int64(2_000 + i) * Self.ms
            recorder.record(sample(op, intended: completed - 5 * Self.ms, completed: completed))
        }
        recorder.record(sample(op, .transportError, intended: 2_595 * Self.ms, completed: 2_600 * Self.ms))
        recorder.record(sample(op, .unexpected, code: 9, intended: 2_595 * Self.ms, completed: 2_600 * Self.ms))
        var snapshot = recorder.snapshot()
        for _ in 0..<50 where snapshot.requests < 102 {
            try await Task.sleep(for: .milliseconds(50))
            snapshot = recorder.snapshot()
        }
        #expect(snapshot.requests == 102)
        #expect(snapshot.transportErrors == 1)
        #expect(snapshot.unexpected == 1)
        #expect(snapshot.failed == 2)
        #expect(snapshot.elapsed >= .seconds(3))
        #expect(snapshot.latencyP99Ms >= 4.9 && snapshot.latencyP99Ms <= 5.1)
        _ = await recorder.finish()
    }

    @Test("finish is idempotent and records after it do not change the recording")
    func finishIsIdempotent() async throws {
        let recorder = Recorder()
        let op = recorder.operation("logout")
        recorder.record(sample(op, intended: 0, completed: Self.ms))
        let first = await recorder.finish()
        recorder.record(sample(op, intended: 0, completed: Self.ms))
        let second = await recorder.finish()
        #expect(first.requests == 1)
        #expect(second.requests == 1)
        #expect(second.intervals.count == first.intervals.count)
    }

    @Test("values beyond one hour are clamped and counted, never dropped")
    func clampsHugeValues() async throws {
        let recorder = Recorder()
        let op = recorder.operation("logout")
        recorder.record(sample(op, intended: 0, completed: 7_200 * 1_000 * Self.ms))
        let recording = await recorder.finish()
        #expect(recording.clampedValues == 2)  // latency and service; lag is 0
        #expect(recording.operation("logout")?.merged(.latency).max ?? 0 >= 3_600_000_000)
    }
}

@Suite("Recorder robustness", .timeLimit(.minutes(1)))
struct RecordingRobustnessTests {
    @Test("a sample with an operation id that was never registered is recorded under a placeholder name")
    func unregisteredOperation() async throws {
        let recorder = Recorder()
        recorder.record(
            RecordedSample(
                operation: OperationID(rawValue: 7),
                outcome: .ok,
                resultCode: 0,
                intendedStartNanos: 0,
                sentNanos: 0,
                completedNanos: 1_000
            )
        )
        let recording = await recorder.finish()
        #expect(recording.operations.map(\.name) == ["operation#7"])
        #expect(recording.intervals.first?.operations.map(\.name) == ["operation#7"])
    }

    @Test("negative and out-of-order times never trap: lags and durations clamp to zero")
    func negativeTimes() async throws {
        let recorder = Recorder()
        let op = recorder.operation("x")
        recorder.record(
            RecordedSample(
                operation: op,
                outcome: .ok,
                resultCode: 0,
                intendedStartNanos: 5_000_000,
                sentNanos: 1_000_000,
                completedNanos: -3_000_000
            )
        )
        let recording = await recorder.finish()
        let operation = try #require(recording.operation("x"))
        #expect(operation.merged(.latency).max == 0)
        #expect(operation.merged(.scheduleLag).max == 0)
        #expect(recording.intervals.map(\.index) == [0])
    }
}

@Suite("Failure kinds")
struct FailureKindTests {
    @Test("Every kind, generic failure codes included, survives the recorder's compact code and the summary's key")
    func roundTrips() {
        let kinds: [FailureKind] = [
            .http(502), .malformed, .timeout, .reset, .refused, .otherTransport, .generic(3999), .generic(3101),
            .generic(-5_000_001),
        ]
        for kind in kinds {
            #expect(FailureKind(code: kind.code) == kind)
            #expect(FailureKind(key: kind.key) == kind)
        }
        #expect(FailureKind.generic(-5_000_001).key == "code_-5000001")
        #expect(!FailureKind.generic(3999).isTransport)
    }
}
