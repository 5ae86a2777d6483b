import Basics
import Engine
import Foundation
import Results
import Testing

/// `gbfuzz merge`'s core: shards' `outcomes.hlog` files merged and the run rebuilt from them give
/// exactly what one recorder holding every sample gives.
@Suite struct ShardMergeTests {
    static let names = ["login.guest", "login.idp", "mapping.add", "withdraw"]
    static let startedAt = Date(timeIntervalSince1970: 1_767_225_600.123)

    /// One recorder per shard and one for the whole run, fed the same samples: sample `n` goes to
    /// shard `n % shards` and to the whole run.
    static func record(shards: Int, samples: Int, seed: UInt64) async -> (parts: [Recording], whole: Recording) {
        let runStart = ContinuousClock.now - .seconds(8)
        func recorder() -> Recorder {
            Recorder(configuration: RecorderConfiguration(), runStart: runStart, startedAt: startedAt)
        }
        let parts = (0..<shards).map { _ in recorder() }
        let whole = recorder()
        var rng = SplitMix64(seed: seed)
        for n in 0..<samples {
            let op = Int(rng.next() % UInt64(names.count))
            let intended = Int64(n) * 6_000_000_000 / Int64(samples)
            let lag = Int64(rng.next() % 30_000_000)
            let service = Int64(200_000 + rng.next() % 40_000_000)
            let roll = rng.next() % 100
            let outcome: OutcomeClass =
                roll < 3
                ? .transportError : roll < 6 ? .serverError : roll < 30 ? .expectedError : roll < 32 ? .unexpected : .ok
            let sample = RecordedSample(
                operation: .init(rawValue: 0),
                outcome: outcome,
                resultCode: outcome == .transportError ? nil : outcome == .ok ? 0 : [3302, 3999, 7][n % 3],
                failure: outcome == .transportError ? (n % 2 == 0 ? .timeout : .reset) : nil,
                intendedStartNanos: intended,
                sentNanos: intended + lag,
                completedNanos: intended + lag + service
            )
            for r in [parts[n % shards], whole] {
                var s = sample
                s.operation = r.operation(names[op])
                r.record(s)
            }
        }
        var done: [Recording] = []
        for r in parts { done.append(await r.finish(at: runStart + .seconds(7))) }
        return (done, await whole.finish(at: runStart + .seconds(7)))
    }

    static func summary(_ recording: Recording, shard: Int? = nil, of count: Int = 4) -> RunSummary {
        var metadata = RunMetadata(seed: 1, profile: "merge", target: "http://127.0.0.1:1")
        if let shard { metadata.status.shards = ShardSummary(count: count, indices: [shard]) }
        return RunSummary(recording: recording, metadata: metadata)
    }

    /// The log as a file holds it (written, then parsed).
    static func outcomesLog(_ recording: Recording) throws -> HistogramLog {
        try HistogramLog(parsing: HistogramLog(outcomesOf: recording).text())
    }

    @Test func fourShardsMergedEqualOneRecorderHoldingEverySample() async throws {
        let (parts, whole) = await Self.record(shards: 4, samples: 6_000, seed: 11)
        let summaries = parts.enumerated().map { Self.summary($1, shard: $0 + 1) }
        let log = try HistogramLog.merging(parts.map(Self.outcomesLog))
        let rebuilt = try Recording(outcomesLog: log, summaries: summaries)
        let merged = RunSummary(recording: rebuilt, metadata: .merging(summaries, sources: ["a", "b", "c", "d"]))
        let one = Self.summary(whole)

        #expect(merged.totals.requests == summaries.reduce(0) { $0 + $1.totals.requests })
        #expect(merged.totals.requests == 6_000)
        #expect(merged.totals == one.totals)
        #expect(merged.ops == one.ops)
        #expect(merged.scheduleLagMs == one.scheduleLagMs)
        #expect(merged.lateStarts == one.lateStarts)
        #expect(merged.timeline == one.timeline)
        #expect(merged.run.shards == ShardSummary(count: 4, indices: [1, 2, 3, 4], sources: ["a", "b", "c", "d"]))
        // Not an average of the shards' percentiles: those differ from the merged one here.
        let averaged = summaries.map(\.totals.latencyMs.p99).reduce(0, +) / 4
        #expect(averaged != merged.totals.latencyMs.p99)
    }

    @Test func aRunRebuiltFromItsOwnFilesHasItsOwnSummary() async throws {
        let (parts, _) = await Self.record(shards: 1, samples: 3_000, seed: 5)
        let original = Self.summary(parts[0])
        let rebuilt = try Recording(outcomesLog: Self.outcomesLog(parts[0]), summaries: [original])
        #expect(Self.summary(rebuilt) == original)
    }

    @Test func aLogAndSummariesOfDifferentRunsAreRefused() async throws {
        let (parts, _) = await Self.record(shards: 2, samples: 1_000, seed: 9)
        let log = try Self.outcomesLog(parts[0])
        #expect(throws: HlogError.self) {
            _ = try Recording(outcomesLog: log, summaries: [Self.summary(parts[1])])
        }
        // A line of another log (latency.hlog's untagged lines) is not an outcome line.
        let latency = try HistogramLog(parsing: HistogramLog(recording: parts[0], metric: .latency).text())
        #expect(throws: HlogError.self) {
            _ = try Recording(outcomesLog: latency, summaries: [Self.summary(parts[0])])
        }
    }
}
