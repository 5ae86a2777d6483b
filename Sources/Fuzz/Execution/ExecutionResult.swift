import Model
import Protocol
import Transport

/// What came back for one operation.
package struct ExecutionResult: Sendable {
    package enum Outcome: Sendable {
        /// A well-formed Gamebase answer; `envelope` is set when it breaks X1/X2.
        case answer(Observation, envelope: Mismatch?)
        /// Not a Gamebase answer (non-200, non-JSON, bad envelope): rule X2.
        case protocolError(ProtocolError)
        /// No answer: the operation may or may not have been applied.
        case transportError(TransportError)
    }
    package var outcome: Outcome
    package var transactionId: String
    /// The raw answer, for reports.
    package var response: HTTPResponse?

    package init(outcome: Outcome, transactionId: String, response: HTTPResponse? = nil) {
        self.outcome = outcome
        self.transactionId = transactionId
        self.response = response
    }

    /// The Gamebase answer, if one came.
    package var answer: Observation? {
        if case .answer(let o, _) = outcome { return o }
        return nil
    }

    package var code: ResultCode? { answer?.code }

    /// The fault-injecting proxy sent this request twice (`X-Gbfuzz-Fault: duplicate`): the answer
    /// is the first one's, and the target may have applied the request once more after it.
    package var duplicated: Bool { response?.headers[FaultSpec.header] == "duplicate" }
}

/// Anything that can carry out planned operations: the real ``Executor`` over HTTP, or a
/// stand-in (``SimulatedTarget``).
package protocol OperationExecutor: Sendable {
    func execute(_ planned: PlannedOperation) async -> ExecutionResult
    /// The target's current server time (test control), to check the model's clock; `nil` when
    /// the target cannot tell.
    func serverClock() async -> Int64?
    /// The task executor player `index` should run on: the transport's, so that sending, completing
    /// and the model step need no thread hop; `nil` to run on the cooperative pool.
    func preferredTaskExecutor(player index: Int) -> (any TaskExecutor)?
}

extension OperationExecutor {
    package func serverClock() async -> Int64? { nil }
    package func preferredTaskExecutor(player index: Int) -> (any TaskExecutor)? { nil }
}
