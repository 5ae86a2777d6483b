import Basics
import Engine
import Foundation
import Plan
import Testing

@Suite("threshold parsing")
struct ThresholdParsingTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let text: String
        let metric: ThresholdMetric
        let selector: ThresholdSelector?
        let statistic: ThresholdStatistic?
        let comparator: ThresholdComparator
        let limit: Double
        var testDescription: String { text }
    }

    static let valid: [Valid] = [
        .init(
            text: "latency_ms{op:login.guest}.p99 < 200",
            metric: .latencyMs,
            selector: .operation("login.guest"),
            statistic: .p99,
            comparator: .lessThan,
            limit: 200
        ),
        .init(
            text: "latency_ms.p99 < 300",
            metric: .latencyMs,
            selector: nil,
            statistic: .p99,
            comparator: .lessThan,
            limit: 300
        ),
        .init(
            text: "service_ms{op:mapping.add}.p90 <= 50",
            metric: .serviceMs,
            selector: .operation("mapping.add"),
            statistic: .p90,
            comparator: .lessThanOrEqual,
            limit: 50
        ),
        .init(
            text: "transport_error_rate < 0.01",
            metric: .transportErrorRate,
            selector: nil,
            statistic: nil,
            comparator: .lessThan,
            limit: 0.01
        ),
        .init(
            text: "error_rate < 0.05",
            metric: .errorRate,
            selector: nil,
            statistic: nil,
            comparator: .lessThan,
            limit: 0.05
        ),
        .init(
            text: "throughput_rps > 100",
            metric: .throughputRps,
            selector: nil,
            statistic: nil,
            comparator: .greaterThan,
            limit: 100
        ),
        .init(
            text: "violations == 0",
            metric: .violations,
            selector: nil,
            statistic: nil,
            comparator: .equal,
            limit: 0
        ),
        .init(
            text: "late_starts == 0",
            metric: .lateStarts,
            selector: nil,
            statistic: nil,
            comparator: .equal,
            limit: 0
        ),
        .init(
            text: "requests >= 1000",
            metric: .requests,
            selector: nil,
            statistic: nil,
            comparator: .greaterThanOrEqual,
            limit: 1000
        ),
        .init(text: "  failed != 3  ", metric: .failed, selector: nil, statistic: nil, comparator: .notEqual, limit: 3),
        .init(
            text: "latency_ms.p(99.9)<1.5s",
            metric: .latencyMs,
            selector: nil,
            statistic: .p999,
            comparator: .lessThan,
            limit: 1_500
        ),
        .init(
            text: "schedule_lag_ms { op : a-b_c/d } . max <= 250us",
            metric: .scheduleLagMs,
            selector: .operation("a-b_c/d"),
            statistic: .max,
            comparator: .lessThanOrEqual,
            limit: 0.25
        ),
        .init(
            text: "error_rate{op:withdraw} < 2.5%",
            metric: .errorRate,
            selector: .operation("withdraw"),
            statistic: nil,
            comparator: .lessThan,
            limit: 0.025
        ),
        .init(
            text: "violations{rule:M6} == 0",
            metric: .violations,
            selector: .rule("M6"),
            statistic: nil,
            comparator: .equal,
            limit: 0
        ),
        .init(text: "ok > 1e3", metric: .ok, selector: nil, statistic: nil, comparator: .greaterThan, limit: 1_000),
        .init(
            text: "transport_errors <= .5",
            metric: .transportErrors,
            selector: nil,
            statistic: nil,
            comparator: .lessThanOrEqual,
            limit: 0.5
        ),
        .init(
            text: "latency_ms.mean < 20ms",
            metric: .latencyMs,
            selector: nil,
            statistic: .mean,
            comparator: .lessThan,
            limit: 20
        ),
    ]

    @Test("valid expressions parse into metric, selector, statistic, operator and limit", arguments: valid)
    func parsesValidForms(_ case_: Valid) throws {
        let threshold = try Threshold.parse(case_.text)
        #expect(threshold.metric == case_.metric)
        #expect(threshold.selector == case_.selector)
        #expect(threshold.statistic == case_.statistic)
        #expect(threshold.comparator == case_.comparator)
        #expect(abs(threshold.limit - case_.limit) < 1e-12)
        #expect(threshold.expression == case_.text.trimmingCharacters(in: .whitespaces))
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let text: String
        let code: ThresholdError.Code
        let column: Int
        let message: String
        var testDescription: String { text }
    }

    static let invalid: [Invalid] = [
        .init(text: "", code: .syntax, column: 1, message: "expected a metric name such as latency_ms or error_rate"),
        .init(
            text: "< 3",
            code: .syntax,
            column: 1,
            message: "expected a metric name such as latency_ms or error_rate"
        ),
        .init(
            text: "latncy_ms.p99 < 3",
            code: .unknownMetric,
            column: 1,
            message: "unknown metric 'latncy_ms'; known metrics: latency_ms, service_ms, schedule_lag_ms, error_rate, "
                + "transport_error_rate, server_error_rate, throughput_rps, requests, ok, failed, transport_errors, "
                + "server_errors, late_starts, violations"
        ),
        .init(
            text: "latency_ms < 3",
            code: .syntax,
            column: 12,
            message:
                "'latency_ms' needs a statistic after a '.', one of p50, p90, p95, p99, p999, max, min, mean (e.g. latency_ms.p99)"
        ),
        .init(
            text: "latency_ms.p98 < 3",
            code: .unknownStatistic,
            column: 12,
            message: "unknown statistic 'p98'; expected one of p50, p90, p95, p99, p999, max, min, mean"
        ),
        .init(
            text: "latency_ms. < 3",
            code: .syntax,
            column: 13,
            message: "expected a statistic after '.', one of p50, p90, p95, p99, p999, max, min, mean; found '<'"
        ),
        .init(
            text: "latency_ms.p(98) < 3",
            code: .unknownStatistic,
            column: 12,
            message:
                "unknown statistic 'p(98)'; expected p(50), p(90), p(95), p(99) or p(99.9), or one of p50, p90, p95, p99, p999, max, min, mean"
        ),
        .init(
            text: "latency_ms.p(99 < 3",
            code: .syntax,
            column: 16,
            message: "expected ')' to close 'p(99', found ' '"
        ),
        .init(
            text: "requests.p99 > 3",
            code: .misuse,
            column: 9,
            message: "'requests' is a single number and takes no statistic"
        ),
        .init(
            text: "latency_ms{}.p99 < 3",
            code: .syntax,
            column: 12,
            message: "expected 'op', 'rule' or 'outcome' in the selector, found '}'"
        ),
        .init(
            text: "latency_ms{scenario:x}.p99 < 3",
            code: .syntax,
            column: 12,
            message: "expected 'op', 'rule' or 'outcome' in the selector, found 'scenario'"
        ),
        .init(
            text: "latency_ms{op=x}.p99 < 3",
            code: .syntax,
            column: 14,
            message: "expected ':' after 'op', found '='"
        ),
        .init(
            text: "latency_ms{op:}.p99 < 3",
            code: .syntax,
            column: 15,
            message: "expected an operation name after 'op:', found '}'"
        ),
        .init(
            text: "violations{rule:} == 0",
            code: .syntax,
            column: 17,
            message: "expected a rule id after 'rule:', found '}'"
        ),
        .init(
            text: "latency_ms{op:a b}.p99 < 3",
            code: .syntax,
            column: 17,
            message: "expected '}' to close the selector, found 'b'"
        ),
        .init(
            text: "latency_ms{op:login",
            code: .syntax,
            column: 20,
            message: "expected '}' to close the selector, found the end of the expression"
        ),
        .init(
            text: "latency_ms{rule:M6}.p99 < 3",
            code: .misuse,
            column: 12,
            message: "'rule:' selects violations only; 'latency_ms' takes 'op:'"
        ),
        .init(
            text: "violations{op:login} == 0",
            code: .misuse,
            column: 12,
            message: "violations are counted per rule, not per operation; use 'rule:'"
        ),
        .init(
            text: "requests 5",
            code: .syntax,
            column: 10,
            message: "expected a comparison operator (<, <=, >, >=, ==, !=), found '5'"
        ),
        .init(
            text: "requests",
            code: .syntax,
            column: 9,
            message: "expected a comparison operator (<, <=, >, >=, ==, !=), found the end of the expression"
        ),
        .init(text: "requests = 5", code: .syntax, column: 10, message: "'=' is not a comparison; use '=='"),
        .init(
            text: "requests => 5",
            code: .syntax,
            column: 10,
            message: "expected a comparison operator (<, <=, >, >=, ==, !=), found '=>'"
        ),
        .init(
            text: "requests >=",
            code: .syntax,
            column: 12,
            message: "expected a number after '>=', found the end of the expression"
        ),
        .init(text: "requests > abc", code: .syntax, column: 12, message: "expected a number after '>', found 'a'"),
        .init(
            text: "requests > 1e",
            code: .syntax,
            column: 13,
            message: "expected digits in the exponent of the number"
        ),
        .init(
            text: "latency_ms.p99 < 3hours",
            code: .unknownUnit,
            column: 19,
            message: "unknown unit 'hours'; expected ms, s or us (or % for rates)"
        ),
        .init(
            text: "latency_ms.p99 < 3 hours",
            code: .syntax,
            column: 20,
            message: "unexpected 'hours' after the threshold"
        ),
        .init(
            text: "requests > 3ms",
            code: .misuse,
            column: 13,
            message: "unit 'ms' applies only to latency_ms, service_ms and schedule_lag_ms"
        ),
        .init(
            text: "requests > 3%",
            code: .misuse,
            column: 13,
            message: "'%' applies only to error_rate, transport_error_rate and server_error_rate"
        ),
        .init(
            text: "requests > 3 and ok > 2",
            code: .syntax,
            column: 14,
            message: "unexpected 'and ok > 2' after the threshold"
        ),
        .init(text: "requests > 1e999", code: .syntax, column: 12, message: "'1e999' is not a finite number"),
    ]

    @Test("every malformed expression names its column and what was expected there", arguments: invalid)
    func reportsErrors(_ case_: Invalid) {
        #expect {
            try Threshold.parse(case_.text)
        } throws: { error in
            guard let error = error as? ThresholdError else { return false }
            #expect(error.code == case_.code)
            #expect(error.column == case_.column)
            #expect(error.message == case_.message)
            return error.code == case_.code && error.column == case_.column && error.message == case_.message
        }
    }

    @Test("the error description quotes the expression and the column")
    func errorDescription() {
        #expect {
            try Threshold.parse("latency_ms.p99 <")
        } throws: { error in
            "\(error)"
                == "invalid threshold 'latency_ms.p99 <': column 17: expected a number after '<', found the end of the expression"
        }
    }
}

@Suite("thresholds naming what does not exist")
struct ThresholdNameTests {
    func plan(_ threshold: String) throws -> RunPlan {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gbfuzz-thr-\(UInt32.random(in: 0...UInt32.max))"
        )
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("p.yaml")
        try Data("thresholds:\n  - \"\(threshold)\"\n".utf8).write(to: file)
        var request = RunRequest(profilePath: file.path)
        request.out = dir.appendingPathComponent("out").path
        return try RunPlan.make(request)
    }

    @Test(
        "an unknown rule, operation or outcome class is a profile error (exit 64) naming it and the known ones",
        arguments: [
            ("violations{rule:ZZ9} == 0", "unknown rule 'ZZ9'"),
            ("latency_ms{op:login.gest}.p99 < 5", "unknown operation 'login.gest'"),
            ("latency_ms{outcome:fine}.p99 < 5", "unknown outcome class 'fine'"),
        ]
    )
    func unknownNames(_ threshold: String, _ message: String) throws {
        do {
            _ = try plan(threshold)
            Issue.record("'\(threshold)' was accepted")
        } catch let e as CommandError {
            #expect(e.exit == .usage)
            #expect(e.message.contains("p.yaml:2: thresholds:") && e.message.contains(message), "\(e.message)")
            #expect(e.message.contains("known:"), "\(e.message)")
        }
    }

    @Test("known names pass: a rule, an operation, an outcome class")
    func knownNames() throws {
        for t in ["violations{rule:M6} == 0", "latency_ms{op:login.guest}.p99 < 5", "latency_ms{outcome:ok}.p99 < 5"] {
            #expect(try plan(t).thresholds.count == 1)
        }
    }
}
