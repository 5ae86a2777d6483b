import Protocol

/// A step the model cannot track within its caps: more paths through one step's choice points than
/// ``GamebaseModel/maxPaths``, or more consistent states than ``Belief/maxStates``. Nothing is
/// truncated silently: the step reports it, the player abandons the episode (a desync, never a
/// false alarm) and the run counts it (`summary.json` `model.belief_overflows`).
package struct BeliefOverflow: Hashable, Sendable, CustomStringConvertible {
    package enum Cap: String, Hashable, Sendable {
        /// Paths through the choice points of one step on one state.
        case paths = "outcome paths"
        /// States in the belief.
        case states = "belief states"
    }

    package var cap: Cap
    /// The cap that was exceeded.
    package var limit: Int
    /// The step's stable id.
    package var step: Int
    /// The operation, symbolic: `login.token d0 T3`.
    package var operation: String

    package init(_ cap: Cap, limit: Int, _ op: Op) {
        self.cap = cap
        self.limit = limit
        step = op.id
        operation = op.action.description
    }

    /// `login.token d0 T3 (step 5): more than 256 outcome paths`.
    package var description: String { "\(operation) (step \(step)): more than \(limit) \(cap.rawValue)" }
}
