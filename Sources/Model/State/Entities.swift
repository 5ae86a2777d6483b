import Protocol

/// How a user was withdrawn (E15 `eventLogType`).
package struct WithdrawalRecord: Hashable, Sendable, Codable {
    /// `WAA` (client), `WAES` (Server API E14), `WAGE` (grace period expired).
    package var eventLogType: String
    package var regUser: String?
    /// When it happened (E15 `date`): the withdrawing request's window, or the `gracePeriodDate`
    /// of a `WAGE`; exact once an E15 answer reported it.
    package var date: Deadline
    package init(eventLogType: String, regUser: String? = nil, date: Deadline) {
        self.eventLogType = eventLogType
        self.regUser = regUser
        self.date = date
    }
}

package struct BanState: Hashable, Sendable, Codable {
    package var permanent: Bool
    /// The temporary ban's `end` (exact: the harness sent it).
    package var end: Int64?
    package var begin: Deadline
    package var message: String?
}

package struct UserState: Hashable, Sendable {
    package var authList: Set<AccountRef> = []
    package var withdrawal: WithdrawalRecord?
    package var lost = false
    package var ban: BanState?
    /// Pending temporary withdrawal: its `gracePeriodDate`.
    package var temporaryWithdrawal: Deadline?
    /// Pending grace ban: its `gracePeriodDate`.
    package var graceBan: Deadline?
    /// The pending grace ban's release conditions (B6), when it has any.
    package var graceRule: ReleaseRuleCondition?
    /// What the user paid in the rule's currency since the grace ban began (`paymentStatus`).
    package var paidAmount: Double = 0
    package var paidCount = 0
    package var transferAccount: Sym?
    package var transferKey: Sym?

    package init(authList: Set<AccountRef> = []) { self.authList = authList }

    package var isWithdrawn: Bool { withdrawal != nil }
    package var isBanned: Bool { withdrawal == nil && ban != nil }
    /// `valid`, highest first: D, M, B, T, P, Y.
    package var valid: MemberValid {
        if withdrawal != nil { return .withdrawn }
        if lost { return .lost }
        if ban != nil { return .banned }
        if temporaryWithdrawal != nil { return .temporaryWithdrawal }
        if graceBan != nil { return .graceBan }
        return .normal
    }
    /// Ends a pending grace ban with its release conditions and payments (released, converted to a
    /// ban, replaced by a ban or by a withdrawal).
    package mutating func endGraceBan() {
        graceBan = nil
        graceRule = nil
        paidAmount = 0
        paidCount = 0
    }

    /// `graceBanInfo.paymentStatus`: present when the grace ban has release conditions.
    package var paymentStatus: PaymentStatus? {
        graceRule.map { PaymentStatus(amount: paidAmount, count: paidCount, currency: $0.currency) }
    }

    /// `authList == [guest]`.
    package var isGuestOnly: Bool { authList.count == 1 && authList.first?.isGuest == true }
    package var guestKey: AccountRef? { authList.first { $0.isGuest } }
    package func account(of code: IdPCode) -> AccountRef? { authList.first { $0.idPCode == code } }
}

/// A Gamebase access token (a session).
package struct TokenState: Hashable, Sendable {
    package var user: Sym
    package var device: DeviceRef
    /// The IdP account the session logged in with (guest: the device's guest key).
    package var loggedIn: AccountRef
    package var expiry: Deadline
    /// Why it was revoked (the rule), or `nil` while not revoked.
    package var revoked: RuleID?
    /// Whether its user's withdrawal or loss revoked it (knob `tokens.goneMember`).
    package var memberGone = false
}

/// A forcing-mapping ticket (3302).
package struct TicketState: Hashable, Sendable {
    package var requester: Sym
    package var owner: Sym
    package var account: AccountRef
    package var expiry: Deadline
    package var used = false
}

package struct TransferAccountState: Hashable, Sendable {
    package var user: Sym
    package var id: Sym
    package var password: Sym
    package var issuedType: String
    /// The wrong-password count; with ``moreFailCounts``, the lowest of the counts still possible.
    package var failCount = 0
    /// The other counts still possible (bit n: count n), when the linearizability checker has
    /// joined states that differ only in this count (``ModelState/joiningFailCounts(_:)``); 0 when
    /// the count is known. The step that reads the count picks one (a path each).
    package var moreFailCounts: UInt64 = 0
    /// Set while blocked; `nil` deadline inside = permanent.
    package var blocked: Block?
    package var expiry: Deadline?
    package var used = false

    package struct Block: Hashable, Sendable {
        package var end: Deadline?
    }
}

/// A device's count of consecutive unknown transfer ids, and its block when the count reached the
/// threshold (T15). A device without an entry has count 0 and no block.
package struct WrongIdState: Hashable, Sendable {
    package var failCount = 0
    package var blocked: TransferAccountState.Block?
}

package struct TransferKeyState: Hashable, Sendable {
    package var user: Sym
    package var expiry: Deadline
    package var consumed = false
}

/// An operation whose answer was lost (transport error) and that the server may still apply.
package struct PendingOp: Hashable, Sendable {
    package var op: Op
    package var since: Int64
}

extension TransferAccountState {
    /// Every count still possible, ascending.
    package var possibleFailCounts: [Int] {
        [failCount] + (0..<64).filter { moreFailCounts & (1 << UInt64($0)) != 0 }
    }

    /// This account with the counts of `other` joined in, when the two differ in nothing else
    /// (`nil` otherwise, or when a count is beyond 63).
    func joiningFailCounts(_ other: TransferAccountState) -> TransferAccountState? {
        var a = self
        var b = other
        (a.failCount, a.moreFailCounts, b.failCount, b.moreFailCounts) = (0, 0, 0, 0)
        guard a == b else { return nil }
        var bits: UInt64 = 0
        for c in possibleFailCounts + other.possibleFailCounts {
            guard c >= 0, c < 64 else { return nil }
            bits |= 1 << UInt64(c)
        }
        let lowest = bits.trailingZeroBitCount
        a.failCount = lowest
        a.moreFailCounts = bits & ~(1 << UInt64(lowest))
        return a
    }
}
