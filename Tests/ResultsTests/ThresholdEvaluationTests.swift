import Engine
import Plan
import Results
import Testing

@Suite("threshold evaluation")
struct ThresholdEvaluationTests {
    /// A summary with one operation and known figures.
    static func summary(requests: UInt64 = 1_000, ops: [String: OperationSummary]? = nil) -> RunSummary {
        let latency = DistributionSummary(min: 1, mean: 20, p50: 10, p90: 50, p95: 80, p99: 150, p999: 400, max: 900)
        let service = DistributionSummary(min: 1, mean: 5, p50: 4, p90: 8, p95: 9, p99: 12, p999: 30, max: 60)
        let outcomes = OutcomeCounts(ok: 900, expectedError: 60, unexpected: 30, transportError: 10)
        let login = OperationSummary(
            count: 1_000,
            ok: 960,
            failed: 40,
            codes: ["0": 900, "3302": 60, "9": 30],
            outcomes: outcomes,
            transportErrors: 10,
            throughputRps: 50,
            errorRate: 0.04,
            lateStarts: 7,
            latencyMs: latency,
            serviceMs: service,
            scheduleLagMs: DistributionSummary(p99: 3)
        )
        let empty = requests == 0
        return RunSummary(
            seed: 1,
            durationS: 20,
            startedAt: "2026-01-01T00:00:00.000Z",
            profile: "p",
            target: "t",
            config: [:],
            totals: SummaryTotals(
                requests: requests,
                ok: empty ? 0 : 960,
                failed: empty ? 0 : 40,
                transportErrors: empty ? 0 : 10,
                throughputRps: empty ? 0 : 50,
                outcomes: empty ? OutcomeCounts() : outcomes,
                errorRate: empty ? 0 : 0.04,
                transportErrorRate: empty ? 0 : 0.01,
                latencyMs: empty ? DistributionSummary() : latency,
                serviceMs: empty ? DistributionSummary() : service
            ),
            ops: ops ?? (empty ? [:] : ["login.guest": login]),
            lateStarts: empty ? 0 : 7,
            lateStartToleranceMs: 10,
            scheduleLagMs: DistributionSummary(p99: 3),
            violations: ViolationsSummary(count: 3, byRule: ["M6": 2, "T8": 1], list: []),
            thresholds: [],
            timeline: [],
            histogram: HistogramInfo(
                unit: "us",
                lowestDiscernibleValue: 1,
                highestTrackableValue: 3_600_000_000,
                significantDigits: 3,
                intervalS: 1,
                clampedValues: 0,
                overflowSamples: 0
            )
        )
    }

    static let cases: [(String, Double?, Bool)] = [
        ("latency_ms.p99 < 200", 150, true),
        ("latency_ms.p99 < 150", 150, false),
        ("latency_ms.p99 <= 150", 150, true),
        ("latency_ms{op:login.guest}.p999 > 300", 400, true),
        ("latency_ms.max < 1s", 900, true),
        ("service_ms.p90 == 8", 8, true),
        ("service_ms{op:login.guest}.mean != 5", 5, false),
        ("schedule_lag_ms.p99 < 5", 3, true),
        ("error_rate < 5%", 0.04, true),
        ("error_rate < 0.04", 0.04, false),
        ("transport_error_rate <= 0.01", 0.01, true),
        ("transport_error_rate{op:login.guest} < 0.001", 0.01, false),
        ("throughput_rps > 100", 50, false),
        ("requests >= 1000", 1_000, true),
        ("ok == 960", 960, true),
        ("failed{op:login.guest} < 10", 40, false),
        ("transport_errors == 10", 10, true),
        ("late_starts == 0", 7, false),
        ("late_starts{op:login.guest} <= 7", 7, true),
        ("violations == 0", 3, false),
        ("violations{rule:M6} == 2", 2, true),
        ("violations{rule:X9} == 0", 0, true),
    ]

    @Test("thresholds compare the measured value with the limit", arguments: cases)
    func evaluates(expression: String, actual: Double?, ok: Bool) throws {
        let result = try Threshold.parse(expression).evaluate(against: Self.summary())
        #expect(result.expression == expression)
        #expect(result.actual == actual)
        #expect(result.ok == ok)
        #expect(result.note == nil)
    }

    @Test("a threshold on an operation that never ran fails with a note naming it and the ones that ran")
    func operationThatNeverRan() throws {
        let result = try Threshold.parse("latency_ms{op:logout}.p99 < 100").evaluate(against: Self.summary())
        #expect(result.ok == false)
        #expect(result.actual == nil)
        #expect(result.note == "operation 'logout' never ran; operations that ran: login.guest")
    }

    @Test("rates and percentiles of a run without requests fail as undefined; counts are simply zero")
    func runWithoutRequests() throws {
        let summary = Self.summary(requests: 0)
        let rate = try Threshold.parse("error_rate < 0.05").evaluate(against: summary)
        #expect(rate.ok == false)
        #expect(rate.note == "no request completed, so error_rate is undefined")
        let latency = try Threshold.parse("latency_ms.p99 < 100").evaluate(against: summary)
        #expect(latency.ok == false && latency.actual == nil)
        let count = try Threshold.parse("requests >= 1").evaluate(against: summary)
        #expect(count.ok == false && count.actual == 0 && count.note == nil)
        let op = try Threshold.parse("requests{op:a} > 0").evaluate(against: summary)
        #expect(op.note == "operation 'a' never ran; no operation completed a request")
    }

    @Test("evaluating a summary fills its thresholds in order, and passed reflects them")
    func evaluatingSummary() throws {
        let thresholds = try ["requests >= 1000", "violations == 0"].map { try Threshold.parse($0) }
        let evaluated = Self.summary().evaluating(thresholds)
        #expect(evaluated.thresholds.map(\.ok) == [true, false])
        #expect(evaluated.passed == false)
    }
}
