import Protocol

/// Range and shape checks for ``Semantics`` that decoding alone cannot express.
enum SemanticsValidation {
    /// One problem: the dotted key path and what is wrong with it.
    struct Problem: Sendable {
        var path: [String]
        var message: String
    }

    static func problems(in s: Semantics) -> [Problem] {
        var out: [Problem] = []
        func check(_ ok: Bool, _ path: [String], _ message: String) {
            if !ok { out.append(Problem(path: path, message: message)) }
        }
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        check(!s.appId.isEmpty && s.appId.allSatisfy(safe.contains), ["appId"], "must be non-empty [A-Za-z0-9._-]")
        check(!s.idp.codes.isEmpty, ["idp", "codes"], "must list at least one IdP code")
        check(Set(s.idp.codes).count == s.idp.codes.count, ["idp", "codes"], "must not repeat a code")
        check(
            s.idp.codes.allSatisfy { !$0.rawValue.isEmpty && $0.rawValue.allSatisfy(safe.contains) },
            ["idp", "codes"],
            "codes must be non-empty [A-Za-z0-9._-]"
        )
        check(
            Set(s.idp.lineRegions).count == s.idp.lineRegions.count,
            ["idp", "lineRegions"],
            "must not repeat a region"
        )
        check(s.tokens.lifetimeSeconds >= 1, ["tokens", "lifetimeSeconds"], "must be at least 1")
        let add: [ResultCode] = [
            .addMappingCannotAddGuestIdP, .addMappingAlreadyHasSameIdP, .addMappingAlreadyMappedToOtherMember,
        ]
        check(
            s.mapping.addPrecedence.count == 3 && Set(s.mapping.addPrecedence) == Set(add),
            ["mapping", "addPrecedence"],
            "must be a permutation of [3305, 3303, 3302]"
        )
        let remove: [ResultCode] = [.removeMappingLastMappedIdP, .removeMappingLoggedInIdP]
        check(
            s.mapping.removePrecedence.count == 2 && Set(s.mapping.removePrecedence) == Set(remove),
            ["mapping", "removePrecedence"],
            "must be a permutation of [3402, 3403]"
        )
        check(
            s.mapping.forcingTicketLifetimeSeconds >= 1,
            ["mapping", "forcingTicketLifetimeSeconds"],
            "must be at least 1"
        )
        check(
            (1...30).contains(s.withdrawal.gracePeriodDays),
            ["withdrawal", "gracePeriodDays"],
            "must be between 1 and 30"
        )
        check(s.transferAccount.idFormat != .disabled, ["transferAccount", "idFormat"], "cannot be disabled")
        check(s.transferAccount.failThreshold >= 1, ["transferAccount", "failThreshold"], "must be at least 1")
        check(
            (s.transferAccount.blockSeconds ?? 1) >= 1,
            ["transferAccount", "blockSeconds"],
            "must be at least 1 (or null for a permanent block)"
        )
        check(
            (s.transferAccount.expirySeconds ?? 1) >= 1,
            ["transferAccount", "expirySeconds"],
            "must be at least 1 (or null for unlimited)"
        )
        check(
            s.transferKey.maxExpiresInSeconds >= 1,
            ["transferKey", "maxExpiresInSeconds"],
            "must be at least 1"
        )
        let maxSeconds: Int64 = 3_153_600_000  // 100 years: keeps millisecond dates within 64 bits
        for (value, path) in [
            (s.tokens.lifetimeSeconds, ["tokens", "lifetimeSeconds"]),
            (s.mapping.forcingTicketLifetimeSeconds, ["mapping", "forcingTicketLifetimeSeconds"]),
            (s.transferAccount.blockSeconds ?? 1, ["transferAccount", "blockSeconds"]),
            (s.transferAccount.expirySeconds ?? 1, ["transferAccount", "expirySeconds"]),
            (s.transferKey.maxExpiresInSeconds, ["transferKey", "maxExpiresInSeconds"]),
        ] {
            check(value <= maxSeconds, path, "must be at most \(maxSeconds) (100 years)")
        }
        return out
    }
}
