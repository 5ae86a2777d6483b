import Engine
import Histogram
import Prometheus
import Synchronization

/// A run's figures as Prometheus metrics while it runs (`gbfuzz run --metrics-port`), so a dashboard
/// can watch a long run. Counters and histograms are fed from the recorder's HdrHistograms as each
/// interval closes (``IntervalDelta``: every sample once, a second late at most); gauges are read at
/// each scrape from the recorder's live snapshot (its p99 is the HdrHistogram's own, exact) and the
/// run's violation count.
///
/// swift-prometheus keeps the metrics and writes the text format; a histogram there is fed by
/// observations, so each interval's HdrHistogram is replayed into it value by value (its bucket
/// values, at most one call per sample).
package final class LiveMetrics: Sendable {
    package let registry = PrometheusCollectorRegistry()
    private let latency = Mutex<[String: ValueHistogram]>([:])
    private let requests = Mutex<[String: Counter]>([:])
    private let elapsed: Gauge
    private let p99: Gauge
    private let lateStarts: Gauge
    private let violations: Gauge
    private let throughput: Gauge
    /// Where a scrape reads the live figures from (set once the run's recorder exists).
    private let source = Mutex<(@Sendable () -> (LiveSnapshot, Int))?>(nil)

    /// Upper bounds of the latency histograms' buckets, seconds.
    package static let buckets: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    package init() {
        elapsed = registry.makeGauge(name: "gbfuzz_elapsed_seconds", help: "Time since the load began.")
        p99 = registry.makeGauge(
            name: "gbfuzz_latency_p99_seconds",
            help: "Corrected latency p99 so far, every operation (HdrHistogram, 3 significant digits)."
        )
        lateStarts = registry.makeGauge(
            name: "gbfuzz_late_starts",
            help: "Requests sent later than the late-start tolerance after their intended start."
        )
        violations = registry.makeGauge(name: "gbfuzz_violations", help: "Violations found so far.")
        throughput = registry.makeGauge(
            name: "gbfuzz_throughput_per_second",
            help: "Requests completed in the last whole interval, per second."
        )
    }

    /// Adds one closed interval's samples (the recorder's interval observer).
    package func observe(_ delta: IntervalDelta) {
        for cell in delta.cells {
            counter(cell.operation, cell.outcome).increment(by: Int64(clamping: cell.count))
            let histogram = self.histogram(cell.operation)
            for step in cell.latency.unpack().recordedValues() {
                let seconds = Double(step.value) / 1e6
                for _ in 0..<step.count { histogram.record(seconds) }
            }
        }
    }

    /// Sets the gauges from the recorder's live snapshot and the run's violation count.
    package func update(_ snapshot: LiveSnapshot, violations count: Int) {
        let (s, atto) = snapshot.elapsed.components
        elapsed.set(Double(s) + Double(atto) / 1e18)
        p99.set(snapshot.latencyP99Ms / 1_000)
        lateStarts.set(Double(snapshot.lateStarts))
        violations.set(Double(count))
        throughput.set(snapshot.opsPerSecond)
    }

    /// Reads the gauges' figures from `read` (the recorder's snapshot, the violation count) at
    /// each scrape from now on.
    package func watch(_ read: @escaping @Sendable () -> (LiveSnapshot, Int)) {
        source.withLock { $0 = read }
    }

    /// Sets the gauges from what ``watch(_:)`` reads; nothing before it is called.
    package func refresh() {
        guard let read = source.withLock({ $0 }) else { return }
        let (snapshot, violations) = read()
        update(snapshot, violations: violations)
    }

    /// The text exposition format (`text/plain; version=0.0.4`).
    package func exposition() -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(16_384)
        registry.emit(into: &buffer)
        return buffer
    }

    private func counter(_ operation: String, _ outcome: OutcomeClass) -> Counter {
        requests.withLock { counters in
            let key = operation + "|" + outcome.key
            if let c = counters[key] { return c }
            let c = registry.makeCounter(
                name: "gbfuzz_requests_total",
                labels: [("operation", operation), ("outcome", outcome.key)],
                help: "Completed requests by operation and outcome class."
            )
            counters[key] = c
            return c
        }
    }

    private func histogram(_ operation: String) -> ValueHistogram {
        latency.withLock { histograms in
            if let h = histograms[operation] { return h }
            let h = registry.makeValueHistogram(
                name: "gbfuzz_latency_seconds",
                labels: [("operation", operation)],
                buckets: Self.buckets,
                help: "Corrected latency (from the intended start), from the recorder's HdrHistograms."
            )
            histograms[operation] = h
            return h
        }
    }
}
