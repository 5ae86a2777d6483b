import Engine
import Protocol
import Transport

extension ExecutionResult {
    /// Why there was no protocol answer, for the failure breakdown (`nil` for an answer, and for a
    /// request the run cancelled).
    package var failure: FailureKind? {
        // Most results are answers: tested first, without copying the outcome's payload.
        if case .answer = outcome { return nil }
        switch outcome {
        case .answer: return nil
        case .protocolError(let e):
            return e.code == .httpStatus ? .http(e.response.status) : .malformed
        case .transportError(let e):
            switch e.code {
            case .shutdown: return nil
            case .timeout: return .timeout
            case .connectionReset: return .reset
            case .connectionRefused: return .refused
            case .malformedResponse: return .malformed
            default: return .otherTransport
            }
        }
    }

    /// The first bytes of a non-protocol answer (an HTML error page, truncated JSON), as its example.
    package var failureExample: String? {
        if case .answer = outcome { return nil }
        guard case .protocolError(let e) = outcome else { return nil }
        let bytes = e.response.body.prefix(Recorder.exampleLength)
        return bytes.isEmpty ? "(empty body)" : String(decoding: bytes, as: UTF8.self)
    }
}
