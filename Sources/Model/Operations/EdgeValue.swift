import Protocol

/// A value a step sends at or just past a documented limit (docs/PROTOCOL.md §1.2–1.3), so that a
/// server that truncates, rejects or mangles it is seen: the sequences alone never send one.
package enum EdgeValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The `X-TCGB-Transaction-Id` is `length` characters long (printable ASCII with symbols, or
    /// with non-ASCII characters when `unicode`): echoed verbatim whatever its length (X1).
    case transactionId(length: Int, unicode: Bool)
    /// The step's made-up value (a token or key the server never issued, an unknown user id) is
    /// `length` characters long: up to 1,024 it is judged as any unknown value, past it the request
    /// is -4000008 (§1.3 row 11).
    case longValue(Int)

    /// The longest string a server reads (§1.3 row 11).
    package static let maxStringLength = 1024

    /// The lengths a transaction id is tried at: both sides of common limits.
    package static let transactionIdLengths = [1, 63, 64, 65, 128, 255, 256, 1024, 1025, 2048]
    /// The lengths a made-up value is tried at: both sides of §1.3's limit.
    package static let valueLengths = [maxStringLength, maxStringLength + 1]

    package var description: String {
        switch self {
        case .transactionId(let n, let unicode): "tid=\(n)\(unicode ? "u" : "")"
        case .longValue(let n): "value=\(n)"
        }
    }

    /// Whether an HTTP layer may refuse the request for this edge before the application sees it
    /// (400 or 431): a transaction id with non-ASCII characters or longer than 1,024.
    package var mayBeRefusedByHTTP: Bool {
        guard case .transactionId(let n, let unicode) = self else { return false }
        return unicode || n > Self.maxStringLength
    }

    /// The transaction id of step `op` for this edge (`nil` for other edges): deterministic, so a
    /// reproducer sends the same one.
    package func transactionId(op: Int) -> String? {
        guard case .transactionId(let n, let unicode) = self, Self.allowedLengths.contains(n) else { return nil }
        let head = Array("gbf\(op)-".unicodeScalars)
        let filler: [Unicode.Scalar] =
            unicode ? Array("éΩ漢字ß€-".unicodeScalars) : Array("a-_.:/+=~!*()Z9".unicodeScalars)
        var s = String.UnicodeScalarView()
        for i in 0..<n { s.append(i < head.count ? head[i] : filler[i % filler.count]) }
        return String(s)
    }

    /// The lengths an edge may have: what a reproducer file may ask for.
    package static let allowedLengths = 1...8_192

    /// Whether this edge's length is in ``allowedLengths`` (a reproducer file is untrusted input).
    package var isValid: Bool {
        switch self {
        case .transactionId(let n, _), .longValue(let n): Self.allowedLengths.contains(n)
        }
    }

    /// `value` made exactly `length` characters long (cut, or padded with `pad`).
    package static func stretch(_ value: String, to length: Int, pad: Character = "Z") -> String {
        let length = max(0, length)
        let count = value.count
        if count >= length { return String(value.prefix(length)) }
        return value + String(repeating: pad, count: length - count)
    }
}

extension Action {
    /// Whether the step sends a made-up value in a field §1.3's 1,024-character limit covers (a
    /// path parameter or a JSON string), so a ``EdgeValue/longValue(_:)`` edge applies to it.
    package var hasLimitedMadeUpValue: Bool {
        switch self {
        case .serverToken(_, .garbage, _): true
        case .serverMember(.unknown): true
        case .serverMembers(let us): us.contains(.unknown)
        case .changeLogin(_, _, .garbage, _), .addMappingForcibly(_, _, .garbage, _): true
        case .transferKeyLogin(_, .garbage): true
        case .removeMapping(_, _, let x): x == .madeUp
        default: false
        }
    }
}
