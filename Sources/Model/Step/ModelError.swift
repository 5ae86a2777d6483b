import Protocol

/// Why the model gave no judgement for a step. Neither is a finding about the target: the player
/// drops the episode and the run counts it (`summary.json` `model`).
package enum ModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The model's own state is inconsistent.
    case harness(HarnessError)
    /// The step has more outcome paths than the model enumerates.
    case overflow(BeliefOverflow)

    package var description: String {
        switch self {
        case .harness(let h): "harness error: \(h)"
        case .overflow(let o): "belief overflow: \(o)"
        }
    }
}
