import Protocol

/// One allowed answer to an operation: the result code, the rule that decides it, what the
/// answer must carry, and the state after it.
package struct Outcome: Sendable {
    package var code: ResultCode
    package var rule: RuleID
    /// Why the model expects this (for reports): "V is new (L1)".
    package var because: String
    package var expectations: [Expectation]
    package var next: ModelState

    package init(code: ResultCode, rule: RuleID, because: String, expectations: [Expectation] = [], next: ModelState) {
        self.code = code
        self.rule = rule
        self.because = because
        self.expectations = expectations
        self.next = next
    }
}

/// The member a client answer must carry.
package struct ExpectedMember: Hashable, Sendable {
    package var user: Sym
    /// "A new user": the observed userId must not be one already bound.
    package var isNew: Bool
    /// The rule behind the user's identity (M3 continuity, L1/W1/M4/T4… for a new user).
    package var userRule: RuleID
    package var valid: MemberValid
    package var authList: Set<AccountRef>
    package var authListRule: RuleID
    package var lastLoginDate: Bool
}

package struct ExpectedTicket: Hashable, Sendable {
    package var ticket: Sym
    package var requester: Sym
    package var owner: Sym
    package var ownerValid: MemberValid
    package var account: AccountRef
    package var expiry: Deadline
}

package struct ExpectedTransferAccount: Hashable, Sendable {
    package var account: Sym
    package var id: Sym
    /// `nil`: the answer must not carry a password (query).
    package var password: Sym?
    package var issuedType: String
}

/// What an E15 page must be: the query as the server reads it.
package struct ExpectedHistory: Hashable, Sendable {
    package var span: HistorySpan
    package var page: Int64
    package var size: Int64
    package var descending: Bool
    package var eventLogType: String?
}

/// A field-level expectation on an answer. Matching checks it and binds what it names.
package enum Expectation: Hashable, Sendable {
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
    /// A device's block for unknown ids (T15): its count and block.
    case deviceFailInfo(device: DeviceRef, failCount: Int)
    case banInfo(user: Sym)
    /// E1 success: the member, and `linkedIdP` when asked.
    case serverToken(user: Sym, linked: AccountRef?)
    /// E16 success: the session's logged-in IdP account, its IdP token and profile (L15).
    case serverProfile(account: AccountRef)
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
    /// E15 success: a page of withdrawals within the window, of the type, in the order (W2).
    case withdrawHistory(ExpectedHistory)
}
