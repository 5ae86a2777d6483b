/// The run's intervals as the "Over time" charts draw them, built from the summary alone (so the run
/// and `gbfuzz report` draw the same): one slot per interval from 0 to the run's end, each as long
/// as the interval was. A summary written before the timeline listed empty intervals still gets a
/// slot for each of them, without a point.
struct ChartTimeline {
    struct Slot {
        /// Interval number: its start is `index × interval_s`.
        var index: Int
        var start: Double
        var end: Double
        /// The summary's point for the interval (`nil` in an old summary's gap).
        var point: TimelinePoint?

        var length: Double { end - start }
        /// Completions in the interval.
        var requests: UInt64 { point?.requests ?? 0 }
    }

    let slots: [Slot]
    let intervalS: Double
    /// The right end of the time axis: the run's end (or the last interval's, if later).
    let end: Double

    init(_ summary: RunSummary) {
        let length = summary.histogram.intervalS > 0 ? summary.histogram.intervalS : 1
        var points: [Int: TimelinePoint] = [:]
        for point in summary.timeline { points[Self.index(of: point.t, length: length)] = point }
        let byDuration = Int((summary.durationS / length - 1e-9).rounded(.up))
        let count = max(byDuration, (points.keys.max() ?? -1) + 1, 0)
        slots = (0..<count).map { index in
            if let point = points[index] {
                return Slot(index: index, start: point.t, end: point.t + point.lengthS, point: point)
            }
            let start = Double(index) * length
            let end = summary.durationS > start ? min(start + length, summary.durationS) : start + length
            return Slot(index: index, start: start, end: end, point: nil)
        }
        intervalS = length
        end = max(summary.durationS, slots.last?.end ?? 0)
    }

    /// The interval number of a start time.
    static func index(of start: Double, length: Double) -> Int { Int((start / length).rounded()) }

    /// A step per slot with `value` (a gap where it is `nil`), merged down to `limit` steps by `rule`.
    func steps(limit: Int = 600, rule: StepSeries.Merge, _ value: (Slot) -> Double?) -> StepSeries {
        StepSeries(slots.map { StepSeries.Step(start: $0.start, end: $0.end, value: value($0)) })
            .downsampled(limit: limit, rule: rule)
    }

    /// A rate: `count` ÷ the slot's true length (0 for an empty slot).
    static func rate(_ count: UInt64, _ slot: Slot) -> Double {
        slot.length > 0 ? Double(count) / slot.length : 0
    }

    /// The last slot, when it is shorter than an interval (the run ended inside it).
    var partialLast: Slot? {
        guard let last = slots.last, last.length < intervalS * (1 - 1e-9) else { return nil }
        return last
    }

    /// How many intervals one drawn step covers when there are more than `limit`.
    func bucket(limit: Int = 600) -> Int { slots.count > limit ? (slots.count + limit - 1) / limit : 1 }
}
