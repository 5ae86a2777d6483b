import Engine
import Foundation
import Histogram
import LiveMetrics
import Testing
import Transport

/// `--metrics-port`: what a scrape shows is what the recorder recorded.
@Suite("Live Prometheus metrics", .timeLimit(.minutes(3)))
struct LiveMetricsTests {
    /// Samples with latencies 1…`count` ms for `login.guest` (ok) and a few transport errors.
    static func record(into recorder: Recorder, count: Int) {
        let op = recorder.operation("login.guest")
        for n in 1...count {
            let outcome: OutcomeClass = n % 10 == 0 ? .transportError : .ok
            recorder.record(
                RecordedSample(
                    operation: op,
                    outcome: outcome,
                    resultCode: outcome == .ok ? 0 : nil,
                    intendedStartNanos: Int64(n) * 1_000_000,
                    sentNanos: Int64(n) * 1_000_000,
                    completedNanos: Int64(n) * 1_000_000 + Int64(n) * 1_000_000
                )
            )
        }
    }

    static func value(_ text: String, _ series: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test("A scrape counts every recorded sample once, by outcome, with buckets as the HdrHistogram holds them")
    func scrapeMatchesTheRecording() async throws {
        let metrics = LiveMetrics()
        let endpoint = try await MetricsEndpoint.start(port: 0, metrics: metrics)
        let recorder = Recorder(runStart: .now - .seconds(5), onInterval: { metrics.observe($0) })
        Self.record(into: recorder, count: 400)
        let recording = await recorder.finish()
        metrics.watch { (recorder.snapshot(), 3) }

        // A generous timeout: beside CPU-heavy suites on 2 cores the endpoint's tasks can wait seconds
        // for a thread (what is tested is what a scrape shows, not when).
        let client = try CurlTransport(configuration: .init(defaultTimeout: .seconds(60)))
        let response = try await client.send(HTTPRequest(method: .get, url: endpoint.url))
        let missing = try await client.send(
            HTTPRequest(method: .get, url: endpoint.url.replacingOccurrences(of: "/metrics", with: "/x"))
        )
        await client.shutdown()
        await endpoint.stop()

        #expect(response.status == 200 && missing.status == 404)
        let text = String(decoding: response.body, as: UTF8.self)
        let ok = Self.value(text, #"gbfuzz_requests_total{operation="login.guest",outcome="ok"}"#)
        let lost = Self.value(text, #"gbfuzz_requests_total{operation="login.guest",outcome="transport_error"}"#)
        #expect(ok == 360 && lost == 40, "\(text.prefix(2_000))")
        #expect(Self.value(text, #"gbfuzz_latency_seconds_count{operation="login.guest"}"#) == 400)
        // Each sample counts at its HdrHistogram bucket's value (the highest equivalent one, at
        // most 0.1 % above it): the scrape's buckets are the recording's, cut at the bounds.
        let latency = recording.merged(.latency)
        for bound in LiveMetrics.buckets {
            let want = latency.recordedValues().filter { Double($0.value) / 1e6 <= bound }.reduce(0) { $0 + $1.count }
            let series = #"gbfuzz_latency_seconds_bucket{operation="login.guest",le=""# + "\(bound)\"}"
            #expect(Self.value(text, series) == Double(want), "\(series)")
        }
        #expect(Self.value(text, "gbfuzz_violations") == 3)
        #expect(Self.value(text, "gbfuzz_latency_p99_seconds") == recorder.snapshot().latencyP99Ms / 1_000)
    }
}
