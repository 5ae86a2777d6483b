/// A per-interval time series drawn as steps: each interval is a horizontal segment from its start
/// to its end at its value, so an interval is as wide as it was long (a partial last interval is
/// narrow, never stretched to a full one), and an interval without a value is a gap, never a line
/// interpolated across it.
struct StepSeries {
    /// One interval: `[start, end)` seconds since the run's start; `value` `nil` for a gap.
    struct Step: Equatable {
        var start: Double
        var end: Double
        var value: Double?
    }

    /// How steps are combined when a long run has more intervals than the chart has room for.
    enum Merge {
        /// The time-weighted mean: for a rate, the rate over the merged span (count ÷ length).
        case mean
        /// The highest value (keeps latency peaks visible).
        case maximum
    }

    var steps: [Step]

    init(_ steps: [Step]) { self.steps = steps }

    /// The highest value, if any step has one.
    var maximum: Double? { steps.compactMap(\.value).max() }

    /// At most `limit` steps: runs of consecutive steps merged by `rule`. A merged step is a gap only
    /// when every step in it is one.
    func downsampled(limit: Int, rule: Merge) -> StepSeries {
        guard steps.count > limit, limit > 0 else { return self }
        let bucket = (steps.count + limit - 1) / limit
        let merged = stride(from: 0, to: steps.count, by: bucket).map { first -> Step in
            let slice = steps[first..<min(first + bucket, steps.count)]
            let valued = slice.filter { $0.value != nil }
            var value: Double?
            if !valued.isEmpty {
                switch rule {
                case .maximum:
                    value = valued.map { $0.value! }.max()
                case .mean:
                    let length = slice.reduce(0) { $0 + ($1.end - $1.start) }
                    let weighted = valued.reduce(0) { $0 + $1.value! * ($1.end - $1.start) }
                    value = length > 0 ? weighted / length : valued[0].value
                }
            }
            return Step(start: slice.first!.start, end: slice.last!.end, value: value)
        }
        return StepSeries(merged)
    }

    /// The polylines that draw the steps: one per run of adjacent valued steps, with a vertical
    /// rise or fall between steps and no redundant points on horizontal runs.
    var segments: [[(x: Double, y: Double)]] {
        var segments: [[(x: Double, y: Double)]] = []
        var current: [(x: Double, y: Double)] = []
        var previousEnd: Double?
        for step in steps {
            guard let value = step.value else {
                if !current.isEmpty { segments.append(current) }
                current = []
                previousEnd = nil
                continue
            }
            if let previousEnd, !Self.same(previousEnd, step.start) {
                segments.append(current)
                current = []
            }
            Self.append((step.start, value), to: &current)
            Self.append((step.end, value), to: &current)
            previousEnd = step.end
        }
        if !current.isEmpty { segments.append(current) }
        return segments
    }

    private static func append(_ point: (x: Double, y: Double), to points: inout [(x: Double, y: Double)]) {
        if let last = points.last, same(last.x, point.x), last.y == point.y { return }
        // A horizontal run keeps only its two ends.
        if points.count >= 2, points[points.count - 1].y == point.y, points[points.count - 2].y == point.y {
            points[points.count - 1] = point
            return
        }
        points.append(point)
    }

    private static func same(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }
}
