import Protocol

// §2.12–2.14: TransferAccount issue / query / renew, transfer login, legacy TransferKey.
extension Evaluator {
    var taSem: TransferAccountSemantics { sem.transferAccount }

    mutating func issueTransferAccount(_ d: DeviceRef, _ arg: TokenArg) throws(MissingState) -> Outcome {
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        guard taSem.enabled else { return done(.transferAccountConsoleNoCondition, .T1, "TransferAccount is disabled") }
        let user = try s.user(sess.user)
        guard user.isGuestOnly else { return done(.notGuestOrHasOthers, .T2, "\(sess.user) is not guest-only") }
        if let a = user.transferAccount {
            return done(.transferAccountAlreadyExistID, .T6, "\(sess.user) already has \(a)")
        }
        let a = sym(.transferAccount)
        s.transferAccounts[a] = TransferAccountState(
            user: sess.user,
            id: sym(.transferId),
            password: sym(.transferPassword),
            issuedType: "ISSUED",
            expiry: taSem.expirySeconds.map { window.deadline(after: $0 * 1000, boundaryAmbiguous: true) }
        )
        try s.editUser(sess.user) { $0.transferAccount = a }
        return try done(.success, .T6, "\(a) is issued", [.transferAccount(expected(a, withPassword: true))])
    }

    mutating func queryTransferAccount(_ d: DeviceRef, _ arg: TokenArg) throws(MissingState) -> Outcome {
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        guard taSem.enabled else { return done(.transferAccountConsoleNoCondition, .T1, "TransferAccount is disabled") }
        guard let a = try s.user(sess.user).transferAccount else {
            return done(.transferAccountNotExist, .T6, "\(sess.user) has no TransferAccount")
        }
        return try done(.success, .T6, "\(a) exists", [.transferAccount(expected(a, withPassword: false))])
    }

    mutating func renewTransferAccount(_ d: DeviceRef, _ arg: TokenArg, _ r: Renewal) throws(MissingState) -> Outcome {
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        guard taSem.enabled else { return done(.transferAccountConsoleNoCondition, .T1, "TransferAccount is disabled") }
        guard let a = try s.user(sess.user).transferAccount else {
            return done(.transferAccountNotExist, .T6, "\(sess.user) has no TransferAccount")
        }
        let ta = try s.transferAccount(a)
        var newId = ta.id
        var newPassword = sym(.transferPassword)
        switch r {
        case .autoPassword: break
        case .autoIdPassword: newId = sym(.transferId)
        case .manual(let mi, let mp):
            if case .badFormat = mi { return done(.invalidParameter, .T7, "accountId is not in \(taSem.idFormat)") }
            if case .badFormat = mp {
                return done(.invalidParameter, .T7, "accountPassword is not in \(taSem.passwordFormat)")
            }
            if case .current = mi { return done(.invalidParameter, .T7, "accountId equals the current id") }
            if case .current = mp { return done(.invalidParameter, .T7, "accountPassword equals the current password") }
            if case .otherAccount(let idSym) = mi {
                if let other = s.transferAccount(withId: .value(idSym), sent: sent(idSym)), other != a {
                    return done(.transferAccountAlreadyExistID, .T7, "the id \(idSym) belongs to \(other)")
                }
                newId = idSym
            }
            if case .fresh(let x) = mi { newId = x }
            if case .fresh(let x) = mp { newPassword = x }
            for x in [newId, newPassword] where x.kind.isChosen { if let v = sent(x) { s.bind(x, v) } }
        }
        let expiry = taSem.expirySeconds.map { window.deadline(after: $0 * 1000, boundaryAmbiguous: true) }
        try s.editTransferAccount(a) {
            $0.id = newId
            $0.password = newPassword
            $0.issuedType = "RENEWED"
            $0.used = false
            $0.expiry = expiry
        }
        return try done(
            .success,
            .T7,
            "\(a) is renewed (\(r))",
            [.transferAccount(expected(a, withPassword: true))]
        )
    }

    private func expected(_ a: Sym, withPassword: Bool) throws(MissingState) -> ExpectedTransferAccount {
        let ta = try s.transferAccount(a)
        return ExpectedTransferAccount(
            account: a,
            id: ta.id,
            password: withPassword ? ta.password : nil,
            issuedType: ta.issuedType
        )
    }

    mutating func transferLogin(_ d: DeviceRef, _ c: TransferCredentials) throws(MissingState) -> Outcome {
        guard taSem.enabled else { return done(.transferAccountConsoleNoCondition, .T1, "TransferAccount is disabled") }
        if let cur = liveSession(d), !cur.loggedIn.isGuest {
            return done(.notGuestOrHasOthers, .T3, "\(d) is logged in with \(cur.loggedIn.idPCode)")
        }
        let perDevice = taSem.wrongIds == .perDevice
        if perDevice, let w = s.wrongIdDevices[d], w.blocked != nil {
            return done(
                .transferAccountBlock,
                .T15,
                "\(d) is blocked for unknown ids",
                [.deviceFailInfo(device: d, failCount: w.failCount)]
            )
        }
        guard let a = s.transferAccount(withId: c.id, sent: sent(c.id.symbol)) else {
            return perDevice
                ? countWrongId(d, c) : done(.transferAccountInvalidID, .T8, "no TransferAccount has id \(c.id)")
        }
        var ta = try s.transferAccount(a)
        if let e = ta.expiry, paths.passed(e) { return done(.transferAccountExpired, .T10, "\(a) expired at \(e)") }
        if taSem.oneTime, ta.used { return done(.transferAccountAlreadyUsed, .T10, "\(a) is one-time and was used") }
        if ta.blocked != nil {
            if ta.moreFailCounts != 0 {
                settleFailCount(&ta)
                s.transferAccounts[a] = ta
            }
            return done(.transferAccountBlock, .T8, "\(a) is blocked", [.failInfo(account: a, failCount: ta.failCount)])
        }
        if !passwordMatches(ta, c.password) {
            settleFailCount(&ta)
            ta.failCount += 1
            if ta.failCount >= taSem.failThreshold {
                ta.blocked = .init(end: taSem.blockSeconds.map { window.deadline(after: $0 * 1000) })
                s.transferAccounts[a] = ta
                return done(
                    .transferAccountBlock,
                    .T8,
                    "wrong password #\(ta.failCount) blocks \(a)",
                    [.failInfo(account: a, failCount: ta.failCount)]
                )
            }
            s.transferAccounts[a] = ta
            return done(.transferAccountInvalidPassword, .T8, "wrong password #\(ta.failCount) for \(a)")
        }
        try s.editTransferAccount(a) {
            $0.failCount = 0
            $0.moreFailCounts = 0
        }
        if perDevice { s.wrongIdDevices[d] = nil }
        // `a` was just edited and a transfer does not delete TransferAccounts.
        return try transferTo(ta.user, d, consume: { $0.transferAccounts[a]?.used = true }, rule: .T4, holdRule: .T5)
    }

    /// T15: an unknown id counts against the device; the threshold-th consecutive one blocks it.
    mutating func countWrongId(_ d: DeviceRef, _ c: TransferCredentials) -> Outcome {
        var w = s.wrongIdDevices[d] ?? WrongIdState()
        w.failCount += 1
        guard w.failCount >= taSem.failThreshold else {
            s.wrongIdDevices[d] = w
            return done(.transferAccountInvalidID, .T15, "unknown id #\(w.failCount) from \(d) (\(c.id))")
        }
        w.blocked = .init(end: taSem.blockSeconds.map { window.deadline(after: $0 * 1000) })
        s.wrongIdDevices[d] = w
        return done(
            .transferAccountBlock,
            .T15,
            "unknown id #\(w.failCount) blocks \(d)",
            [.deviceFailInfo(device: d, failCount: w.failCount)]
        )
    }

    /// Gives an open wrong-password count (states the linearizability checker joined,
    /// ``ModelState/joiningFailCounts(_:)``) one value per path: each count still possible is a
    /// path of its own, so the answer that reads the count decides which.
    mutating func settleFailCount(_ ta: inout TransferAccountState) {
        guard ta.moreFailCounts != 0 else { return }
        let counts = ta.possibleFailCounts
        ta.failCount = counts[counts.count - 1]
        for n in counts.dropLast() where paths.either() {
            ta.failCount = n
            break
        }
        ta.moreFailCounts = 0
    }

    func passwordMatches(_ ta: TransferAccountState, _ p: CredentialArg) -> Bool {
        if taSem.passwordFormat == .disabled { return true }
        guard case .value(let x) = p else { return false }
        return s.sameValue(ta.password, x, sent: sent(x))
    }

    /// §2.13 steps 8–10 (and §2.14's tail).
    mutating func transferTo(
        _ u: Sym,
        _ d: DeviceRef,
        consume: (inout ModelState) -> Void,
        rule: RuleID,
        holdRule: RuleID
    ) throws(MissingState) -> Outcome {
        let user = try s.user(u)
        // Only with mapping.transferCredentials keep: otherwise a mapping deletes the credentials.
        if !user.isGuestOnly { return done(.notGuestOrHasOthers, .T2, "\(u) is no longer guest-only") }
        if user.guestKey == .guest(d) { return done(.sameRequestor, holdRule, "\(d) holds \(u)'s guest key") }
        if user.isBanned { return done(sem.ban.code, .B1, "\(u) is banned", [.banInfo(user: u)]) }
        let t = sym(.token)
        try s.transfer(u, to: d, session: t, expiry: tokenExpiry, perDevice: sem.tokens.perDevice)
        consume(&s)
        return try done(
            .success,
            rule,
            "\(u)'s guest key moves to \(d)",
            [member(u, authListRule: .T4), .newToken(t, expiry: tokenExpiry), .lastLoggedInProvider(.guest, .T3)]
        )
    }

    mutating func issueTransferKey(_ d: DeviceRef, _ arg: TokenArg, _ expiresIn: Int64) throws(MissingState) -> Outcome
    {
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        guard sem.transferKey.enabled else { return done(.notSupported, .T13, "TransferKey is disabled") }
        let user = try s.user(sess.user)
        guard user.isGuestOnly else {
            return done(.notGuestOrHasOthers, .T13, "\(sess.user) is not guest-only")
        }
        guard expiresIn >= 1, expiresIn <= sem.transferKey.maxExpiresInSeconds else {
            return done(.invalidParameter, .T13, "expiresIn \(expiresIn) is out of range")
        }
        if let old = user.transferKey { s.transferKeys[old] = nil }
        let k = sym(.transferKey)
        s.transferKeys[k] = TransferKeyState(
            user: sess.user,
            expiry: window.deadline(after: expiresIn * 1000, boundaryAmbiguous: true)
        )
        try s.editUser(sess.user) { $0.transferKey = k }
        return done(.success, .T13, "\(k) is issued", [.transferKey(k)])
    }

    mutating func transferKeyLogin(_ d: DeviceRef, _ k: KeyArg) throws(MissingState) -> Outcome {
        guard sem.transferKey.enabled else { return done(.notSupported, .T13, "TransferKey is disabled") }
        if let cur = liveSession(d), !cur.loggedIn.isGuest {
            return done(.notGuestOrHasOthers, .T13, "\(d) is logged in with \(cur.loggedIn.idPCode)")
        }
        guard let ks = k.symbol, let key = s.resolve(ks, sent: sent(ks), exists: { s.transferKeys[$0] != nil }) else {
            return done(.transferKeyNotExist, .T13, "no such TransferKey")
        }
        let tk = try s.transferKey(key)
        if tk.consumed { return done(.transferKeyConsumed, .T13, "\(key) was consumed") }
        if paths.passed(tk.expiry) { return done(.transferKeyExpired, .T13, "\(key) expired at \(tk.expiry)") }
        // PROTOCOL.md §2.14 says "then as transfer login step 10", which marks "a one-time account"
        // used; whether that covers the user's TransferAccount when a key did the transfer is open.
        let markTA = taSem.oneTime && s.users[tk.user]?.transferAccount != nil && paths.either()
        let taSym = s.users[tk.user]?.transferAccount
        return try transferTo(
            tk.user,
            d,
            consume: { st in
                st.transferKeys[key]?.consumed = true
                if markTA, let a = taSym { st.transferAccounts[a]?.used = true }
            },
            rule: .T13,
            holdRule: .T13
        )
    }
}
