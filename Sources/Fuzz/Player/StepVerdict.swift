import Model
import Protocol

/// How one answer is counted.
public enum OutcomeClass: String, Sendable, Codable, Hashable, CaseIterable {
    /// Success, as the model allowed.
    case ok
    /// A failure code the model allowed.
    case expectedError
    /// A violation (wrong code or field, protocol violation).
    case unexpected
    /// No answer (transport error, timeout): maybe applied.
    case transportError
}

/// What the oracle made of one executed operation.
public struct StepVerdict: Sendable {
    public var kind: OperationKind
    /// The answer's result code (nil without an answer).
    public var code: ResultCode?
    public var outcome: OutcomeClass
    public var violations: [Violation]
    /// Codes the model allowed for the operation.
    public var predictedCodes: [ResultCode]
}
