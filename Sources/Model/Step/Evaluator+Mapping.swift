import Protocol

// §2.5–2.8: add mapping, add mapping forcibly, change login, remove mapping.
extension Evaluator {
    mutating func addMapping(_ d: DeviceRef, _ arg: TokenArg, _ c: IdPCredential) throws(MissingState) -> Outcome {
        if c.form == .absent, c.idPCode != .guest { return done(.missingParameter, .X2, "no accessToken (§1.3 row 7)") }
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        let x = c.idPCode
        guard sem.idp.codes.contains(x) else {
            return done(sem.unconfiguredIdPCode(mapping: true), .L13, "\(x) is not configured")
        }
        let u = sess.user
        let sameIdP = try s.user(u).account(of: x)
        var verified: AccountRef?
        for check in sem.mapping.addPrecedence {
            switch check {
            case .addMappingCannotAddGuestIdP where x == .guest:
                return done(.addMappingCannotAddGuestIdP, .M5, "guest cannot be mapped")
            case .addMappingAlreadyHasSameIdP:
                if let have = sameIdP { return done(.addMappingAlreadyHasSameIdP, .M1, "\(u) already has \(have)") }
            case .addMappingAlreadyMappedToOtherMember where x != .guest:
                guard let a = verify(c) else { return done(.idpLoginFailed, .F1, "the IdP token \(c) is forged") }
                if badLineRegion(c) {
                    return done(.idpLoginFailed, .F1, "LINE region \(c.lineRegion ?? "") is not configured")
                }
                verified = a
                if let o = s.owners[a], o != u {
                    if sem.mapping.forcing == .noTicket {
                        return done(.addMappingAlreadyMappedToOtherMember, .M2, "\(a) belongs to \(o); no ticket")
                    }
                    let k = sym(.ticket)
                    let ticket = ExpectedTicket(
                        ticket: k,
                        requester: u,
                        owner: o,
                        ownerValid: try s.user(o).valid,
                        account: a,
                        expiry: window.deadline(after: sem.mapping.forcingTicketLifetimeSeconds * 1000)
                    )
                    s.tickets[k] = TicketState(requester: u, owner: o, account: a, expiry: ticket.expiry)
                    return done(.addMappingAlreadyMappedToOtherMember, .M2, "\(a) belongs to \(o)", [.ticket(ticket)])
                }
            default: continue
            }
        }
        guard x != .guest, let a = verified else {
            return done(.addMappingCannotAddGuestIdP, .M5, "guest cannot be mapped")
        }
        let replacedGuest = try s.addMapping(a, to: u, session: sess.token, sem.mapping)
        return try mappedAnswer(u, sess.token, replacedGuest: replacedGuest, because: "\(a) joins \(u)")
    }

    mutating func addMappingForcibly(_ d: DeviceRef, _ arg: TokenArg, _ k: TicketArg, _ c: IdPCredential)
        throws(MissingState) -> Outcome
    {
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        switch try redeem(k, c, requester: sess.user) {
        case .stop(let o): return o
        case .pass(let (ticket, a)):
            if let have = try s.user(sess.user).account(of: a.idPCode) {
                return done(.addMappingAlreadyHasSameIdP, .M1, "\(sess.user) already has \(have)")
            }
            try s.editTicket(ticket) { $0.used = true }
            if let o = s.owners[a], o != sess.user {
                s.unmap(a, freedBecause: nil)
                s.revokeTokens(of: o, loggedInWith: a.idPCode, .M7)
                s.loseIfEmpty(o, .M9)
            }
            let replacedGuest = try s.addMapping(a, to: sess.user, session: sess.token, sem.mapping)
            return try mappedAnswer(
                sess.user,
                sess.token,
                replacedGuest: replacedGuest,
                because: "\(ticket) moves \(a) to \(sess.user) (M7)",
                rule: .M7
            )
        }
    }

    mutating func changeLogin(_ d: DeviceRef, _ arg: TokenArg, _ k: TicketArg, _ c: IdPCredential)
        throws(MissingState) -> Outcome
    {
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        switch try redeem(k, c, requester: sess.user) {
        case .stop(let o): return o
        case .pass(let (ticket, a)):
            let v = s.owners[a]
            if let v, try s.user(v).isBanned {
                return done(sem.ban.code, .B1, "\(v) is banned", [.banInfo(user: v)])
            }
            try s.editTicket(ticket) { $0.used = true }
            let user = v ?? sym(.user)
            let newRule = s.freedBy[a] ?? .L1
            if v == nil { s.newUser(user, account: a) }
            let t = sym(.token)
            s.newSession(t, user: user, device: d, loggedIn: a, expiry: tokenExpiry, perDevice: sem.tokens.perDevice)
            return try done(
                .success,
                .M11,
                "change login moves the session to \(v.map(\.description) ?? "a new user")",
                [
                    member(user, isNew: v == nil, userRule: v == nil ? newRule : .M11, authListRule: .M11),
                    .newToken(t, expiry: tokenExpiry), .lastLoggedInProvider(a.idPCode, .M11),
                ]
            )
        }
    }

    /// §2.6 steps 2–8 (shared with change login): 3304, 3201, 3311–3315.
    private mutating func redeem(_ k: TicketArg, _ c: IdPCredential, requester u: Sym) throws(MissingState) -> Gate<
        (Sym, AccountRef)
    > {
        let x = c.idPCode
        guard sem.idp.codes.contains(x) else {
            return .stop(done(sem.unconfiguredIdPCode(mapping: true), .L13, "\(x) is not configured"))
        }
        guard let a = verify(c) else { return .stop(done(.idpLoginFailed, .F1, "the IdP token \(c) is forged")) }
        guard let ks = k.symbol, let ticket = s.resolve(ks, sent: sent(ks), exists: { s.tickets[$0] != nil }) else {
            return .stop(done(.forciblyNotExistKey, .M8, "no such forcing key"))
        }
        let t = try s.ticket(ticket)
        guard t.requester == u else {
            return .stop(done(.forciblyNotExistKey, .M8, "\(ticket) was issued to \(t.requester), not \(u)"))
        }
        if t.used { return .stop(done(.forciblyAlreadyUsedKey, .M8, "\(ticket) was used")) }
        if paths.passed(t.expiry) { return .stop(done(.forciblyExpiredKey, .M8, "\(ticket) expired at \(t.expiry)")) }
        if t.account.idPCode != x {
            return .stop(done(.forciblyDifferentIdP, .M8, "\(ticket) names \(t.account.idPCode)"))
        }
        if t.account != a {
            return .stop(done(.forciblyDifferentAuthKey, .M8, "\(ticket) names \(t.account), not \(a)"))
        }
        return .pass((ticket, a))
    }

    private mutating func mappedAnswer(_ u: Sym, _ t: Sym, replacedGuest: Bool, because: String, rule: RuleID = .M4)
        throws(MissingState) -> Outcome
    {
        try done(
            .success,
            rule,
            because + (replacedGuest ? "; the guest entry goes and the session moves to the new IdP (M4)" : ""),
            [
                member(u, authListRule: replacedGuest ? .M4 : rule), .sameToken(t),
                .lastLoggedInProvider(s.token(t).loggedIn.idPCode, .M4),
            ]
        )
    }

    mutating func removeMapping(_ d: DeviceRef, _ arg: TokenArg, _ x: IdPCode) throws(MissingState) -> Outcome {
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        let user = try s.user(sess.user)
        guard let a = user.account(of: x) else { return done(.removeMappingFailed, .M6, "\(sess.user) has no \(x)") }
        let loggedIn = try s.token(sess.token).loggedIn.idPCode
        for check in sem.mapping.removePrecedence {
            if check == .removeMappingLastMappedIdP, user.authList.count == 1 {
                return done(.removeMappingLastMappedIdP, .M6, "\(a) is \(sess.user)'s last IdP")
            }
            if check == .removeMappingLoggedInIdP, loggedIn == x {
                return done(.removeMappingLoggedInIdP, .M6, "\(x) is the session's logged-in IdP")
            }
        }
        s.unmap(a, freedBecause: .M6)
        s.revokeTokens(of: sess.user, loggedInWith: x, except: sess.token, .M6)
        return done(.success, .M6, "\(a) leaves \(sess.user)")
    }
}
