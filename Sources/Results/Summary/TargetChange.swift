/// The target's knobs changed while the run went on (`summary.json` `run.target_changed`): its
/// players judged every answer by the knobs read at the start, so after the change an answer may
/// differ from the model without a bug (a maintenance window put in force answers 3701 to every
/// login), and a bug may pass unseen. The run's verdict is UNKNOWN, whatever it found.
package struct TargetChange: Codable, Sendable, Equatable {
    /// When the change was first seen, in seconds from the start of the load (the change itself
    /// happened at most one watch interval earlier, or, when the read after the load saw it, at
    /// most one interval plus the drain).
    package var seenAtS: Double
    /// One line per knob that differs: `path: before → after` (values as JSON).
    package var differences: [String]

    enum CodingKeys: String, CodingKey {
        case seenAtS = "seen_at_s"
        case differences
    }

    package init(seenAtS: Double, differences: [String]) {
        self.seenAtS = seenAtS
        self.differences = differences
    }

    /// One line for the terminal, the report and JUnit.
    package var message: String {
        let at = (seenAtS * 10).rounded() / 10
        return "the target's knobs changed during the run (seen \(at) s into the load): "
            + differences.joined(separator: "; ")
            + ". Its answers were judged by the knobs it had at the start: what the run found may come from"
            + " the change, and a bug may have passed unseen."
    }
}
