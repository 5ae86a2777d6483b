/// A knob value outside what the protocol allows.
package struct SemanticsProblem: Hashable, Sendable, CustomStringConvertible {
    /// Dotted key path, e.g. `mapping.addPrecedence`.
    package var key: String
    package var message: String
    package init(key: String, message: String) {
        self.key = key
        self.message = message
    }
    package var description: String { "\(key): \(message)" }
}

extension Semantics {
    /// The longest duration knob, in seconds (100 years).
    package static let maxSeconds: Int64 = 3_153_600_000

    /// Every knob value that breaks the documented ranges (empty when the knobs are usable).
    package func problems() -> [SemanticsProblem] {
        var out: [SemanticsProblem] = []
        func check(_ ok: Bool, _ key: String, _ message: String) {
            if !ok { out.append(SemanticsProblem(key: key, message: message)) }
        }
        check(
            !appId.isEmpty && appId.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") },
            "appId",
            "must be non-empty letters, digits, - or _"
        )
        check(!idp.codes.isEmpty, "idp.codes", "must list at least one IdP code")
        check(Set(idp.codes).count == idp.codes.count, "idp.codes", "must not repeat a code")
        check(
            idp.codes.allSatisfy { !$0.rawValue.isEmpty && !$0.rawValue.contains(":") && !$0.rawValue.contains("/") },
            "idp.codes",
            "codes must be non-empty and contain no ':' or '/'"
        )
        check(!idp.lineRegions.isEmpty, "idp.lineRegions", "must list at least one region")
        check(tokens.lifetimeSeconds >= 1, "tokens.lifetimeSeconds", "must be at least 1")
        check(
            BanSemantics.codes.contains(ban.code),
            "ban.code",
            "must be one of \(BanSemantics.codes.map { String($0.rawValue) }.joined(separator: ", "))"
        )
        let add: Set<ResultCode> = [
            .addMappingCannotAddGuestIdP, .addMappingAlreadyHasSameIdP,
            .addMappingAlreadyMappedToOtherMember,
        ]
        check(
            mapping.addPrecedence.count == 3 && Set(mapping.addPrecedence) == add,
            "mapping.addPrecedence",
            "must be an order of 3305, 3303, 3302"
        )
        let remove: Set<ResultCode> = [.removeMappingLastMappedIdP, .removeMappingLoggedInIdP]
        check(
            mapping.removePrecedence.count == 2 && Set(mapping.removePrecedence) == remove,
            "mapping.removePrecedence",
            "must be an order of 3402, 3403"
        )
        check(mapping.forcingTicketLifetimeSeconds >= 1, "mapping.forcingTicketLifetimeSeconds", "must be at least 1")
        check((1...30).contains(withdrawal.gracePeriodDays), "withdrawal.gracePeriodDays", "must be 1…30")
        check(transferAccount.idFormat != .disabled, "transferAccount.idFormat", "an id cannot be disabled")
        check(transferAccount.failThreshold >= 1, "transferAccount.failThreshold", "must be at least 1")
        if let b = transferAccount.blockSeconds {
            check(b >= 1, "transferAccount.blockSeconds", "must be at least 1, or null for a permanent block")
        }
        if let e = transferAccount.expirySeconds {
            check(e >= 1, "transferAccount.expirySeconds", "must be at least 1, or null for unlimited")
        }
        check(transferKey.maxExpiresInSeconds >= 1, "transferKey.maxExpiresInSeconds", "must be at least 1")
        if let p = maintenance.periodSeconds {
            check(p >= 1, "maintenance.periodSeconds", "must be at least 1, or null for never")
            check(
                maintenance.durationSeconds >= 1 && maintenance.durationSeconds <= max(p, 1),
                "maintenance.durationSeconds",
                "must be 1…periodSeconds"
            )
            check(
                maintenance.offsetSeconds >= 0 && maintenance.offsetSeconds < max(p, 1),
                "maintenance.offsetSeconds",
                "must be 0…periodSeconds − 1"
            )
        }
        // Deadlines are millisecond dates in 64 bits: no duration knob may exceed 100 years.
        for (value, key) in [
            (tokens.lifetimeSeconds, "tokens.lifetimeSeconds"),
            (mapping.forcingTicketLifetimeSeconds, "mapping.forcingTicketLifetimeSeconds"),
            (transferAccount.blockSeconds ?? 1, "transferAccount.blockSeconds"),
            (transferAccount.expirySeconds ?? 1, "transferAccount.expirySeconds"),
            (transferKey.maxExpiresInSeconds, "transferKey.maxExpiresInSeconds"),
            (maintenance.periodSeconds ?? 1, "maintenance.periodSeconds"),
        ] {
            check(value <= Self.maxSeconds, key, "must be at most \(Self.maxSeconds) (100 years)")
        }
        return out
    }
}
