/// A member's `valid` code.
package enum MemberValid: String, Hashable, Sendable, Codable, CaseIterable {
    /// Normal.
    case normal = "Y"
    /// Withdrawn ("deleted").
    case withdrawn = "D"
    /// Banned.
    case banned = "B"
    /// Temporary withdrawal requested; in its grace period.
    case temporaryWithdrawal = "T"
    /// Grace ban ("postpone"): login works, `graceBanInfo` present.
    case graceBan = "P"
    /// Missing / lost: the account has no IdP left.
    case lost = "M"
}
