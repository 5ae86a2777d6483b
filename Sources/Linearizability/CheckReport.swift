/// The verdict on a history, a partition, or the whole check.
package enum CheckVerdict: String, Codable, Hashable, Sendable, Comparable {
    /// Some linearization explains every answer.
    case linearizable
    /// None does.
    case violation
    /// The budget ran out first: neither passed nor failed.
    case unknown

    /// Violation wins over unknown, unknown over linearizable.
    package static func < (a: CheckVerdict, b: CheckVerdict) -> Bool { a.rank < b.rank }
    private var rank: Int {
        switch self {
        case .linearizable: 0
        case .unknown: 1
        case .violation: 2
        }
    }
}

/// How one partition went.
package struct PartitionReport: Codable, Hashable, Sendable {
    package var id: Int
    package var verdict: CheckVerdict
    /// How many entries it holds.
    package var entries: Int
    /// Its entities (at most ``LinearizabilityCheck/keysShown``), sorted.
    package var keys: [String]
    package var keyCount: Int
    /// Distinct configurations the search visited.
    package var configurations: Int
    package var elapsedMs: Double
    /// Why it is unknown.
    package var reason: String?
    /// Unknown: how many entries the deepest partial linearization placed, and the history index of
    /// the earliest entry it had not placed (where the search was stuck).
    package var deepest: Int?
    package var frontier: Int?
    /// Unknown: the first entry the deepest partial linearization could not place next, with what
    /// the model allowed there (where to look when a partition stays unknown).
    package var stuck: StuckEntry?

    private enum CodingKeys: String, CodingKey {
        case id, verdict, entries, keys, configurations, reason, deepest, frontier, stuck
        case keyCount = "key_count"
        case elapsedMs = "elapsed_ms"
    }
}

/// A non-linearizable partition: what `summary.json` lists under `violations` with
/// `"checker": "linearizability"`.
package struct LinearizabilityViolation: Codable, Hashable, Sendable {
    package var checker = "linearizability"
    package var partition: Int
    /// The partition's entities (at most ``LinearizabilityCheck/keysShown``).
    package var keys: [String]
    package var keyCount: Int
    /// A non-linearizable sub-history of the partition from which no entry (with the entries that
    /// use what it produced) could be deleted within the shrink's budget.
    package var minimal: [EntryReport]
    /// Whether the shrink finished (every deletion tried) rather than ran out of budget.
    package var minimalComplete: Bool
    /// The partition's size before shrinking.
    package var originalEntries: Int
    /// The deepest linearization of the whole partition.
    package var longestPrefix: LongestPrefix

    private enum CodingKeys: String, CodingKey {
        case checker, partition, keys, minimal
        case keyCount = "key_count"
        case minimalComplete = "minimal_complete"
        case originalEntries = "original_entries"
        case longestPrefix = "longest_prefix"
    }
}

/// The result of `gbfuzz check`: the verdict, every partition's, and each violation.
package struct CheckReport: Codable, Hashable, Sendable {
    package var checker = "linearizability"
    package var verdict: CheckVerdict
    package var entries: Int
    /// Whether the history was split into partitions (`false`: one partition).
    package var partitioned: Bool
    package var clock: HistoryHeader.Clock
    /// Entries left out because the history is incomplete from some instant on
    /// (``HistoryHeader/completeBeforeNs``): those invoked after it.
    package var uncheckedEntries: Int = 0
    package var partitions: [PartitionReport]
    package var violations: [LinearizabilityViolation]
    package var elapsedMs: Double

    private enum CodingKeys: String, CodingKey {
        case checker, verdict, entries, partitioned, clock, partitions, violations
        case uncheckedEntries = "unchecked_entries"
        case elapsedMs = "elapsed_ms"
    }

    /// Partitions per verdict.
    package func count(_ v: CheckVerdict) -> Int { partitions.count { $0.verdict == v } }
}
