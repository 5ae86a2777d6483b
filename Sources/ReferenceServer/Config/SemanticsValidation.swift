import Protocol

/// Range and shape checks for ``Semantics`` that decoding alone cannot express: the shared
/// `Semantics.problems()` (so the server and the harness accept the same knobs) plus the bounds
/// this server needs to keep millisecond dates within 64 bits.
enum SemanticsValidation {
    /// One problem: the key path and what is wrong with it.
    struct Problem: Sendable {
        var path: [String]
        var message: String
    }

    /// 100 years.
    static let maxSeconds: Int64 = 3_153_600_000

    static func problems(in s: Semantics) -> [Problem] {
        var out = s.problems().map { Problem(path: $0.key.split(separator: ".").map(String.init), message: $0.message) }
        for (value, key) in [
            (s.tokens.lifetimeSeconds, "tokens.lifetimeSeconds"),
            (s.mapping.forcingTicketLifetimeSeconds, "mapping.forcingTicketLifetimeSeconds"),
            (s.transferAccount.blockSeconds ?? 1, "transferAccount.blockSeconds"),
            (s.transferAccount.expirySeconds ?? 1, "transferAccount.expirySeconds"),
            (s.transferKey.maxExpiresInSeconds, "transferKey.maxExpiresInSeconds"),
        ] where value > maxSeconds {
            out.append(
                Problem(
                    path: key.split(separator: ".").map(String.init),
                    message: "must be at most \(maxSeconds) (100 years)"
                )
            )
        }
        return out
    }
}
