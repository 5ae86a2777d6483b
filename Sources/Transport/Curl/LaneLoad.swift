/// How busy a lane's loop thread is: the share of a window of loop time (at least ``window``) it
/// spent outside `curl_multi_poll`, in thousandths. The loop records its sleeps here and publishes
/// each closed window's figure (``CurlLane/busy``), by which ``LanePacker`` places tasks.
struct LaneLoad {
    /// The shortest stretch of loop time a figure covers.
    static let window: Duration = .milliseconds(20)

    private var start = ContinuousClock.now
    private var slept: Duration = .zero

    /// The loop slept in `curl_multi_poll` from `from` to `to`; returns the busy share of the
    /// window this closes, 0...1000, or `nil` while the window is still open.
    mutating func slept(from: ContinuousClock.Instant, to: ContinuousClock.Instant) -> Int? {
        slept += to - from
        let elapsed = to - start
        guard elapsed >= Self.window else { return nil }
        let busy = 1000 - Int((slept / elapsed) * 1000)
        start = to
        slept = .zero
        return min(1000, max(0, busy))
    }
}
