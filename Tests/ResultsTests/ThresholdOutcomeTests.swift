import Engine
import Plan
import Results
import Testing

@Suite("thresholds on outcome classes")
struct ThresholdOutcomeTests {
    /// Every answer of the run was unexpected (100 % truncated JSON, say): its latency exists, but
    /// no answer succeeded.
    static func everythingFailed() -> RunSummary {
        var summary = ThresholdEvaluationTests.summary()
        let fast = DistributionSummary(min: 1, mean: 2, p50: 2, p90: 3, p95: 3, p99: 4, p999: 5, max: 6)
        summary.totals.outcomes = OutcomeCounts(unexpected: 1_000)
        summary.totals.latencyMs = fast
        summary.totals.latencyByOutcomeMs = ["unexpected": fast]
        return summary
    }

    @Test("latency_ms{outcome:ok} parses, alone and with an operation")
    func parses() throws {
        let alone = try Threshold.parse("latency_ms{outcome:ok}.p99 < 500")
        #expect(alone.selector == .outcome("ok") && alone.statistic == .p99)
        let both = try Threshold.parse("latency_ms{op:login.guest, outcome:expected_error}.p50 < 5")
        #expect(both.selector == ThresholdSelector(operation: "login.guest", outcome: "expected_error"))
    }

    @Test("outcome: applies to latency and counts only, and a key given twice is refused")
    func misuse() {
        #expect(throws: ThresholdError.self) { try Threshold.parse("error_rate{outcome:ok} < 1%") }
        #expect(throws: ThresholdError.self) { try Threshold.parse("latency_ms{op:a, op:b}.p99 < 5") }
    }

    @Test("a run whose every answer failed passes latency_ms.p99 but never latency_ms{outcome:ok}.p99")
    func failedAnswersDoNotPassOkLatency() throws {
        let summary = Self.everythingFailed()
        let all = try Threshold.parse("latency_ms.p99 < 500").evaluate(against: summary)
        let ok = try Threshold.parse("latency_ms{outcome:ok}.p99 < 500").evaluate(against: summary)
        #expect(all.ok)
        #expect(!ok.ok && ok.actual == nil)
        #expect(ok.note?.contains("ended as ok") == true, "\(String(describing: ok.note))")
        let count = try Threshold.parse("requests{outcome:unexpected} == 1000").evaluate(against: summary)
        #expect(count.ok)
    }
}
