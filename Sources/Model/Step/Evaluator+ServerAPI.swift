import Protocol

// §3 Server API (E1, E3, E4, E7, E8, E11, E13, E14, E16) and §4 test control (grace ban).
extension Evaluator {
    /// What E1's checks, shared by E16, leave: an answer already (the token is not live, not the
    /// user's, or the user is banned), or the live session.
    enum ServerSession {
        case stop(Outcome)
        case live(Sym, TokenState)
    }

    /// E1's checks: -4010203 for an absent, dead or foreign token, -4010204 for a banned user.
    mutating func serverSession(_ ua: UserArg, _ arg: TokenArg, rule: RuleID) throws(MissingState) -> ServerSession {
        let u = resolveUser(ua)
        switch tokenStatus(arg, device: nil, unknownRule: rule) {
        case .absent: return .stop(done(.gatewayInvalidAccessToken, rule, "no token"))
        case .dead(let r, let why), .gone(_, let r, let why): return .stop(done(.gatewayInvalidAccessToken, r, why))
        case .live(let t):
            let tok = try s.token(t)
            guard tok.user == u else {
                return .stop(done(.gatewayInvalidAccessToken, rule, "\(t) belongs to \(tok.user), not \(ua)"))
            }
            if try s.user(tok.user).isBanned { return .stop(done(.gatewayInvalidUser, .B1, "\(tok.user) is banned")) }
            return .live(t, tok)
        }
    }

    mutating func serverToken(_ ua: UserArg, _ arg: TokenArg, _ linked: Bool) throws(MissingState) -> Outcome {
        switch try serverSession(ua, arg, rule: .E1) {
        case .stop(let o): return o
        case .live(let t, let tok):
            return done(
                .success,
                .E1,
                "\(t) is live",
                [.serverToken(user: tok.user, linked: linked ? tok.loggedIn : nil)]
            )
        }
    }

    /// E16 (L15): E1's checks, then the IdP credential of the session's logged-in IdP: a session that
    /// logged in as guest (a guest login, a transfer) has none.
    mutating func serverProfile(_ ua: UserArg, _ arg: TokenArg) throws(MissingState) -> Outcome {
        switch try serverSession(ua, arg, rule: .E16) {
        case .stop(let o): return o
        case .live(let t, let tok) where tok.loggedIn.isGuest:
            return done(.idPTokenNotFound, .L15, "\(t) logged in as guest: no IdP credential")
        case .live(let t, let tok):
            return done(.success, .L15, "\(t) logged in with \(tok.loggedIn)", [.serverProfile(account: tok.loggedIn)])
        }
    }

    mutating func serverMember(_ ua: UserArg) throws(MissingState) -> Outcome {
        guard let u = resolveUser(ua) else { return done(.memberNotExist, .E3, "\(ua) does not exist") }
        let st = try s.user(u)
        return done(
            .success,
            st.isWithdrawn ? .W2 : .E3,
            "\(u) is \(st.valid.rawValue)",
            [.serverMember(user: u)]
        )
    }

    mutating func serverMembers(_ us: [UserArg]) -> Outcome {
        if let o = tooLong(us.count, ListLimits.lookup, .E4) { return o }
        var listed: [Sym] = []
        for ua in us { if let u = resolveUser(ua), !listed.contains(u) { listed.append(u) } }
        return done(.success, .E4, "\(listed.count) known users", [.serverMembers(listed)])
    }

    mutating func serverIdP(_ code: IdPCode, _ accounts: [AccountRef]) -> Outcome {
        if let o = tooLong(accounts.count, ListLimits.lookup, .E7) { return o }
        var mapped: [AccountRef: Sym] = [:]
        if sem.idp.codes.contains(code) {
            for a in accounts where a.idPCode == code { if let o = s.owners[a] { mapped[a] = o } }
        }
        return done(
            .success,
            .M3,
            "\(mapped.count) of \(accounts.count) accounts mapped",
            [.idPMembers(mapped: mapped, asked: accounts)]
        )
    }

    mutating func serverBan(_ us: [UserArg], _ spec: BanSpec) throws(MissingState) -> Outcome {
        guard spec.banType == "TEMPORARY" || spec.banType == "PERMANENT" else {
            return done(.undefinedValue, .E8, "banTypeCode \(spec.banType)")
        }
        let temporary = spec.banType == "TEMPORARY"
        if temporary, op.banEnd == nil { return done(.missingParameter, .B2, "TEMPORARY without end") }
        if temporary, let e = op.banEnd, paths.passed(Deadline(exactly: e)) {
            return done(.inappropriateValue, .B2, "end \(e) is not after now")
        }
        if us.isEmpty { return done(.missingParameter, .E8, "empty userIdList") }
        if let o = tooLong(us.count, ListLimits.userIdList, .E8) { return o }
        var failed: [UserArg] = []
        var done_: Set<Sym> = []
        for ua in us {
            // `resolveUser` only names users the state has.
            guard let u = resolveUser(ua), let st = s.users[u], !st.isWithdrawn, !st.lost else {
                failed.append(ua)
                continue
            }
            if done_.contains(u) { continue }
            done_.insert(u)
            let ban = BanState(
                permanent: !temporary,
                end: temporary ? op.banEnd : nil,
                begin: window.during,
                message: nil
            )
            try s.editUser(u) {
                $0.ban = ban
                $0.endGraceBan()
            }
        }
        return done(.success, .B4, "\(done_.count) banned, \(failed.count) failed", [.failedUsers(failed)])
    }

    mutating func serverRelease(_ us: [UserArg]) throws(MissingState) -> Outcome {
        if us.isEmpty { return done(.missingParameter, .E11, "empty userIdList") }
        if let o = tooLong(us.count, ListLimits.userIdList, .E11) { return o }
        var failed: [UserArg] = []
        for ua in us {
            guard let u = resolveUser(ua), let st = s.users[u], st.isBanned else {
                failed.append(ua)
                continue
            }
            // A lost user's ban is unobservable but through E11, and PROTOCOL.md does not say whether
            // a lost user counts as "currently banned" (or whether its grace ban still converts).
            if st.lost, paths.either() {
                failed.append(ua)
                continue
            }
            try s.editUser(u) { $0.ban = nil }
        }
        return done(
            .success,
            .B4,
            "\(us.count - failed.count) released, \(failed.count) failed",
            [.failedUsers(failed)]
        )
    }

    mutating func serverValidate(_ c: TransferCredentials) throws(MissingState) -> Outcome {
        guard taSem.enabled else { return done(.productNotEnabled, .T12, "TransferAccount is disabled") }
        guard let a = s.transferAccount(withId: c.id, sent: sent(c.id.symbol)) else {
            return done(.transferAccountIDNotFoundServer, .T12, "no TransferAccount has id \(c.id)")
        }
        let ta = try s.transferAccount(a)
        if let e = ta.expiry, paths.passed(e) { return done(.transferAccountExpiredServer, .T12, "\(a) expired") }
        if taSem.oneTime, ta.used { return done(.transferAccountAlreadyUsedServer, .T12, "\(a) was used") }
        if ta.blocked != nil { return done(.transferAccountBlockedServer, .T12, "\(a) is blocked") }
        if !passwordMatches(ta, c.password) { return done(.transferAccountWrongPasswordServer, .T12, "wrong password") }
        return done(.success, .T12, "\(a) is valid", [.validatedMember(user: ta.user)])
    }

    mutating func serverWithdraw(_ ua: UserArg, _ regUser: String) throws(MissingState) -> Outcome {
        if regUser.isEmpty || regUser.contains(where: \.isWhitespace) || regUser.count > 64 {
            return done(.inappropriateValue, .E14, "regUser \"\(regUser)\" is invalid")
        }
        guard let u = resolveUser(ua) else { return done(.memberNotExist, .E14, "\(ua) does not exist") }
        if try s.user(u).isWithdrawn { return done(.memberAlreadyWithdrawn, .W2, "\(u) is already withdrawn") }
        try s.withdraw(u, WithdrawalRecord(eventLogType: "WAES", regUser: regUser, date: window.during), .W1)
        return done(.success, .W1, "\(u) is withdrawn by the server")
    }

    mutating func graceBan(_ ua: UserArg, _ seconds: Int64, _ rule: ReleaseRuleCondition?) throws(MissingState)
        -> Outcome
    {
        guard let u = resolveUser(ua) else { return done(.memberNotExist, .B5, "\(ua) does not exist") }
        let st = try s.user(u)
        if st.isWithdrawn || st.lost { return done(.memberAlreadyWithdrawn, .B5, "\(u) is \(st.valid.rawValue)") }
        let end = window.deadline(after: seconds * 1000)
        try s.editUser(u) {
            // A new grace ban replaces the pending one, its conditions and what was paid towards them.
            $0.endGraceBan()
            $0.graceBan = end
            $0.graceRule = rule
        }
        return done(.success, .B5, "\(u) is grace-banned", [.graceBanInfo(user: u)])
    }

    /// B6: a payment in the currency of a pending grace ban's release conditions counts towards
    /// them (`paymentStatus`); once they are met (`AND`: amount and count, `OR`: either) the grace ban
    /// ends there. Any other payment is accepted and changes nothing.
    mutating func payment(_ ua: UserArg, _ amount: Int, _ currency: String) throws(MissingState) -> Outcome {
        if !PaymentLimits.amounts.contains(amount) || !PaymentLimits.isCurrency(currency) {
            return done(.inappropriateValue, .TC, "amount \(amount) \(currency) is not a payment")
        }
        guard let u = resolveUser(ua) else { return done(.memberNotExist, .B6, "\(ua) does not exist") }
        let st = try s.user(u)
        if st.isWithdrawn || st.lost { return done(.memberAlreadyWithdrawn, .B6, "\(u) is \(st.valid.rawValue)") }
        guard st.graceBan != nil, let rule = st.graceRule, rule.currency == currency else {
            return done(
                .success,
                .B6,
                "\(u) has no grace ban released by \(currency) payments",
                [.graceBanInfo(user: u)]
            )
        }
        let paid = (amount: st.paidAmount + Double(amount), count: st.paidCount + 1)
        if rule.isMet(amount: paid.amount, count: paid.count) {
            try s.editUser(u) { $0.endGraceBan() }
            return done(
                .success,
                .B6,
                "\(u) meets the release conditions: the grace ban ends",
                [.graceBanInfo(user: u)]
            )
        }
        try s.editUser(u) {
            $0.paidAmount = paid.amount
            $0.paidCount = paid.count
        }
        return done(.success, .B6, "\(u) has paid \(paid.amount) in \(paid.count)", [.graceBanInfo(user: u)])
    }

    /// -4000008 for a list of `count` ids where the endpoint takes at most `limit` (§1.3 row 11,
    /// the last of the bad-input checks); `nil` when it fits.
    mutating func tooLong(_ count: Int, _ limit: Int, _ rule: RuleID) -> Outcome? {
        count > limit ? done(.parameterTooLong, rule, "\(count) ids, more than \(limit)") : nil
    }
}
