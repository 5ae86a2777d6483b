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

/// One violation, as the engine reports it.
package struct ViolationEntry: Codable, Sendable, Equatable {
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

    enum CodingKeys: String, CodingKey {
        case index, rule, message, expected, observed, standing
        case reproducerJSON = "reproducer_json"
        case reproducerSH = "reproducer_sh"
    }

    package init(
        index: Int,
        rule: String,
        message: String,
        expected: String,
        observed: String,
        reproducerJSON: String? = nil,
        reproducerSH: String? = nil
    ) {
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

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
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
