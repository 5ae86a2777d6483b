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
    /// Partitions the checker judged: linearizable, violating, unknown (out of budget).
    package var partitions: Int
    package var linearizable: Int
    package var violating: Int
    package var unknown: Int

    enum CodingKeys: String, CodingKey {
        case bursts
        case partialBursts = "partial_bursts"
        case spreadMs = "spread_ms"
        case historyOperations = "history_operations"
        case historyDropped = "history_dropped"
        case probes, partitions, linearizable, violating, unknown
    }

    package init(
        bursts: Int = 0,
        partialBursts: Int = 0,
        spreadMs: SpreadSummary = SpreadSummary(),
        historyOperations: Int = 0,
        historyDropped: Int = 0,
        probes: Int = 0,
        partitions: Int = 0,
        linearizable: Int = 0,
        violating: Int = 0,
        unknown: Int = 0
    ) {
        self.bursts = bursts
        self.partialBursts = partialBursts
        self.spreadMs = spreadMs
        self.historyOperations = historyOperations
        self.historyDropped = historyDropped
        self.probes = probes
        self.partitions = partitions
        self.linearizable = linearizable
        self.violating = violating
        self.unknown = unknown
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
