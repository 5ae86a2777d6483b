import Foundation

/// The machine-readable result of a run, written as `summary.json` (schema `gbfuzz.summary/1`).
///
/// Every key is documented in `docs/RESULTS.md`; the contract keys other tools may rely on are
/// `schema`, `seed`, `duration_s`, `totals`, `ops`, `violations` and `thresholds`. Durations are
/// milliseconds unless the key says otherwise. A file written before `model` existed decodes with
/// an empty one. Nothing here may contain a secret: build it with
/// ``init(recording:metadata:violations:)``, which redacts the configuration and the target.
package struct RunSummary: Codable, Sendable, Equatable {
    package static let schemaIdentifier = "gbfuzz.summary/1"

    package var schema: String
    package var seed: UInt64
    /// Monotonic run time, seconds.
    package var durationS: Double
    /// Wall-clock start, ISO 8601 UTC with milliseconds.
    package var startedAt: String
    /// The profile's name.
    package var profile: String
    /// The target, without credentials (user-info and secret query values removed).
    package var target: String
    /// The run's configuration as strings, values of secret-like keys replaced by `[redacted]`.
    package var config: [String: String]
    package var totals: SummaryTotals
    package var ops: [String: OperationSummary]
    /// Requests sent more than `late_start_tolerance_ms` after their intended start.
    package var lateStarts: UInt64
    package var lateStartToleranceMs: Double
    /// Send − intended start, all operations.
    package var scheduleLagMs: DistributionSummary
    package var violations: ViolationsSummary
    package var thresholds: [ThresholdResult]
    /// One point per interval with completions, in time order.
    package var timeline: [TimelinePoint]
    /// How the histograms behind every percentile were configured.
    package var histogram: HistogramInfo
    /// How well the reference model kept up: desyncs, belief overflows, harness errors.
    package var model: ModelSummary
    /// Interrupted or not, phases and their durations, clock waits, the audit.
    package var run: RunStatus

    enum CodingKeys: String, CodingKey {
        case schema, seed
        case durationS = "duration_s"
        case startedAt = "started_at"
        case profile, target, config, totals, ops
        case lateStarts = "late_starts"
        case lateStartToleranceMs = "late_start_tolerance_ms"
        case scheduleLagMs = "schedule_lag_ms"
        case violations, thresholds, timeline, histogram, model, run
    }

    package init(
        schema: String = RunSummary.schemaIdentifier,
        seed: UInt64,
        durationS: Double,
        startedAt: String,
        profile: String,
        target: String,
        config: [String: String],
        totals: SummaryTotals,
        ops: [String: OperationSummary],
        lateStarts: UInt64,
        lateStartToleranceMs: Double,
        scheduleLagMs: DistributionSummary,
        violations: ViolationsSummary,
        thresholds: [ThresholdResult],
        timeline: [TimelinePoint],
        histogram: HistogramInfo,
        model: ModelSummary = ModelSummary(),
        run: RunStatus = RunStatus()
    ) {
        self.schema = schema
        self.seed = seed
        self.durationS = durationS
        self.startedAt = startedAt
        self.profile = profile
        self.target = target
        self.config = config
        self.totals = totals
        self.ops = ops
        self.lateStarts = lateStarts
        self.lateStartToleranceMs = lateStartToleranceMs
        self.scheduleLagMs = scheduleLagMs
        self.violations = violations
        self.thresholds = thresholds
        self.timeline = timeline
        self.histogram = histogram
        self.model = model
        self.run = run
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schema = try c.decode(String.self, forKey: .schema)
        seed = try c.decode(UInt64.self, forKey: .seed)
        durationS = try c.decode(Double.self, forKey: .durationS)
        startedAt = try c.decode(String.self, forKey: .startedAt)
        profile = try c.decode(String.self, forKey: .profile)
        target = try c.decode(String.self, forKey: .target)
        config = try c.decode([String: String].self, forKey: .config)
        totals = try c.decode(SummaryTotals.self, forKey: .totals)
        ops = try c.decode([String: OperationSummary].self, forKey: .ops)
        lateStarts = try c.decode(UInt64.self, forKey: .lateStarts)
        lateStartToleranceMs = try c.decode(Double.self, forKey: .lateStartToleranceMs)
        scheduleLagMs = try c.decode(DistributionSummary.self, forKey: .scheduleLagMs)
        violations = try c.decode(ViolationsSummary.self, forKey: .violations)
        thresholds = try c.decode([ThresholdResult].self, forKey: .thresholds)
        timeline = try c.decode([TimelinePoint].self, forKey: .timeline)
        histogram = try c.decode(HistogramInfo.self, forKey: .histogram)
        // Absent from summaries written before it existed.
        model = try c.decodeIfPresent(ModelSummary.self, forKey: .model) ?? ModelSummary()
        run = try c.decodeIfPresent(RunStatus.self, forKey: .run) ?? RunStatus()
    }

    /// The JSON encoding used for `summary.json`: sorted keys, pretty-printed, slashes unescaped.
    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Decodes `summary.json`.
    package static func decode(from data: Data) throws -> RunSummary {
        try JSONDecoder().decode(RunSummary.self, from: data)
    }

    /// True when every threshold held, no violation was found, the run was not interrupted, the
    /// target's knobs stayed as they were and a race-hunting run's history was judged linearizable
    /// (not unknown).
    package var passed: Bool { !failed && !undecided }

    /// The run was interrupted, found a violation or failed a threshold.
    package var failed: Bool { run.interrupted || violations.count > 0 || !thresholds.allSatisfy(\.ok) }

    /// Neither passed nor failed: the target's knobs changed during a complete run (what it found
    /// may come from the change), or nothing failed but the linearizability checker ran out of
    /// budget.
    package var undecided: Bool {
        guard !run.interrupted else { return false }
        return run.targetChanged != nil || (!failed && run.race?.isUnknown == true)
    }
}
