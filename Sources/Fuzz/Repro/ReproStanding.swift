/// Where a reproducer stands: shrunk or not, and how often its sequence reproduced the violation
/// (the same rule) when replayed with fresh identities. The same in the JSON file, the curl script,
/// the terminal, `summary.json` and the report.
package struct ReproStanding: Codable, Sendable, Hashable, CustomStringConvertible {
    package enum Status: String, Codable, Sendable, Hashable {
        /// Every replay reproduced it.
        case confirmed
        /// Some replays did, some did not: a timing-dependent or state-dependent failure.
        case flaky
        /// Replayed, and no replay reproduced it.
        case unconfirmed
        /// Never replayed (the run was interrupted, or the phase's budget ran out).
        case notReplayed = "not_replayed"
    }

    /// Whether the shrinker minimised the sequence (and its result failed again when verified).
    package var shrunk: Bool
    /// Confirmation replays made, and how many reproduced the violation.
    package var replays: Int
    package var reproduced: Int

    package init(shrunk: Bool, replays: Int = 0, reproduced: Int = 0) {
        self.shrunk = shrunk
        self.replays = replays
        self.reproduced = reproduced
    }

    package var status: Status {
        if replays == 0 { return .notReplayed }
        if reproduced == replays { return .confirmed }
        return reproduced == 0 ? .unconfirmed : .flaky
    }

    /// `shrunk, confirmed 3/3`, `unshrunk, flaky 1/3`, `unshrunk, not replayed`.
    package var description: String {
        let how = shrunk ? "shrunk" : "unshrunk"
        switch status {
        case .notReplayed: return "\(how), not replayed"
        default: return "\(how), \(status.rawValue) \(reproduced)/\(replays)"
        }
    }
}
