import Model

extension Player {
    /// Plans an operation that touches the focused identity: the burst's kind when the player's
    /// state allows it, else any kind (the focus narrows the devices and accounts the planners
    /// choose from). A focused TransferAccount is logged into, mostly with a wrong password.
    mutating func planFocused(_ focus: Focus, preferring kind: OperationKind?) -> Action? {
        if case .transferAccount(let id, let password, _) = focus {
            let pw: CredentialArg = chance(0.8) ? .wrong : .value(password)
            let credentials = TransferCredentials(id: .value(id), password: pw)
            return kind == .serverValidate && configuration.weight(.serverValidate) > 0
                ? .serverValidate(credentials: credentials)
                : .transferLogin(device: pickDevice(), credentials: credentials)
        }
        var kind = kind
        if kind == .mappingRemove, case .user = focus {
            if let removal = memberRemoval() { return removal }
            // At a user with one IdP, a removal can only be refused (3402): adding one instead
            // makes it a user whose sessions can race removals in a later burst.
            if let s = sessions.first, (belief.primary.users[s.user]?.authList.count ?? 0) < 2 { kind = .mappingAdd }
        }
        if let kind, let action = plan(kind, adversarial: chance(configuration.adversarialShare)) { return action }
        for _ in 0..<8 {
            if let action = plan(chooseKind(), adversarial: chance(configuration.adversarialShare)) { return action }
        }
        return nil
    }
}

extension Player {
    /// With a user in focus and no session of it in this player's view: a login with one of the
    /// user's pool IdP accounts, which puts the player in a session of it before the burst (each
    /// member draws its own account, so members of one burst are often logged in with different
    /// IdPs). `nil` otherwise.
    mutating func preparation() -> Action? {
        guard case .user(_, let accounts) = focus, let a = assignedAccount(accounts), session(loggedInWith: a) == nil
        else { return nil }
        // With the flag: the device may hold another player's session of another user, which
        // without it would refuse the login (3201, L7) and leave the member without a session.
        return .loginIdP(device: pickDevice(), credential: .valid(a), ignoreAlreadyLoggedIn: true)
    }

    /// The account of a focused user this member logs in with: the members take its accounts in
    /// turn, so two members of one burst are logged in with different IdPs when it has two.
    func assignedAccount(_ accounts: [AccountRef]) -> AccountRef? {
        accounts.isEmpty ? nil : accounts[member % accounts.count]
    }

    /// At a user with several IdPs: in the session logged in with this member's account, remove
    /// the next member's (so members remove each other's IdPs: the M6 race). `nil` when this
    /// player holds no such session or the user has one IdP.
    func memberRemoval() -> Action? {
        guard case .user(_, let accounts) = focus, accounts.count > 1, let mine = assignedAccount(accounts) else {
            return nil
        }
        let next = accounts[(member + 1) % accounts.count]
        guard next.idPCode != mine.idPCode, let s = session(loggedInWith: mine),
            belief.primary.users[s.user]?.authList.contains(next) == true
        else { return nil }
        return .removeMapping(device: s.device, token: .token(s.token), idPCode: next.idPCode)
    }

    /// A session (of the focused user, if any) logged in with `account`.
    func session(loggedInWith account: AccountRef) -> Session? {
        let st = belief.primary
        return sessions.first { st.tokens[$0.token]?.loggedIn == account }
    }

    /// The users this player's view holds sessions of, with the pool IdP accounts they hold
    /// (burst targets for other players); users with only a guest key are left out (another
    /// player's login would end the session on that device, not add one), and so are users in
    /// their temporary withdrawal's grace period (a login to one answers `valid: T`, which a
    /// player's view does not adopt).
    package var sessionUsers: [Focus] {
        let st = belief.primary
        var seen: Set<Sym> = []
        return sessions.compactMap { s in
            guard seen.insert(s.user).inserted, let id = st.value(of: s.user), let user = st.users[s.user],
                user.temporaryWithdrawal == nil
            else { return nil }
            let accounts = user.authList.filter { !$0.isGuest }.sorted()
            return accounts.isEmpty ? nil : .user(id: id, accounts: accounts)
        }
    }

    /// The TransferAccounts this player's view holds with both credentials known: burst targets
    /// for other players.
    package var issuedTransferAccounts: [Focus] {
        let st = belief.primary
        return st.transferAccounts.values.compactMap { ta in
            guard let id = st.value(of: ta.id), let pw = st.value(of: ta.password) else { return nil }
            return .transferAccount(id: ta.id, password: ta.password, values: [ta.id: id, ta.password: pw])
        }
    }
}
