/// How a completed request ended, as the oracle classified it.
///
/// `ok` and `expectedError` are both answers the reference model predicted; `unexpected` is an answer it did
/// not predict; `transportError` is an exchange that never produced an answer (refused, reset, timeout…);
/// `cancelled` is a request the run itself stopped (Ctrl-C, the end of the drain): not the target's doing.
package enum OutcomeClass: UInt8, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    case ok = 0
    case expectedError = 1
    case unexpected = 2
    case transportError = 3
    case cancelled = 4
    /// A generic failure code (`AUTH_UNKNOWN_ERROR`, `AUTH_LOGOUT_FAILED`…, `INTERNAL_SYSTEM_ERROR`):
    /// the target says it failed without saying why. Not a violation; the operation may or may
    /// not have been applied.
    case serverError = 5

    /// The snake_case name used in JSON, the HTML report and `.hlog` tags.
    package var key: String {
        switch self {
        case .ok: "ok"
        case .expectedError: "expected_error"
        case .unexpected: "unexpected"
        case .transportError: "transport_error"
        case .cancelled: "cancelled"
        case .serverError: "server_error"
        }
    }

    /// The class named `key` (`ok`, `expected_error`…), for threshold selectors and decoders.
    package init?(key: String) {
        guard let c = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = c
    }

    package var description: String { key }

    /// True for the classes counted as `failed` in the summary (see docs/RESULTS.md): the target's
    /// failures. A cancelled request is the run's doing and is counted apart.
    package var isFailure: Bool { self == .unexpected || self == .transportError || self == .serverError }
}
