import Basics

/// A value (players, or arrivals per second) over the run: constant, or ramped through stages.
///
/// Stages move linearly from the previous target to their own (the first from `start`), like
/// k6's ramping executors; after the last stage the last target holds.
package struct LoadSchedule: Sendable, Hashable {
    package var start: Double
    package var stages: [Stage]

    /// A constant `value`.
    package init(constant value: Double) {
        self.start = value
        self.stages = []
    }

    package init(start: Double, stages: [Stage]) {
        self.start = start
        self.stages = stages
    }

    /// The value `t` after the run started.
    package func value(at t: Duration) -> Double {
        var from = start
        var elapsed = Duration.zero
        for stage in stages {
            let end = elapsed + stage.duration
            if t < end {
                let f = (t - elapsed).seconds / stage.duration.seconds
                return from + (stage.target - from) * f
            }
            from = stage.target
            elapsed = end
        }
        return from
    }

    /// The time of the next arrival after one at `t`, for a rate in arrivals per second; `nil`
    /// when no arrival happens before `limit`. Exact for piecewise-linear rates: the arrival
    /// count is the integral of the rate, inverted segment by segment.
    package func nextArrival(after t: Duration, limit: Duration) -> Duration? {
        var need = 1.0  // arrivals still to accumulate
        var cursor = t
        for segment in segments(from: t, to: limit) {
            let tau = (segment.end - cursor).seconds
            let a = value(at: cursor)  // rate at the segment start
            let b = segment.slope
            let area = a * tau + b * tau * tau / 2
            if area >= need {
                let dt: Double
                if abs(b) < 1e-12 {
                    dt = need / a
                } else {
                    let disc = max(0, a * a + 2 * b * need)
                    dt = (-a + disc.squareRoot()) / b
                }
                return cursor + .nanoseconds(Int64((dt * 1e9).rounded(.up)))
            }
            need -= area
            cursor = segment.end
        }
        return nil
    }

    /// Pieces of constant slope between `from` and `to`.
    private func segments(from: Duration, to: Duration) -> [(end: Duration, slope: Double)] {
        var out: [(Duration, Double)] = []
        var prev = start
        var elapsed = Duration.zero
        for stage in stages {
            let end = elapsed + stage.duration
            if end > from {
                out.append((min(end, to), (stage.target - prev) / stage.duration.seconds))
            }
            prev = stage.target
            elapsed = end
            if end >= to { return out }
        }
        if to > max(from, elapsed) { out.append((to, 0)) }
        return out
    }
}
