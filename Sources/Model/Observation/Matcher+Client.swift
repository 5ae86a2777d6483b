import Protocol

// Field checks of client-operation answers.
extension Ctx {
    mutating func checkMember(_ em: ExpectedMember, _ st: inout ModelState) throws(MissingState) -> Mismatch? {
        guard let mb = body?.member else { return fail(em.userRule, "member", "present", "absent") }
        if let f = checkUserId(em.user, mb.userId, isNew: em.isNew, rule: em.userRule, field: "member.userId", &st) {
            return f
        }
        if mb.valid != em.valid {
            return fail(validRule(em.valid, mb.valid), "member.valid", em.valid.rawValue, mb.valid.rawValue)
        }
        if let f = checkAuthList(
            em.authList,
            mb.authList.map { IdPAccount($0.idPCode, $0.authKey) },
            rule: em.authListRule,
            field: "member.authList"
        ) {
            return f
        }
        if (mb.lastLoginDate != nil) != em.lastLoginDate {
            return fail(
                .L1,
                "member.lastLoginDate",
                em.lastLoginDate ? "present" : "absent (first login)",
                mb.lastLoginDate.map(String.init) ?? "absent"
            )
        }
        let u = try st.user(em.user)
        switch checkPending(
            u.temporaryWithdrawal,
            em.valid == .temporaryWithdrawal,
            mb.temporaryWithdrawal?.gracePeriodDate,
            rule: .W6,
            field: "member.temporaryWithdrawal"
        ) {
        case .failure(let f): return f
        case .success(let d): if let d { try st.editUser(em.user) { $0.temporaryWithdrawal = d } }
        }
        switch checkPending(
            u.graceBan,
            em.valid == .graceBan,
            mb.graceBanInfo?.gracePeriodDate,
            rule: .B5,
            field: "member.graceBanInfo"
        ) {
        case .failure(let f): return f
        case .success(let d): if let d { try st.editUser(em.user) { $0.graceBan = d } }
        }
        if em.valid == .graceBan, let g = mb.graceBanInfo {
            return checkRelease(u, g, field: "member.graceBanInfo")
        }
        return nil
    }

    /// A field present exactly when `present`, whose date resolves `deadline` (the resolved
    /// deadline, or `nil` when there is none to resolve).
    func checkPending(
        _ deadline: Deadline?,
        _ present: Bool,
        _ v: Int64?,
        rule: RuleID,
        field: String
    ) -> Result<Deadline?, Mismatch> {
        guard present else {
            if let v { return .failure(fail(rule, field, "absent", "\(v)")) }
            return .success(nil)
        }
        guard let v else { return .failure(fail(rule, field, "present", "absent")) }
        guard let d = deadline else { return .success(nil) }
        return date(d, v, rule: rule, field: field + ".gracePeriodDate").map { Optional($0) }
    }

    func checkUserId(_ u: Sym, _ v: String, isNew: Bool, rule: RuleID, field: String, _ st: inout ModelState)
        -> Mismatch?
    {
        if isNew, let other = st.symbol(forValue: v, kind: .user) {
            return fail(rule, field, "a new user", "\(v), the existing user \(other)")
        }
        return bindOrCheck(u, v, fresh: isNew, rule: rule, field: field, &st)
    }

    func checkAuthList(_ want: Set<AccountRef>, _ got: [IdPAccount], rule: RuleID, field: String) -> Mismatch? {
        // The same accounts, each once: equal counts and each list inside the other. An authList
        // holds a few entries, so this beats building two sets per answer.
        var wantC: [IdPAccount] = []
        for a in want {
            let account = m.identities.idPAccount(a)
            if !wantC.contains(account) { wantC.append(account) }
        }
        if got.count == wantC.count, got.allSatisfy(wantC.contains), wantC.allSatisfy(got.contains) { return nil }
        return fail(rule, field, m.describe(want), "[" + got.sorted().map(\.description).joined(separator: ", ") + "]")
    }

    mutating func checkToken(_ e: Expectation, _ t: Sym, _ st: inout ModelState) throws(MissingState) -> Mismatch? {
        guard let tok = body?.token else { return fail(.L2, "token", "present", "absent") }
        if case .newToken = e {
            if let f = bindOrCheck(t, tok.accessToken, fresh: true, rule: .L10, field: "token.accessToken", &st) {
                return f
            }
        } else if let known = st.value(of: t), known != tok.accessToken {
            return fail(.L2, "token.accessToken", "the presented token \(t)", tok.accessToken)
        }
        switch date(try st.token(t).expiry, tok.expirationDate, rule: .L4, field: "token.expirationDate") {
        case .failure(let f): return f
        case .success(let d): try st.editToken(t) { $0.expiry = d }
        }
        return nil
    }

    func format(_ f: CredentialFormat, _ v: String) -> Bool {
        v.count == f.minimumLength && v.allSatisfy(Set(f.alphabet).contains)
    }

    mutating func checkTransferAccount(_ et: ExpectedTransferAccount, _ st: inout ModelState) throws(MissingState)
        -> Mismatch?
    {
        guard let info = body?.transferAccount else { return fail(.T6, "transferAccount", "present", "absent") }
        let sem = m.semantics.transferAccount
        if info.issuedType != et.issuedType {
            return fail(.T7, "transferAccount.issuedType", et.issuedType, info.issuedType)
        }
        let freshId = st.value(of: et.id) == nil
        if let f = bindOrCheck(
            et.id,
            info.account.id,
            fresh: freshId,
            rule: .T7,
            field: "transferAccount.account.id",
            &st
        ) {
            return f
        }
        if freshId, !et.id.kind.isChosen, !format(sem.idFormat, info.account.id) {
            return fail(
                .T11,
                "transferAccount.account.id",
                "\(sem.idFormat), \(sem.idFormat.minimumLength) characters",
                info.account.id
            )
        }
        if let p = et.password, sem.passwordFormat != .disabled {
            guard let pw = info.account.password else {
                return fail(.T6, "transferAccount.account.password", "present", "absent")
            }
            if st.value(of: p) == nil, !p.kind.isChosen, !format(sem.passwordFormat, pw) {
                return fail(
                    .T11,
                    "transferAccount.account.password",
                    "\(sem.passwordFormat), \(sem.passwordFormat.minimumLength) characters",
                    pw
                )
            }
            if let known = st.value(of: p), known != pw {
                return fail(.T7, "transferAccount.account.password", known, pw)
            }
            st.bind(p, pw)
        } else if et.password == nil, let pw = info.account.password {
            return fail(.T6, "transferAccount.account.password", "absent (query)", pw)
        }
        let c = info.condition
        let type = sem.oneTime ? "ONE_TIME" : "UNLIMITED"
        if c.transferAccountType != type {
            return fail(.T10, "condition.transferAccountType", type, c.transferAccountType)
        }
        let exp = sem.expirySeconds == nil ? "UNLIMITED" : "LIMITED"
        if c.expirationType != exp { return fail(.T10, "condition.expirationType", exp, c.expirationType) }
        if let d = st.transferAccounts[et.account]?.expiry {
            guard let v = c.expirationDate else { return fail(.T10, "condition.expirationDate", "\(d)", "absent") }
            switch date(d, v, rule: .T10, field: "condition.expirationDate") {
            case .failure(let f): return f
            case .success(let r): try st.editTransferAccount(et.account) { $0.expiry = r }
            }
        }
        return nil
    }

    func checkTransferKey(_ k: Sym, _ st: inout ModelState) throws(MissingState) -> Mismatch? {
        guard let info = body?.transferKey else { return fail(.T13, "transferKey", "present", "absent") }
        if info.transferKey.count != 8 {
            return fail(.T13, "transferKey.transferKey", "8 characters", info.transferKey)
        }
        if let f = bindOrCheck(k, info.transferKey, fresh: true, rule: .T13, field: "transferKey.transferKey", &st) {
            return f
        }
        switch date(try st.transferKey(k).expiry, info.expireDate, rule: .T13, field: "transferKey.expireDate") {
        case .failure(let f): return f
        case .success(let d): try st.editTransferKey(k) { $0.expiry = d }
        }
        return nil
    }

    func checkTicket(_ et: ExpectedTicket, _ st: inout ModelState) throws(MissingState) -> Mismatch? {
        guard let t = body?.forcingMappingTicket else { return fail(.M2, "forcingMappingTicket", "present", "absent") }
        if let f = bindOrCheck(
            et.requester,
            t.userId,
            fresh: false,
            rule: .M2,
            field: "forcingMappingTicket.userId",
            &st
        ) {
            return f
        }
        if let f = bindOrCheck(
            et.owner,
            t.mappedUserId,
            fresh: false,
            rule: .M2,
            field: "forcingMappingTicket.mappedUserId",
            &st
        ) {
            return f
        }
        if t.mappedUserValid != et.ownerValid {
            return fail(
                .M10,
                "forcingMappingTicket.mappedUserValid",
                et.ownerValid.rawValue,
                t.mappedUserValid.rawValue
            )
        }
        let acct = m.identities.idPAccount(et.account)
        if t.idPCode != acct.idPCode || (t.idPId.map { $0 != acct.idPId } ?? false) {
            return fail(.M2, "forcingMappingTicket.idPId", acct.description, "\(t.idPCode):\(t.idPId ?? "absent")")
        }
        if let sent = op.idPToken, t.accessToken != sent {
            return fail(.M2, "forcingMappingTicket.accessToken", sent, t.accessToken)
        }
        if let f = bindOrCheck(et.ticket, t.forcingMappingKey, fresh: true, rule: .M8, field: "forcingMappingKey", &st)
        {
            return f
        }
        switch date(et.expiry, t.expirationDate, rule: .M8, field: "forcingMappingTicket.expirationDate") {
        case .failure(let f): return f
        case .success(let d): try st.editTicket(et.ticket) { $0.expiry = d }
        }
        // Last, so a ticket without it has had every other field judged (knob shapes.ticketIdPId).
        if t.idPId == nil, m.semantics.shapes.ticketIdPId == .required {
            return fail(.M2, "forcingMappingTicket.idPId", acct.idPId, "absent")
        }
        return nil
    }

    func checkFailInfo(_ a: Sym, _ n: Int, _ st: inout ModelState) throws(MissingState) -> Mismatch? {
        guard let f = body?.failTransferAccount else { return fail(.T8, "failTransferAccount", "present", "absent") }
        let ta = try st.transferAccount(a)
        if let id = st.value(of: ta.id), f.id != id { return fail(.T8, "failTransferAccount.id", id, f.id) }
        if f.failCount != n { return fail(.T8, "failTransferAccount.failCount", "\(n)", "\(f.failCount)") }
        if f.status != "B" { return fail(.T8, "failTransferAccount.status", "B", f.status) }
        if let end = ta.blocked?.end {
            switch date(end, f.blockEndDate, rule: .T8, field: "failTransferAccount.blockEndDate") {
            case .failure(let x): return x
            case .success(let d): try st.editTransferAccount(a) { $0.blocked = .init(end: d) }
            }
        }
        return nil
    }

    /// T15: a device blocked for unknown ids; `id` echoes the id asked for (a made-up one the
    /// model does not know), so only the count, status and block end are judged.
    func checkDeviceFailInfo(_ d: DeviceRef, _ n: Int, _ st: inout ModelState) -> Mismatch? {
        guard let f = body?.failTransferAccount else { return fail(.T15, "failTransferAccount", "present", "absent") }
        if f.failCount != n { return fail(.T15, "failTransferAccount.failCount", "\(n)", "\(f.failCount)") }
        if f.status != "B" { return fail(.T15, "failTransferAccount.status", "B", f.status) }
        if let end = st.wrongIdDevices[d]?.blocked?.end {
            switch date(end, f.blockEndDate, rule: .T15, field: "failTransferAccount.blockEndDate") {
            case .failure(let x): return x
            case .success(let narrowed): st.wrongIdDevices[d]?.blocked = .init(end: narrowed)
            }
        }
        return nil
    }

    func checkBanInfo(_ u: Sym, _ st: inout ModelState) throws(MissingState) -> Mismatch? {
        guard let b = body?.banInfo else { return fail(.B1, "banInfo", "present", "absent") }
        guard let ban = try st.user(u).ban else { return nil }
        if let f = bindOrCheck(u, b.userId, fresh: false, rule: .B1, field: "banInfo.userId", &st) { return f }
        let type = ban.permanent ? "PERMANENT" : "TEMPORARY"
        if b.banType != type { return fail(.B2, "banInfo.banType", type, b.banType) }
        if b.endDate != ban.end {
            return fail(
                .B2,
                "banInfo.endDate",
                ban.end.map(String.init) ?? "absent",
                b.endDate.map(String.init) ?? "absent"
            )
        }
        switch date(ban.begin, b.beginDate, rule: .B1, field: "banInfo.beginDate") {
        case .failure(let f): return f
        case .success(let d): try st.editUser(u) { $0.ban?.begin = d }
        }
        // Last, so an answer without them has had every other field judged (knob shapes.banInfoContact).
        if m.semantics.shapes.banInfoContact == .required {
            if b.csInfo == nil { return fail(.B1, "banInfo.csInfo", "present", "absent") }
            if b.csUrl == nil { return fail(.B1, "banInfo.csUrl", "present", "absent") }
        }
        return nil
    }
}
