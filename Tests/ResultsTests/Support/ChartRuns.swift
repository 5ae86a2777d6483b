import Engine
import Foundation
import Results

/// Small synthetic runs with a known shape over time, recorded through a real ``Recorder`` (as
/// ``SampleRun`` does), for the report's charts and sections.
enum ChartRuns {
    /// One completed request to record.
    struct Completion {
        var operation: String
        /// Completion time, nanoseconds since the run's start.
        var at: Int64
        var outcome: OutcomeClass = .ok
        var code: Int? = 0
        var failure: FailureKind?
        var latencyMs: Int64 = 10
    }

    /// Records `completions` (and failure `examples`), then finishes the run `duration` after its start.
    static func record(
        _ completions: [Completion],
        examples: [(operation: String, failure: FailureKind, text: String)] = [],
        duration: Duration
    ) async -> Recording {
        let recorder = Recorder(
            configuration: RecorderConfiguration(),
            runStart: .now - duration,
            startedAt: Date(timeIntervalSince1970: 1_767_225_600.5)
        )
        var ids: [String: OperationID] = [:]
        for completion in completions where ids[completion.operation] == nil {
            ids[completion.operation] = recorder.operation(completion.operation)
        }
        for completion in completions {
            let latency = completion.latencyMs * 1_000_000
            recorder.record(
                RecordedSample(
                    operation: ids[completion.operation]!,
                    outcome: completion.outcome,
                    resultCode: completion.code,
                    failure: completion.failure,
                    intendedStartNanos: completion.at - latency,
                    sentNanos: completion.at - latency / 2,
                    completedNanos: completion.at
                )
            )
        }
        for example in examples {
            recorder.noteExample(ids[example.operation]!, failure: example.failure, example: example.text)
        }
        return await recorder.finish(at: recorder.runStart + duration)
    }

    /// `count` completions of `operation` spread evenly over `[from, from + span)` seconds.
    static func spread(_ operation: String, count: Int, from: Double, span: Double = 1) -> [Completion] {
        (0..<count).map { n in
            let at = from + span * (Double(n) + 0.5) / Double(count)
            return Completion(operation: operation, at: Int64((at * 1e9).rounded()), latencyMs: 8 + Int64(n % 5))
        }
    }

    /// Two operations at 20 requests per second each, for 9.25 s, with no completion at all in
    /// seconds 3, 4 and 5 (a stall) and a last interval of 0.25 s at the same rate (5 each).
    static func holeAndPartialEnd() async -> Recording {
        var completions: [Completion] = []
        for second in [0, 1, 2, 6, 7, 8] {
            for name in ["login.guest", "mapping.add"] {
                completions += spread(name, count: 20, from: Double(second))
            }
        }
        for name in ["login.guest", "mapping.add"] {
            completions += spread(name, count: 5, from: 9, span: 0.25)
        }
        return await record(completions, duration: .milliseconds(9_250))
    }

    /// The operation names of a 29-operation run.
    static let manyNames = (1...29).map { String(format: "op%02d.call", $0) }
    /// The operations of ``many()`` that failed.
    static let failingNames: Set = ["op03.call", "op17.call", "op29.call"]

    /// 29 operations over 4 s, the busier the lower their number; op03 has an unexpected answer with a
    /// code no one documented (4242), op17 a
    /// 502 page with an example, op29 timeouts; op05 has cancelled requests only (not a failure).
    static func many() async -> Recording {
        var completions: [Completion] = []
        for (index, name) in manyNames.enumerated() {
            for second in 0..<4 { completions += spread(name, count: 40 - index, from: Double(second)) }
        }
        completions.append(Completion(operation: "op03.call", at: 1_500_000_000, outcome: .unexpected, code: 4242))
        completions.append(
            Completion(operation: "op17.call", at: 2_100_000_000, outcome: .unexpected, code: nil, failure: .http(502))
        )
        completions.append(
            Completion(
                operation: "op29.call",
                at: 3_200_000_000,
                outcome: .transportError,
                code: nil,
                failure: .timeout,
                latencyMs: 900
            )
        )
        completions.append(Completion(operation: "op05.call", at: 3_900_000_000, outcome: .cancelled, code: nil))
        return await record(
            completions,
            examples: [("op17.call", .http(502), "<html><script>alert(1)</script>Bad \u{1b}[0m Gateway</html>")],
            duration: .seconds(4)
        )
    }
}
