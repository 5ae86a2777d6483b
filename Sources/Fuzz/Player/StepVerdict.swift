import Engine
import Model
import Protocol

/// What the oracle made of one executed operation. Its ``outcome`` is the engine's
/// ``OutcomeClass``: one classification from the oracle to the recorder and the summary.
package struct StepVerdict: Sendable {
    package var kind: OperationKind
    /// The answer's result code (nil without an answer).
    package var code: ResultCode?
    package var outcome: OutcomeClass
    package var violations: [Violation]
    /// Codes the model allowed for the operation.
    package var predictedCodes: [ResultCode]
}
