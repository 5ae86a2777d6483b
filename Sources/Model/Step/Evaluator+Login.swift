import Protocol

// §2.1–2.4 and §2.9: logins, token login, logout, get own member, mapping list.
extension Evaluator {
    mutating func loginGuest(_ d: DeviceRef, _ ignore: Bool) throws(MissingState) -> Outcome {
        guard sem.idp.codes.contains(.guest) else {
            return done(sem.unconfiguredIdPCode(mapping: false), .L13, "guest is not configured")
        }
        return try login(d, account: .guest(d), ignore: ignore)
    }

    mutating func loginIdP(_ d: DeviceRef, _ c: IdPCredential, _ ignore: Bool) throws(MissingState) -> Outcome {
        if c.idPCode == .guest { return try loginGuest(d, ignore) }
        if c.form == .absent, sem.login.missingIdPToken == .badInput {
            return done(.missingParameter, .X2, "no accessToken (§1.3 row 7)")
        }
        guard sem.idp.codes.contains(c.idPCode) else {
            return done(sem.unconfiguredIdPCode(mapping: false), .L13, "\(c.idPCode) is not configured")
        }
        if c.form == .absent {
            return done(.idpLoginExternalAuthRequired, .F1, "no IdP access token: log in to the IdP first")
        }
        guard let a = verify(c) else { return done(.idpLoginFailed, .F1, "the IdP token \(c) is forged") }
        if badLineRegion(c) {
            return done(.idpLoginFailed, .F1, "LINE region \(c.lineRegion ?? "") is not configured")
        }
        return try login(d, account: a, ignore: ignore)
    }

    /// §2.1 steps 2–5 / §2.2 steps 4–7.
    private mutating func login(_ d: DeviceRef, account a: AccountRef, ignore: Bool) throws(MissingState) -> Outcome {
        let v = s.owners[a]
        if sem.login.alreadyLoggedIn == .reject, let cur = liveSession(d), v == nil || cur.user != v, !ignore {
            return done(
                .idpLoginFailed,
                .L7,
                "\(d) is logged in as \(cur.user) and \(a) is \(v.map { "\($0)'s" } ?? "unmapped") (no ignoreAlreadyLoggedIn)"
            )
        }
        if let v, try s.user(v).isBanned { return done(sem.ban.code, .B1, "\(v) is banned", [.banInfo(user: v)]) }
        let user = v ?? sym(.user)
        let newRule = s.freedBy[a] ?? .L1
        if v == nil { s.newUser(user, account: a) }
        let t = sym(.token)
        s.newSession(t, user: user, device: d, loggedIn: a, expiry: tokenExpiry, perDevice: sem.tokens.perDevice)
        let because = v == nil ? "\(a) is unmapped: a new user (\(newRule))" : "\(a) belongs to \(user) (M3)"
        return try done(
            .success,
            v == nil ? newRule : .M3,
            because,
            [
                member(user, isNew: v == nil, userRule: v == nil ? newRule : .M3, authListRule: .M3),
                .newToken(t, expiry: tokenExpiry), .lastLoggedInProvider(a.idPCode, .L2),
            ]
        )
    }

    mutating func loginToken(_ d: DeviceRef, _ arg: TokenArg) throws(MissingState) -> Outcome {
        switch tokenStatus(arg, device: d, unknownRule: .L2) {
        case .absent: return done(.tokenLoginInvalidLastLoggedInIdP, .L2, "no token")
        case .dead(let r, let why): return done(.tokenLoginInvalidTokenInfo, r, why)
        case .gone(let code, let r, let why): return done(code, r, why)
        case .live(let t):
            let tok = try s.token(t)
            if try s.user(tok.user).isBanned {
                return done(sem.ban.code, .B1, "\(tok.user) is banned", [.banInfo(user: tok.user)])
            }
            return try done(
                .success,
                .L2,
                "\(t) is live",
                [
                    member(tok.user, authListRule: .M3), .sameToken(t),
                    .lastLoggedInProvider(tok.loggedIn.idPCode, .L2),
                ]
            )
        }
    }

    mutating func logout(_ d: DeviceRef, _ arg: TokenArg) throws(MissingState) -> Outcome {
        switch try preamble(d, arg, checkBan: false) {
        case .stop(let o): return o
        case .pass(let sess):
            s.revoke(sess.token, .L5)
            if s.devices[d] == sess.token { s.devices[d] = nil }
            return done(.success, .L5, "logout revokes \(sess.token)")
        }
    }

    mutating func getMember(_ d: DeviceRef, _ arg: TokenArg) throws(MissingState) -> Outcome {
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let sess): return try done(.success, .L12, "live session", [member(sess.user, authListRule: .M3)])
        }
    }

    mutating func mappingList(_ d: DeviceRef, _ arg: TokenArg) throws(MissingState) -> Outcome {
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let sess): return done(.success, .L12, "live session", [.mappingList(user: sess.user)])
        }
    }
}
