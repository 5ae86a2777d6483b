import Foundation

/// One axis of a chart: the data range it maps and its labelled ticks.
struct ChartAxis {
    var lower: Double
    var upper: Double
    var ticks: [(value: Double, label: String)]
    var title: String

    /// A linear axis from 0 (or `minimum`) to a "nice" bound above `maximum`, with about `count` ticks.
    static func linear(
        minimum: Double = 0,
        maximum: Double,
        count: Int = 5,
        title: String
    ) -> ChartAxis {
        let span = max(maximum - minimum, 1e-9)
        let step = niceStep(span / Double(count))
        let upper = max((maximum / step).rounded(.up) * step, minimum + step)
        var ticks: [(Double, String)] = []
        var value = (minimum / step).rounded(.down) * step
        while value <= upper + step / 2 {
            ticks.append((value, Formatting.axisLabel(value, step: step)))
            value += step
        }
        return ChartAxis(lower: minimum, upper: upper, ticks: ticks, title: title)
    }

    /// A time axis from 0 to exactly `end` (the run's end, not rounded up, so the last interval is
    /// drawn where it ends), with ticks at a "nice" step.
    static func time(end: Double, count: Int = 8, title: String) -> ChartAxis {
        let upper = max(end, 1e-9)
        let step = niceStep(upper / Double(count))
        var ticks: [(Double, String)] = []
        var value = 0.0
        var index = 0
        while value <= upper * (1 + 1e-9) {
            ticks.append((value, Formatting.axisLabel(value, step: step)))
            index += 1
            value = Double(index) * step
        }
        return ChartAxis(lower: 0, upper: upper, ticks: ticks, title: title)
    }

    /// 1, 2 or 5 × 10ⁿ, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 5, 10] where factor * magnitude >= raw { return factor * magnitude }
        return 10 * magnitude
    }

    /// Position of `value` as a fraction of the axis (0 at `lower`).
    func fraction(_ value: Double) -> Double {
        upper > lower ? (value - lower) / (upper - lower) : 0
    }
}
