import Protocol

/// A request rejected before its semantics ran (bad input, wrong app id or secret, unknown path).
/// ``EnvelopeMiddleware`` turns it into the envelope; nothing was written.
package struct GamebaseFailure: Error, Sendable, CustomStringConvertible {
    package var code: ResultCode
    package var detail: String

    package init(_ code: ResultCode, _ detail: String = "") {
        self.code = code
        self.detail = detail
    }

    package var description: String { "\(code) \(detail)" }
}
