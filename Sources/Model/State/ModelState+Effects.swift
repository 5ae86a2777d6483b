import Protocol

// The state changes shared by several operations.
extension ModelState {
    /// Records deadlines a path assumed passed, forgetting those the floor makes certain anyway.
    mutating func remember(_ learned: [Deadline]) {
        passedDeadlines.formUnion(learned)
        if !passedDeadlines.isEmpty { passedDeadlines = passedDeadlines.filter { $0.latest > timeFloor } }
    }

    mutating func revoke(_ t: Sym, _ rule: RuleID) {
        guard let tok = tokens[t], tok.revoked == nil else { return }
        tokens[t]?.revoked = rule
    }

    /// Revokes every token of `user` (optionally only sessions logged in with `code`, except `keep`).
    mutating func revokeTokens(
        of user: Sym,
        loggedInWith code: IdPCode? = nil,
        except keep: Sym? = nil,
        _ rule: RuleID,
        memberGone: Bool = false
    ) {
        for (t, tok) in tokens where tok.user == user && tok.revoked == nil && t != keep {
            if let code, tok.loggedIn.idPCode != code { continue }
            tokens[t]?.revoked = rule
            tokens[t]?.memberGone = memberGone
        }
    }

    /// Deletes the user's TransferAccount and TransferKey (T14).
    mutating func deleteTransferCredentials(of user: Sym) {
        if let a = users[user]?.transferAccount { transferAccounts[a] = nil }
        if let k = users[user]?.transferKey { transferKeys[k] = nil }
        users[user]?.transferAccount = nil
        users[user]?.transferKey = nil
    }

    mutating func map(_ account: AccountRef, to user: Sym) throws(MissingState) {
        try editUser(user) { $0.authList.insert(account) }
        claim(account, by: user)
    }

    private mutating func claim(_ account: AccountRef, by user: Sym) {
        owners[account] = user
        freedBy[account] = nil
    }

    /// Takes `account` away from its owner; `freedBecause` records why it is now unowned (when it is).
    mutating func unmap(_ account: AccountRef, freedBecause rule: RuleID?) {
        guard let owner = owners[account] else { return }
        users[owner]?.authList.remove(account)
        owners[account] = nil
        if let rule { freedBy[account] = rule }
    }

    /// Withdraws `user` (§2.10): `D`, mappings freed, tokens revoked, credentials deleted.
    mutating func withdraw(_ user: Sym, _ record: WithdrawalRecord, _ rule: RuleID) throws(MissingState) {
        for a in try self.user(user).authList { unmap(a, freedBecause: rule) }
        revokeTokens(of: user, rule, memberGone: true)
        deleteTransferCredentials(of: user)
        try editUser(user) {
            $0.withdrawal = record
            $0.temporaryWithdrawal = nil
            $0.endGraceBan()
            $0.ban = nil
        }
    }

    /// A user left without any IdP becomes lost `M`: its tokens die and its credentials go (M9, T14).
    mutating func loseIfEmpty(_ user: Sym, _ rule: RuleID) {
        guard let u = users[user], u.authList.isEmpty, !u.isWithdrawn else { return }
        // A pending temporary withdrawal (and grace ban) still runs to its end (PROTOCOL.md §4.9).
        users[user]?.lost = true
        revokeTokens(of: user, rule, memberGone: true)
        deleteTransferCredentials(of: user)
    }

    mutating func newUser(_ s: Sym, account: AccountRef) {
        var u = UserState()
        u.authList = [account]
        users[s] = u
        claim(account, by: s)
    }

    /// A new session on `device`, which becomes the device's current one; with one token per
    /// device the previous one is revoked (L10), with `many` it stays live.
    mutating func newSession(
        _ t: Sym,
        user: Sym,
        device: DeviceRef,
        loggedIn: AccountRef,
        expiry: Deadline,
        perDevice: TokensPerDevice
    ) {
        if perDevice == .one, let prev = devices[device] { revoke(prev, .L10) }
        tokens[t] = TokenState(user: user, device: device, loggedIn: loggedIn, expiry: expiry, revoked: nil)
        devices[device] = t
    }

    /// Maps `account` to `user` as add mapping step 4 does (M4, T14): a guest-only user loses its
    /// guest entry and the session moves to the new IdP (unless `mapping.fromGuest` keeps both),
    /// and its TransferAccount and TransferKey are deleted (unless `mapping.transferCredentials`
    /// keeps them). Returns whether the guest entry was replaced.
    @discardableResult
    mutating func addMapping(
        _ account: AccountRef,
        to user: Sym,
        session: Sym,
        _ mapping: MappingSemantics
    ) throws(MissingState) -> Bool {
        let u = try self.user(user)
        let replaced = u.isGuestOnly && mapping.fromGuest == .replace
        if u.isGuestOnly, let g = u.guestKey {
            if replaced {
                unmap(g, freedBecause: .M4)
                tokens[session]?.loggedIn = account
            }
            if mapping.transferCredentials == .delete { deleteTransferCredentials(of: user) }
        }
        try map(account, to: user)
        return replaced
    }

    /// §2.13 step 10: the user's guest key moves to `device`; the account's tokens die; the device's
    /// previous guest owner is lost; a new guest session for the user on `device`.
    mutating func transfer(
        _ user: Sym,
        to device: DeviceRef,
        session: Sym,
        expiry: Deadline,
        perDevice: TokensPerDevice
    ) throws(MissingState) {
        if let old = try self.user(user).guestKey { unmap(old, freedBecause: .T4) }
        let key = AccountRef.guest(device)
        if let g = owners[key], g != user {
            unmap(key, freedBecause: nil)
            loseIfEmpty(g, .T4)
        }
        revokeTokens(of: user, .T4)
        try map(key, to: user)
        newSession(session, user: user, device: device, loggedIn: key, expiry: expiry, perDevice: perDevice)
    }

    /// The live current session of `device`, if any (not revoked; `passed` decides expiry).
    func currentSession(_ device: DeviceRef) -> Sym? { devices[device] }

    /// The live TransferAccount whose current id is `id` (by value when sent, else by symbol).
    func transferAccount(withId id: CredentialArg, sent: String?) -> Sym? {
        guard case .value(let s) = id else { return nil }
        return transferAccounts.first { _, ta in sameValue(ta.id, s, sent: sent) }?.key
    }

    /// Whether the credential `current` equals the presented symbol `presented` (sent as `sent`).
    func sameValue(_ current: Sym, _ presented: Sym, sent: String?) -> Bool {
        if let sent, let v = bindings[current] { return v == sent }
        return current == presented
    }
}
