import Protocol

/// How a user was withdrawn (E15 `eventLogType`).
public struct WithdrawalRecord: Hashable, Sendable, Codable {
    /// `WAA` (client), `WAES` (Server API E14), `WAGE` (grace period expired).
    public var eventLogType: String
    public var regUser: String?
    public init(eventLogType: String, regUser: String? = nil) {
        self.eventLogType = eventLogType
        self.regUser = regUser
    }
}

public struct BanState: Hashable, Sendable, Codable {
    public var permanent: Bool
    /// The temporary ban's `end` (exact: the harness sent it).
    public var end: Int64?
    public var begin: Deadline
    public var message: String?
}

public struct UserState: Hashable, Sendable {
    public var authList: Set<AccountRef> = []
    public var withdrawal: WithdrawalRecord?
    public var lost = false
    public var ban: BanState?
    /// Pending temporary withdrawal: its `gracePeriodDate`.
    public var temporaryWithdrawal: Deadline?
    /// Pending grace ban: its `gracePeriodDate`.
    public var graceBan: Deadline?
    public var transferAccount: Sym?
    public var transferKey: Sym?

    public var isWithdrawn: Bool { withdrawal != nil }
    public var isBanned: Bool { withdrawal == nil && ban != nil }
    /// `valid`, highest first: D, M, B, T, P, Y.
    public var valid: MemberValid {
        if withdrawal != nil { return .withdrawn }
        if lost { return .lost }
        if ban != nil { return .banned }
        if temporaryWithdrawal != nil { return .temporaryWithdrawal }
        if graceBan != nil { return .graceBan }
        return .normal
    }
    /// `authList == [guest]`.
    public var isGuestOnly: Bool { authList.count == 1 && authList.first!.isGuest }
    public var guestKey: AccountRef? { authList.first { $0.isGuest } }
    public func account(of code: IdPCode) -> AccountRef? { authList.first { $0.idPCode == code } }
}

/// A Gamebase access token (a session).
public struct TokenState: Hashable, Sendable {
    public var user: Sym
    public var device: DeviceRef
    /// The IdP account the session logged in with (guest: the device's guest key).
    public var loggedIn: AccountRef
    public var expiry: Deadline
    /// Why it was revoked (the rule), or `nil` while not revoked.
    public var revoked: RuleID?
}

/// A forcing-mapping ticket (3302).
public struct TicketState: Hashable, Sendable {
    public var requester: Sym
    public var owner: Sym
    public var account: AccountRef
    public var expiry: Deadline
    public var used = false
}

public struct TransferAccountState: Hashable, Sendable {
    public var user: Sym
    public var id: Sym
    public var password: Sym
    public var issuedType: String
    public var failCount = 0
    /// Set while blocked; `nil` deadline inside = permanent.
    public var blocked: Block?
    public var expiry: Deadline?
    public var used = false

    public struct Block: Hashable, Sendable {
        public var end: Deadline?
    }
}

public struct TransferKeyState: Hashable, Sendable {
    public var user: Sym
    public var expiry: Deadline
    public var consumed = false
}

/// An operation whose answer was lost (transport error) and that the server may still apply.
public struct PendingOp: Hashable, Sendable {
    public var op: Op
    public var since: Int64
}
