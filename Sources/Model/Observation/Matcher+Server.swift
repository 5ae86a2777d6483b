import Protocol

// Field checks of Server API and test-control answers.
extension Ctx {
    func concrete(_ ua: UserArg, _ st: ModelState, index: Int) -> String? {
        switch ua {
        case .unknown: m.identities.unknownUser(op: op.id, index: index)
        case .user(let s): op.values[s] ?? st.value(of: s)
        }
    }

    mutating func checkServer(_ e: Expectation, _ st: inout ModelState) throws(MissingState) -> Mismatch? {
        switch e {
        case .serverToken(let u, let linked):
            guard case .tokenAuthentication(let b) = obs, let mb = b.member else {
                return fail(.E1, "member", "present", "absent")
            }
            if let f = try serverMember(u, mb, b.member?.temporaryWithdrawal != nil, lastLogin: true, &st) { return f }
            if let l = linked {
                let a = m.identities.idPAccount(l)
                guard let got = b.linkedIdP, got.idPCode == a.idPCode, got.idPId == a.idPId else {
                    return fail(
                        .E1,
                        "linkedIdP",
                        a.description,
                        b.linkedIdP.map { "\($0.idPCode):\($0.idPId)" } ?? "absent"
                    )
                }
            }
            return nil
        case .serverProfile(let l):
            guard case .idPProfile(let b) = obs else { return fail(.L15, "idPCode", "present", "absent") }
            let a = m.identities.idPAccount(l)
            guard b.idPCode == a.idPCode, b.idPId == a.idPId else {
                return fail(
                    .L15,
                    "idPCode:idPId",
                    "\(a.idPCode):\(a.idPId)",
                    "\(b.idPCode?.rawValue ?? "absent"):\(b.idPId ?? "absent")"
                )
            }
            guard b.idPProfile?.id == a.idPId else {
                return fail(.L15, "idPProfile.id", a.idPId, b.idPProfile?.id ?? "absent")
            }
            // The token the login presented: minted for this account (its payload names it; the
            // harness keeps no copy of each token it sent), or the idPId itself in plain mode.
            let named: IdPAccount? =
                switch m.semantics.idp.tokenMode {
                case .plain: b.idPAccessToken.map { IdPAccount(a.idPCode, $0) }
                case .hmac: b.idPAccessToken.flatMap(IdPTokenSigner.account(namedBy:))
                }
            guard named == a else {
                return fail(.L15, "idPAccessToken", "a token for \(a.idPCode):\(a.idPId)", b.idPAccessToken ?? "absent")
            }
            return nil
        case .serverMember(let u):
            guard case .member(let b) = obs, let mb = b.member else { return fail(.E3, "member", "present", "absent") }
            let d = try st.user(u).isWithdrawn
            if let f = try serverMember(u, mb, b.temporaryWithdrawal != nil, lastLogin: !d, &st) { return f }
            if (b.memberInfo != nil) == d {
                return fail(d ? .W2 : .E3, "memberInfo", d ? "absent (withdrawn)" : "present", d ? "present" : "absent")
            }
            return nil
        case .serverMembers(let users):
            guard case .members(let b) = obs else { return fail(.E4, "memberList", "present", "absent") }
            let got = b.memberList ?? []
            var want: [String: Sym] = [:]
            for u in users { if let v = st.value(of: u) { want[v] = u } }
            for row in got {
                guard let u = want[row.userId] else {
                    if st.symbol(forValue: row.userId, kind: .user) == nil,
                        users.contains(where: { st.value(of: $0) == nil })
                    {
                        continue
                    }
                    return fail(.E4, "memberList", "users \(want.keys.sorted())", "extra \(row.userId)")
                }
                let valid = try st.user(u).valid
                if row.valid != valid {
                    return fail(
                        validRule(valid, row.valid),
                        "memberList[\(u)].valid",
                        valid.rawValue,
                        row.valid.rawValue
                    )
                }
                if valid != .withdrawn, row.lastLoginDate == nil {
                    return fail(.L1, "memberList[\(u)].lastLoginDate", "present", "absent")
                }
                want[row.userId] = nil
            }
            if let missing = want.first {
                return fail(.E4, "memberList", "includes \(missing.value) (\(missing.key))", "omitted")
            }
            return nil
        case .idPMembers(let mapped, let asked):
            guard case .idPMembers(let b) = obs else { return fail(.E7, "result", "present", "absent") }
            let got = b.result ?? [:]
            for a in asked {
                let id = m.identities.idPId(a)
                if let owner = mapped[a] {
                    guard let v = got[id] else { return fail(.M3, "result[\(a)]", "\(owner)", "omitted") }
                    if let f = bindOrCheck(owner, v, fresh: false, rule: .M2, field: "result[\(a)]", &st) { return f }
                } else if let v = got[id] {
                    return fail(st.freedBy[a] ?? .M3, "result[\(a)]", "omitted (\(a) is not mapped)", v)
                }
            }
            return nil
        case .failedUsers(let failed):
            guard case .ban(let b) = obs else { return fail(.B4, "failedUserIdList", "present", "absent") }
            var want: Set<String> = []
            for (i, ua) in failed.enumerated() {
                if let v = concrete(ua, st, index: i) { want.insert(v) }
            }
            if case .serverBan(let us, _) = op.action {
                want = Set(indices(of: failed, in: us).compactMap { concrete(us[$0], st, index: $0) })
            }
            if case .serverRelease(let us) = op.action {
                want = Set(indices(of: failed, in: us).compactMap { concrete(us[$0], st, index: $0) })
            }
            let got = Set(b.failedUserIdList ?? [])
            return got == want ? nil : fail(.B4, "failedUserIdList", "\(want.sorted())", "\(got.sorted())")
        case .validatedMember(let u):
            guard case .validate(let b) = obs, let mb = b.member else {
                return fail(.T12, "member", "present", "absent")
            }
            if let f = bindOrCheck(u, mb.userId, fresh: false, rule: .T12, field: "member.userId", &st) { return f }
            let valid = try st.user(u).valid
            return mb.valid == valid
                ? nil : fail(validRule(valid, mb.valid), "member.valid", valid.rawValue, mb.valid.rawValue)
        case .graceBanInfo(let u):
            guard case .graceBan(let b) = obs else { return fail(.B5, "graceBanInfo", "present", "absent") }
            let user = try st.user(u)
            guard let pending = user.graceBan else {
                // A payment that met the release conditions ended it, or there was none (B6).
                return b.graceBanInfo == nil ? nil : fail(.B6, "graceBanInfo", "absent (no grace ban)", "present")
            }
            guard let g = b.graceBanInfo else { return fail(.B5, "graceBanInfo", "present", "absent") }
            switch date(pending, g.gracePeriodDate, rule: .B5, field: "graceBanInfo.gracePeriodDate") {
            case .failure(let f): return f
            case .success(let d): try st.editUser(u) { $0.graceBan = d }
            }
            return checkRelease(user, g, field: "graceBanInfo")
        default: return nil
        }
    }

    private func indices(of failed: [UserArg], in all: [UserArg]) -> [Int] {
        var remaining = failed
        var out: [Int] = []
        for (i, ua) in all.enumerated() {
            if let j = remaining.firstIndex(of: ua) {
                out.append(i)
                remaining.remove(at: j)
            }
        }
        return out
    }

    /// A Server API member: userId, valid, authList, lastLoginDate presence, temporaryWithdrawal.
    func serverMember(_ u: Sym, _ mb: ServerMember, _ twPresent: Bool, lastLogin: Bool, _ st: inout ModelState)
        throws(MissingState) -> Mismatch?
    {
        if let f = bindOrCheck(u, mb.userId, fresh: false, rule: .E3, field: "member.userId", &st) { return f }
        let user = try st.user(u)
        if mb.valid != user.valid {
            return fail(validRule(user.valid, mb.valid), "member.valid", user.valid.rawValue, mb.valid.rawValue)
        }
        let got = (mb.authList ?? []).map { IdPAccount($0.idPCode, $0.authKey) }
        if let f = checkAuthList(
            user.authList,
            got,
            rule: user.isWithdrawn ? .W1 : (user.lost ? .M9 : .M3),
            field: "member.authList"
        ) {
            return f
        }
        if (mb.lastLoginDate != nil) != lastLogin {
            return fail(
                lastLogin ? .L1 : .W2,
                "member.lastLoginDate",
                lastLogin ? "present" : "absent (withdrawn)",
                mb.lastLoginDate ?? "absent"
            )
        }
        if twPresent != (user.valid == .temporaryWithdrawal) {
            return fail(
                .W4,
                "temporaryWithdrawal",
                user.valid == .temporaryWithdrawal ? "present" : "absent",
                twPresent ? "present" : "absent"
            )
        }
        return nil
    }
}
