import Protocol

/// The model could not judge a step because its own state is inconsistent (``MissingState``): a
/// harness bug, never a violation of the target. The player drops the episode (as after a desync)
/// and the run counts it and shows its message (`summary.json` `model.harness_errors`).
package struct HarnessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the model was when it found the state missing.
    package enum Stage: String, Hashable, Sendable {
        /// Predicting the step's outcomes (``GamebaseModel/step(_:_:_:)``).
        case predicting
        /// Matching the answer against an outcome (``Matcher/match(_:_:op:)``).
        case matching
    }

    package var kind: OperationKind
    /// The step's stable id.
    package var step: Int
    /// The operation, symbolic: `member.get d0 T12`.
    package var operation: String
    package var missing: MissingState
    package var stage: Stage

    package init(_ op: Op, _ missing: MissingState, stage: Stage) {
        kind = op.kind
        step = op.id
        operation = op.action.description
        self.missing = missing
        self.stage = stage
    }

    /// `member.get d0 T12 (step 5, predicting): no user U7 in the model state`.
    package var description: String { "\(operation) (step \(step), \(stage.rawValue)): \(missing)" }
}
