import Protocol

/// A request rejected before its semantics ran (bad input, wrong app id or secret, unknown path).
/// ``EnvelopeMiddleware`` turns it into the envelope; nothing was written.
struct GamebaseFailure: Error, Sendable, CustomStringConvertible {
    var code: ResultCode
    var detail: String

    init(_ code: ResultCode, _ detail: String = "") {
        self.code = code
        self.detail = detail
    }

    var description: String { "\(code) \(detail)" }
}
