import Linearizability

/// The `violations` object of `summary.json`.
package struct ViolationsSummary: Codable, Sendable, Equatable {
    /// Violations found (may exceed `list.count` if the engine capped the list).
    package var count: Int
    /// Violations per rule id (`M6`, `T8`…).
    package var byRule: [String: Int]
    /// The violations, each with its reproducer files.
    package var list: [ViolationEntry]

    enum CodingKeys: String, CodingKey {
        case count
        case byRule = "by_rule"
        case list
    }

    package init(count: Int, byRule: [String: Int], list: [ViolationEntry]) {
        self.count = count
        self.byRule = byRule
        self.list = list
    }

    /// Counts `list` per rule; `count` defaults to the list's length.
    package init(list: [ViolationEntry], count: Int? = nil) {
        var byRule: [String: Int] = [:]
        for entry in list { byRule[entry.rule, default: 0] += 1 }
        self.init(count: count ?? list.count, byRule: byRule, list: list)
    }
}

/// One violation: an answer the model did not allow (a player's oracle, the audit), or a
/// shared-pool history no linearization explains (the linearizability checker).
package struct ViolationEntry: Codable, Sendable, Equatable {
    /// Which checker found it.
    package enum Checker: String, Codable, Sendable {
        /// A player's oracle or the audit (each answer against the player's belief).
        case model
        /// The linearizability checker (the run's history against the model).
        case linearizability
    }

    /// 1-based number; the reproducer files are `violations/NNN.json` and `.sh` with this number.
    package var index: Int
    /// The rule id (`M6`, `X1`…).
    package var rule: String
    package var message: String
    /// What the model allowed.
    package var expected: String
    /// What the target did.
    package var observed: String
    /// Path of the replayable reproducer, relative to the run directory (`violations/001.json`).
    package var reproducerJSON: String?
    /// Path of the curl script, relative to the run directory (`violations/001.sh`).
    package var reproducerSH: String?
    /// Shrunk or not, its length, and how often it reproduced when replayed.
    package var standing: ViolationStanding?
    package var checker: Checker
    /// A linearizability violation's witness: the smallest sub-history of the history whose answers
    /// no linearization explains (docs/MODEL.md); `nil` for the model's violations.
    package var subHistory: SubHistory?

    enum CodingKeys: String, CodingKey {
        case index, rule, message, expected, observed, standing, checker
        case reproducerJSON = "reproducer_json"
        case reproducerSH = "reproducer_sh"
        case subHistory = "sub_history"
    }

    package init(
        index: Int,
        rule: String,
        message: String,
        expected: String,
        observed: String,
        reproducerJSON: String? = nil,
        reproducerSH: String? = nil,
        checker: Checker = .model,
        subHistory: SubHistory? = nil
    ) {
        self.checker = checker
        self.subHistory = subHistory
        self.index = index
        self.rule = rule
        self.message = message
        self.expected = expected
        self.observed = observed
        self.reproducerJSON = reproducerJSON
        self.reproducerSH = reproducerSH
    }

    /// The conventional relative reproducer paths for violation number `index`.
    package static func reproducerPaths(index: Int) -> (json: String, sh: String) {
        let number = String(index)
        let padded = String(repeating: "0", count: max(0, 3 - number.count)) + number
        return ("violations/\(padded).json", "violations/\(padded).sh")
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index)
        rule = try c.decode(String.self, forKey: .rule)
        message = try c.decode(String.self, forKey: .message)
        expected = try c.decode(String.self, forKey: .expected)
        observed = try c.decode(String.self, forKey: .observed)
        reproducerJSON = try c.decodeIfPresent(String.self, forKey: .reproducerJSON)
        reproducerSH = try c.decodeIfPresent(String.self, forKey: .reproducerSH)
        standing = try c.decodeIfPresent(ViolationStanding.self, forKey: .standing)
        // Absent from summaries written before the linearizability checker existed.
        checker = try c.decodeIfPresent(Checker.self, forKey: .checker) ?? .model
        subHistory = try c.decodeIfPresent(SubHistory.self, forKey: .subHistory)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(checker, forKey: .checker)
        try container.encode(subHistory, forKey: .subHistory)
        try container.encode(index, forKey: .index)
        try container.encode(rule, forKey: .rule)
        try container.encode(message, forKey: .message)
        try container.encode(expected, forKey: .expected)
        try container.encode(observed, forKey: .observed)
        // Always present (null when the engine wrote none), so consumers can rely on the keys.
        try container.encode(reproducerJSON, forKey: .reproducerJSON)
        try container.encode(reproducerSH, forKey: .reproducerSH)
        try container.encode(standing, forKey: .standing)
    }
}

/// A reproducer's standing in `summary.json` (`violations.list[].standing`).
package struct ViolationStanding: Codable, Sendable, Equatable {
    /// Whether the shrinker minimised the sequence.
    package var shrunk: Bool
    /// The reproducer's length in steps.
    package var steps: Int
    /// Confirmation replays made, and how many reproduced the violation.
    package var replays: Int
    package var reproduced: Int
    /// `confirmed`, `flaky`, `unconfirmed` or `not_replayed`.
    package var status: String

    package init(shrunk: Bool, steps: Int, replays: Int, reproduced: Int, status: String) {
        self.shrunk = shrunk
        self.steps = steps
        self.replays = replays
        self.reproduced = reproduced
        self.status = status
    }

    /// `shrunk to 3 steps, confirmed 3/3`.
    package var text: String {
        let how = shrunk ? "shrunk to \(steps) steps" : "unshrunk (\(steps) steps)"
        return status == "not_replayed" ? "\(how), not replayed" : "\(how), \(status) \(reproduced)/\(replays)"
    }
}

/// A linearizability violation's witness in `summary.json` (`violations.list[].sub_history`).
package struct SubHistory: Codable, Sendable, Equatable {
    /// The witness's entries in invoke order (at most ``SubHistory/listed``).
    package var entries: [EntryReport]
    /// How many entries the witness has (more than `entries` when it was cut for the summary).
    package var count: Int
    /// Whether the shrink tried every reduction (a 1-minimal witness), not stopped by its budget.
    package var minimal: Bool
    /// The partition it comes from: its size and its first entity keys.
    package var partitionEntries: Int
    package var keys: [String]
    /// The entry the deepest linearization of the partition could not place, and why.
    package var stuck: StuckEntry?

    /// The most entries a summary lists per violation.
    package static let listed = 200

    enum CodingKeys: String, CodingKey {
        case entries, count, minimal, keys, stuck
        case partitionEntries = "partition_entries"
    }

    package init(
        entries: [EntryReport],
        minimal: Bool,
        partitionEntries: Int,
        keys: [String],
        stuck: StuckEntry?
    ) {
        self.entries = Array(entries.prefix(Self.listed))
        self.count = entries.count
        self.minimal = minimal
        self.partitionEntries = partitionEntries
        self.keys = keys
        self.stuck = stuck
    }
}
