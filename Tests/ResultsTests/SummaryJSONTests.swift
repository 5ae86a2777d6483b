import Engine
import Foundation
import Testing

@testable import Results

@Suite("summary.json", .timeLimit(.minutes(2)))
struct SummaryJSONTests {
    static func json() async throws -> (object: [String: Any], summary: RunSummary) {
        let recording = await SampleRun.recording()
        let summary = try SampleRun.summary(recording)
        let object = try JSONSerialization.jsonObject(with: summary.jsonData()) as! [String: Any]
        return (object, summary)
    }

    @Test("the keys are exactly the documented ones, the contract keys included, in snake_case")
    func exactKeys() async throws {
        let (object, _) = try await Self.json()
        #expect(
            Set(object.keys) == [
                "schema", "seed", "duration_s", "totals", "ops", "violations", "thresholds",
                "started_at", "profile", "target", "config", "late_starts", "late_start_tolerance_ms",
                "schedule_lag_ms", "timeline", "histogram", "model", "run",
            ]
        )
        #expect(object["schema"] as? String == "gbfuzz.summary/1")
        #expect(object["seed"] as? Int == 42)
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(
            Set(totals.keys) == [
                "requests", "ok", "failed", "transport_errors", "throughput_rps",
                "outcomes", "error_rate", "transport_error_rate", "server_errors", "server_error_rate", "latency_ms",
                "service_ms", "failures", "latency_by_outcome_ms",
            ]
        )
        let ops = try #require(object["ops"] as? [String: [String: Any]])
        #expect(ops.keys.sorted() == ["login.guest", "login.idp", "mapping.add", "transfer.login", "withdraw"])
        for (_, op) in ops {
            #expect(
                Set(op.keys) == [
                    "count", "ok", "codes", "latency_ms", "service_ms",
                    "failed", "outcomes", "transport_errors", "throughput_rps", "error_rate", "late_starts",
                    "schedule_lag_ms", "failures", "failure_examples", "latency_by_outcome_ms",
                ]
            )
            let latency = try #require(op["latency_ms"] as? [String: Double])
            #expect(Set(latency.keys) == ["p50", "p90", "p99", "p999", "max", "p95", "min", "mean"])
            let codes = try #require(op["codes"] as? [String: Int])
            #expect(codes.keys.allSatisfy { Int($0) != nil })
            #expect(
                Set((op["outcomes"] as! [String: Int]).keys) == [
                    "ok", "expected_error", "unexpected", "transport_error", "cancelled", "server_error",
                ]
            )
        }
        let violations = try #require(object["violations"] as? [String: Any])
        #expect(Set(violations.keys) == ["count", "by_rule", "list"])
        let entry = try #require((violations["list"] as? [[String: Any]])?.first)
        #expect(
            Set(entry.keys) == [
                "index", "rule", "message", "expected", "observed", "reproducer_json", "reproducer_sh", "standing",
                "checker", "sub_history",
            ]
        )
        let model = try #require(object["model"] as? [String: Any])
        #expect(Set(model.keys) == ["desyncs", "belief_overflows", "harness_errors", "harness_error_examples"])
        let thresholds = try #require(object["thresholds"] as? [[String: Any]])
        for threshold in thresholds {
            #expect(Set(threshold.keys).isSuperset(of: ["expression", "actual", "ok"]))
        }
        // An unmeasurable threshold keeps `actual`, as null.
        #expect(thresholds.last?["actual"] is NSNull)
        let point = try #require((object["timeline"] as? [[String: Any]])?.first)
        #expect(
            Set(point.keys) == [
                "t", "length_s", "requests", "ok", "failed", "transport_errors", "throughput_rps",
                "latency_p50_ms", "latency_p99_ms", "latency_max_ms",
            ]
        )
    }

    @Test("ok + failed = requests; outcome classes add up; the JSON decodes back to the same summary")
    func consistentAndRoundTrips() async throws {
        let (_, summary) = try await Self.json()
        let totals = summary.totals
        #expect(totals.requests == 18_000)
        #expect(totals.ok + totals.failed == totals.requests)
        #expect(totals.outcomes.total == totals.requests)
        #expect(totals.ok == totals.outcomes.ok + totals.outcomes.expectedError)
        #expect(totals.failed == totals.outcomes.unexpected + totals.outcomes.transportError)
        #expect(summary.ops.values.reduce(0) { $0 + $1.count } == totals.requests)
        #expect(summary.timeline.reduce(0) { $0 + $1.requests } == totals.requests)
        for op in summary.ops.values {
            #expect(op.codes.values.reduce(0, +) == op.count - op.transportErrors)
        }
        #expect(try RunSummary.decode(from: summary.jsonData()) == summary)
    }

    @Test("no secret reaches the summary: secret-like keys, URL credentials and secret query values are redacted")
    func redacted() async throws {
        let (_, summary) = try await Self.json()
        let text = String(decoding: try summary.jsonData(), as: UTF8.self)
        #expect(!text.contains("s3cr3t"))
        #expect(!text.contains("hunter22"))
        #expect(!text.contains("idp-secret-value"))
        #expect(summary.config["secretKey"] == "[redacted]")
        #expect(summary.config["target.testIdpSecret"] == "[redacted]")
        #expect(summary.config["stages.0.rate"] == "600/s")
        #expect(summary.target.hasPrefix("http://127.0.0.1:8080/?secretKey="))
        #expect(summary.target.hasSuffix("&region=kr"))
    }
}
