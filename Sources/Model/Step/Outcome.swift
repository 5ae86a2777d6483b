import Protocol

/// One allowed answer to an operation: the result code, the rule that decides it, what the
/// answer must carry, and the state after it.
public struct Outcome: Sendable {
    public var code: ResultCode
    public var rule: RuleID
    /// Why the model expects this (for reports): "V is new (L1)".
    public var because: String
    public var expectations: [Expectation]
    public var next: ModelState
}

/// The member a client answer must carry.
public struct ExpectedMember: Hashable, Sendable {
    public var user: Sym
    /// "A new user": the observed userId must not be one already bound.
    public var isNew: Bool
    /// The rule behind the user's identity (M3 continuity, L1/W1/M4/T4… for a new user).
    public var userRule: RuleID
    public var valid: MemberValid
    public var authList: Set<AccountRef>
    public var authListRule: RuleID
    public var lastLoginDate: Bool
}

public struct ExpectedTicket: Hashable, Sendable {
    public var ticket: Sym
    public var requester: Sym
    public var owner: Sym
    public var ownerValid: MemberValid
    public var account: AccountRef
    public var expiry: Deadline
}

public struct ExpectedTransferAccount: Hashable, Sendable {
    public var account: Sym
    public var id: Sym
    /// `nil`: the answer must not carry a password (query).
    public var password: Sym?
    public var issuedType: String
}

/// A field-level expectation on an answer. Matching checks it and binds what it names.
public enum Expectation: Hashable, Sendable {
    case member(ExpectedMember)
    case newToken(Sym, expiry: Deadline)
    case sameToken(Sym)
    case lastLoggedInProvider(IdPCode, RuleID)
    case mappingList(user: Sym)
    case temporaryWithdrawal(user: Sym)
    case transferAccount(ExpectedTransferAccount)
    case transferKey(Sym)
    case ticket(ExpectedTicket)
    case failInfo(account: Sym, failCount: Int)
    case banInfo(user: Sym)
    /// E1 success: the member, and `linkedIdP` when asked.
    case serverToken(user: Sym, linked: AccountRef?)
    /// E3 success.
    case serverMember(user: Sym)
    /// E4: exactly these users are listed (with their `valid`).
    case serverMembers([Sym])
    /// E7: these accounts resolve to these users; the others are omitted.
    case idPMembers(mapped: [AccountRef: Sym], asked: [AccountRef])
    /// E8 / E11: exactly these users could not be processed.
    case failedUsers([UserArg])
    /// E13 success: the issuing member.
    case validatedMember(user: Sym)
    case graceBanInfo(user: Sym)
}
