/// What a race-hunting run did (`summary.json` `run.race`): synchronized bursts and how tightly
/// their requests met, the recorded history, audit probes under load, and the checker's verdicts.
package struct RaceSummary: Codable, Sendable, Equatable {
    /// Bursts released, and those released before they filled (their wait ran out).
    package var bursts: Int
    package var partialBursts: Int
    /// Spread of send times within a burst (first to last request handed to the transport).
    package var spreadMs: SpreadSummary
    /// Operations recorded in `history.jsonl`, and those not kept (the history was full).
    package var historyOperations: Int
    package var historyDropped: Int
    /// Audit probes sent under load.
    package var probes: Int
    /// Operations that waited for a lease on a shared identity (`race.inFlightPerIdentity`).
    package var leaseWaits: Int
    /// The checker's verdict on the history: `linearizable`, `violation`, `unknown` (a partition
    /// ran out of budget and none was violated) or `not_checked` (the run was interrupted).
    package var verdict: String
    /// Partitions the checker judged: linearizable, violating, unknown (out of budget).
    package var partitions: Int
    package var linearizable: Int
    package var violating: Int
    package var unknown: Int
    /// Entries of the largest partition.
    package var longestPartition: Int
    /// Entries not judged because the history was incomplete (invoked after the first operation
    /// it dropped; docs/MODEL.md).
    package var uncheckedEntries: Int
    /// Wall time of the check phase (searches and shrinking), milliseconds.
    package var checkMs: Double

    enum CodingKeys: String, CodingKey {
        case bursts
        case partialBursts = "partial_bursts"
        case spreadMs = "spread_ms"
        case historyOperations = "history_operations"
        case historyDropped = "history_dropped"
        case probes, verdict, partitions, linearizable, violating, unknown
        case leaseWaits = "lease_waits"
        case longestPartition = "longest_partition"
        case uncheckedEntries = "unchecked_entries"
        case checkMs = "check_ms"
    }

    package init(
        bursts: Int = 0,
        partialBursts: Int = 0,
        spreadMs: SpreadSummary = SpreadSummary(),
        historyOperations: Int = 0,
        historyDropped: Int = 0,
        probes: Int = 0,
        leaseWaits: Int = 0,
        verdict: String = "not_checked",
        partitions: Int = 0,
        linearizable: Int = 0,
        violating: Int = 0,
        unknown: Int = 0,
        longestPartition: Int = 0,
        uncheckedEntries: Int = 0,
        checkMs: Double = 0
    ) {
        self.verdict = verdict
        self.longestPartition = longestPartition
        self.uncheckedEntries = uncheckedEntries
        self.checkMs = checkMs
        self.bursts = bursts
        self.partialBursts = partialBursts
        self.spreadMs = spreadMs
        self.historyOperations = historyOperations
        self.historyDropped = historyDropped
        self.probes = probes
        self.leaseWaits = leaseWaits
        self.partitions = partitions
        self.linearizable = linearizable
        self.violating = violating
        self.unknown = unknown
    }
}

extension RaceSummary {
    /// The history was checked and the verdict is neither linearizable nor a violation.
    package var isUnknown: Bool { verdict == "unknown" }

    /// Summaries written before the checker's figures existed read back as not checked.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            bursts: try c.decode(Int.self, forKey: .bursts),
            partialBursts: try c.decode(Int.self, forKey: .partialBursts),
            spreadMs: try c.decode(SpreadSummary.self, forKey: .spreadMs),
            historyOperations: try c.decode(Int.self, forKey: .historyOperations),
            historyDropped: try c.decode(Int.self, forKey: .historyDropped),
            probes: try c.decode(Int.self, forKey: .probes),
            leaseWaits: try c.decodeIfPresent(Int.self, forKey: .leaseWaits) ?? 0,
            verdict: try c.decodeIfPresent(String.self, forKey: .verdict) ?? "not_checked",
            partitions: try c.decodeIfPresent(Int.self, forKey: .partitions) ?? 0,
            linearizable: try c.decodeIfPresent(Int.self, forKey: .linearizable) ?? 0,
            violating: try c.decodeIfPresent(Int.self, forKey: .violating) ?? 0,
            unknown: try c.decodeIfPresent(Int.self, forKey: .unknown) ?? 0,
            longestPartition: try c.decodeIfPresent(Int.self, forKey: .longestPartition) ?? 0,
            uncheckedEntries: try c.decodeIfPresent(Int.self, forKey: .uncheckedEntries) ?? 0,
            checkMs: try c.decodeIfPresent(Double.self, forKey: .checkMs) ?? 0
        )
    }
}

/// The spread of send times within bursts, milliseconds.
package struct SpreadSummary: Codable, Sendable, Equatable {
    package var p50: Double
    package var p90: Double
    package var p99: Double
    package var max: Double

    package init(p50: Double = 0, p90: Double = 0, p99: Double = 0, max: Double = 0) {
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.max = max
    }

    /// Nearest-rank percentiles of `spreads`.
    package init(spreads: [Duration]) {
        let ms = spreads.map { Double($0.components.seconds) * 1_000 + Double($0.components.attoseconds) / 1e15 }
            .sorted()
        func rank(_ p: Double) -> Double {
            guard !ms.isEmpty else { return 0 }
            let i = Int((p / 100 * Double(ms.count)).rounded(.up)) - 1
            return ms[Swift.max(0, Swift.min(ms.count - 1, i))]
        }
        self.init(p50: rank(50), p90: rank(90), p99: rank(99), max: ms.last ?? 0)
    }
}
