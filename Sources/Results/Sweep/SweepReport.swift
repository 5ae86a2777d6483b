import Foundation

/// `gbfuzz sweep`: one run of a profile per arrival rate, side by side (`sweep.json`,
/// `sweep.html`), and the first rate at which the target stopped being correct or fast enough.
package struct SweepReport: Codable, Sendable, Equatable {
    package static let schemaIdentifier = "gbfuzz.sweep/1"

    /// One step: the run at one rate.
    package struct Step: Codable, Sendable, Equatable {
        /// The arrival rate asked for (operations or sessions per second, as the profile's `load`).
        package var rate: Double
        /// The step's run folder, relative to the sweep's.
        package var directory: String
        package var requests: UInt64
        package var throughputRps: Double
        package var latencyP50Ms: Double
        package var latencyP99Ms: Double
        package var errorRate: Double
        package var lateStarts: UInt64
        package var violations: Int
        /// The thresholds that failed, as written.
        package var failedThresholds: [String]
        /// The step's exit status as `gbfuzz run` gives it (0 clean, 1 threshold, 2 violations, …).
        package var exit: Int32

        enum CodingKeys: String, CodingKey {
            case rate, directory, requests, violations, exit
            case throughputRps = "throughput_rps"
            case latencyP50Ms = "latency_p50_ms"
            case latencyP99Ms = "latency_p99_ms"
            case errorRate = "error_rate"
            case lateStarts = "late_starts"
            case failedThresholds = "failed_thresholds"
        }

        package init(rate: Double, directory: String, summary: RunSummary, exit: Int32) {
            self.rate = rate
            self.directory = directory
            requests = summary.totals.requests
            throughputRps = summary.totals.throughputRps
            latencyP50Ms = summary.totals.latencyMs.p50
            latencyP99Ms = summary.totals.latencyMs.p99
            errorRate = summary.totals.errorRate
            lateStarts = summary.lateStarts
            violations = summary.violations.count
            failedThresholds = summary.thresholds.filter { !$0.ok }.map(\.expression)
            self.exit = exit
        }

        /// Violations found or a threshold failed at this rate.
        package var failed: Bool { violations > 0 || !failedThresholds.isEmpty }
    }

    package var schema = SweepReport.schemaIdentifier
    package var profile: String
    package var target: String
    package var seed: UInt64
    package var steps: [Step]

    enum CodingKeys: String, CodingKey {
        case schema, profile, target, seed, steps
        case firstFailingRate = "first_failing_rate"
        case firstViolatingRate = "first_violating_rate"
    }

    package init(profile: String, target: String, seed: UInt64, steps: [Step]) {
        self.profile = profile
        self.target = target
        self.seed = seed
        self.steps = steps
    }

    /// The lowest rate at which violations appeared or a threshold failed (`nil`: none did).
    package var firstFailingRate: Double? { steps.filter(\.failed).map(\.rate).min() }
    /// The lowest rate at which violations appeared.
    package var firstViolatingRate: Double? { steps.filter { $0.violations > 0 }.map(\.rate).min() }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schema = try c.decode(String.self, forKey: .schema)
        profile = try c.decode(String.self, forKey: .profile)
        target = try c.decode(String.self, forKey: .target)
        seed = try c.decode(UInt64.self, forKey: .seed)
        steps = try c.decode([Step].self, forKey: .steps)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(profile, forKey: .profile)
        try c.encode(target, forKey: .target)
        try c.encode(seed, forKey: .seed)
        try c.encode(steps, forKey: .steps)
        try c.encode(firstFailingRate, forKey: .firstFailingRate)
        try c.encode(firstViolatingRate, forKey: .firstViolatingRate)
    }

    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// The terminal table and the verdict line.
    package var text: String {
        var table = TextTable([
            ("rate/s", .right), ("requests", .right), ("req/s", .right), ("p50 ms", .right), ("p99 ms", .right),
            ("errors", .right), ("late", .right), ("violations", .right), ("result", .left),
        ])
        for s in steps {
            table.append([
                Formatting.rate(s.rate), Formatting.count(s.requests), Formatting.rate(s.throughputRps),
                Formatting.milliseconds(s.latencyP50Ms), Formatting.milliseconds(s.latencyP99Ms),
                Formatting.percent(s.errorRate), Formatting.count(s.lateStarts), String(s.violations),
                s.violations > 0
                    ? "violations"
                    : s.failedThresholds.isEmpty ? "ok" : "FAIL " + s.failedThresholds.joined(separator: "; "),
            ])
        }
        return table.render(separatorAfter: []) + "\n\n" + verdict
    }

    /// `first failure at 800/s (violations)`, or that none appeared.
    package var verdict: String {
        guard let rate = firstFailingRate, let step = steps.first(where: { $0.rate == rate }) else {
            return
                "no violation and every threshold held at every rate up to \(Formatting.rate(steps.map(\.rate).max() ?? 0))/s"
        }
        let why =
            step.violations > 0
            ? "\(step.violations) violations" : "failed: " + step.failedThresholds.joined(separator: "; ")
        return "first failure at \(Formatting.rate(rate))/s (\(why))"
    }
}
