import Foundation
import Histogram

/// Formats a benchmark result for people (text) or programs (one JSON object).
struct BenchReport {
    let result: BenchRunner.Result
    let connections: Int

    var seconds: Double {
        let (s, atto) = result.elapsed.components
        return Double(s) + Double(atto) / 1e18
    }

    var requestsPerSecond: Double { seconds > 0 ? Double(result.requests) / seconds : 0 }

    /// A percentile in milliseconds (recorded in microseconds); 0 when nothing was recorded.
    func milliseconds(atPercentile percentile: Double) -> Double {
        result.latency.totalCount == 0 ? 0 : Double(result.latency.valueAtPercentile(percentile)) / 1000
    }

    var maxMilliseconds: Double { result.latency.totalCount == 0 ? 0 : Double(result.latency.max) / 1000 }

    private struct JSONShape: Encodable {
        struct Latency: Encodable {
            var p50: Double
            var p99: Double
            var max: Double
        }
        var requests: Int
        var durationSeconds: Double
        var requestsPerSecond: Double
        var errors: Int
        var latencyMilliseconds: Latency
        var errorsByCode: [String: Int]
        var connections: Int

        enum CodingKeys: String, CodingKey {
            case requests, errors, connections
            case durationSeconds = "duration_s"
            case requestsPerSecond = "requests_per_second"
            case latencyMilliseconds = "latency_ms"
            case errorsByCode = "errors_by_code"
        }
    }

    func json() throws -> String {
        let shape = JSONShape(
            requests: result.requests,
            durationSeconds: (seconds * 1000).rounded() / 1000,
            requestsPerSecond: (requestsPerSecond * 10).rounded() / 10,
            errors: result.errorCount,
            latencyMilliseconds: .init(
                p50: milliseconds(atPercentile: 50),
                p99: milliseconds(atPercentile: 99),
                max: maxMilliseconds
            ),
            errorsByCode: result.errors,
            connections: connections
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(shape), as: UTF8.self)
    }

    func text(method: String, url: String, lanes: Int, http2: Bool) -> String {
        func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        var lines = [
            "gbfuzz bench http: \(method) \(url)",
            "  \(connections) connections, \(fixed(seconds, 2)) s, \(lanes) lane(s), \(http2 ? "HTTP/2 (prior knowledge)" : "HTTP/1.1")",
            "  requests    \(result.requests)  (\(fixed(requestsPerSecond, 1)) req/s)",
            "  latency     p50 \(fixed(milliseconds(atPercentile: 50), 3)) ms   p99 \(fixed(milliseconds(atPercentile: 99), 3)) ms   max \(fixed(maxMilliseconds, 3)) ms",
            "  errors      \(result.errorCount)",
        ]
        for (code, count) in result.errors.sorted(by: { $0.key < $1.key }) {
            lines.append("    \(code): \(count)  (\(result.errorSamples[code] ?? ""))")
        }
        let statuses = result.statuses.sorted(by: { $0.key < $1.key }).map { "\($0.key): \($0.value)" }
        if !statuses.isEmpty { lines.append("  statuses    " + statuses.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}
