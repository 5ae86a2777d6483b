/// A cheap view of a run in progress, for the progress line.
package struct LiveSnapshot: Sendable, Hashable {
    /// Time since the run's start, when the snapshot was taken.
    package var elapsed: Duration
    /// Requests completed so far (all outcome classes).
    package var requests: UInt64
    package var ok: UInt64
    package var expectedErrors: UInt64
    package var unexpected: UInt64
    package var transportErrors: UInt64
    package var lateStarts: UInt64
    /// Completions during the last whole interval (per second).
    package var opsPerSecond: Double
    /// Corrected latency p99 over the run so far, all operations, milliseconds.
    package var latencyP99Ms: Double

    package init(
        elapsed: Duration = .zero,
        requests: UInt64 = 0,
        ok: UInt64 = 0,
        expectedErrors: UInt64 = 0,
        unexpected: UInt64 = 0,
        transportErrors: UInt64 = 0,
        lateStarts: UInt64 = 0,
        opsPerSecond: Double = 0,
        latencyP99Ms: Double = 0
    ) {
        self.elapsed = elapsed
        self.requests = requests
        self.ok = ok
        self.expectedErrors = expectedErrors
        self.unexpected = unexpected
        self.transportErrors = transportErrors
        self.lateStarts = lateStarts
        self.opsPerSecond = opsPerSecond
        self.latencyP99Ms = latencyP99Ms
    }

    /// Answers that failed (`unexpected` + transport errors), as in the summary's `failed`.
    package var failed: UInt64 { unexpected + transportErrors }
}
