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
    /// The model's own state was inconsistent, so the answer was not judged (outcome
    /// `unexpected`, never a violation) and the episode was dropped.
    package var harnessError: HarnessError?
    /// The belief exceeded a cap at this step (``BeliefOverflow``).
    package var beliefOverflow: BeliefOverflow?
    /// The episode was abandoned after this step because the belief could not track it.
    package var desync: Bool
    /// The server-time window the operation was handled in (for the history).
    package var window: ClockWindow?
    /// Shared world: the player's own view did not explain the answer (another player changed
    /// what it touched), so it started over; the checker judges the answer, not this player.
    package var localReset = false
    /// The fault-injecting proxy sent the request twice: the answer was judged, then the episode
    /// ended (its identities may hold a second application nobody saw), kept from the audit.
    package var duplicated = false

    package init(
        kind: OperationKind,
        code: ResultCode?,
        outcome: OutcomeClass,
        violations: [Violation] = [],
        predictedCodes: [ResultCode] = [],
        harnessError: HarnessError? = nil,
        beliefOverflow: BeliefOverflow? = nil,
        desync: Bool = false
    ) {
        self.kind = kind
        self.code = code
        self.outcome = outcome
        self.violations = violations
        self.predictedCodes = predictedCodes
        self.harnessError = harnessError
        self.beliefOverflow = beliefOverflow
        self.desync = desync
    }
}

extension StepVerdict {
    /// Why `result` had no semantic answer, for the failure breakdown: its generic failure code
    /// when the verdict is a server error, else what the transport and the decoder said.
    package func failure(of result: ExecutionResult) -> FailureKind? {
        if outcome == .serverError, let code { return .generic(code.rawValue) }
        return result.failure
    }
}
