/// Why a request produced no protocol answer, as precisely as the transport and the decoder can
/// tell: the breakdown behind `failed` and `transport_errors` (docs/RESULTS.md, `failures`).
package enum FailureKind: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// An HTTP answer with a status other than the protocol's (an HTML 502 page, say).
    case http(Int)
    /// A 200 answer that is not a protocol answer: not JSON, truncated, no envelope.
    case malformed
    /// No answer within the request's timeout.
    case timeout
    /// The connection was reset or closed mid-exchange.
    case reset
    /// Nothing accepted the connection.
    case refused
    /// Any other transport failure (DNS, TLS…).
    case otherTransport
    /// An answer with a generic failure code (`OutcomeClass.serverError`): the code.
    case generic(Int)

    /// The key in `summary.json`: `http_502`, `malformed`, `timeout`, `reset`, `refused`, `transport_other`.
    package var key: String {
        switch self {
        case .http(let status): "http_\(status)"
        case .malformed: "malformed"
        case .timeout: "timeout"
        case .reset: "reset"
        case .refused: "refused"
        case .otherTransport: "transport_other"
        case .generic(let code): "code_\(code)"
        }
    }

    package init?(key: String) {
        switch key {
        case "malformed": self = .malformed
        case "timeout": self = .timeout
        case "reset": self = .reset
        case "refused": self = .refused
        case "transport_other": self = .otherTransport
        default:
            if key.hasPrefix("code_"), let code = Int(key.dropFirst(5)), Self.genericRange.contains(code) {
                self = .generic(code)
                return
            }
            guard key.hasPrefix("http_"), let status = Int(key.dropFirst(5)), (100...999).contains(status) else {
                return nil
            }
            self = .http(status)
        }
    }

    package var description: String { key }

    /// Whether the request got no HTTP answer at all (as opposed to a wrong one).
    package var isTransport: Bool {
        switch self {
        case .timeout, .reset, .refused, .otherTransport: true
        case .http, .malformed, .generic: false
        }
    }

    /// Generic result codes a compact code can carry (every documented one is well inside).
    static let genericRange = -99_999_999...99_999_999
    /// Where generic result codes start among compact codes (far above HTTP statuses).
    static let genericBase: Int32 = 1_000_000_000

    /// A compact code for the recorder's fixed-size samples (1…5 transport and decoder kinds,
    /// 100…999 HTTP statuses, generic result codes offset by ``genericBase``).
    var code: Int32 {
        switch self {
        case .http(let status): Int32(clamping: status)
        case .malformed: 1
        case .timeout: 2
        case .reset: 3
        case .refused: 4
        case .otherTransport: 5
        case .generic(let code):
            Self.genericBase
                + Int32(clamping: min(max(code, Self.genericRange.lowerBound), Self.genericRange.upperBound))
        }
    }

    init?(code: Int32) {
        switch code {
        case 1: self = .malformed
        case 2: self = .timeout
        case 3: self = .reset
        case 4: self = .refused
        case 5: self = .otherTransport
        case 100...999: self = .http(Int(code))
        case (Self.genericBase - 99_999_999)...(Self.genericBase + 99_999_999):
            self = .generic(Int(code - Self.genericBase))
        default: return nil
        }
    }
}
