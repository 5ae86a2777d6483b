import Protocol

/// Checks an answer against one expected outcome, binding the symbols it names.
package struct Matcher: Sendable {
    package var identities: Identities
    package var semantics: Semantics
    package init(identities: Identities, semantics: Semantics) {
        self.identities = identities
        self.semantics = semantics
    }

    /// The next state (with the observed values bound) if the answer fits the outcome. Throws a
    /// ``HarnessError`` when the outcome names an entry its state does not hold (the model is
    /// inconsistent): that is never a mismatch, so never a violation of the target.
    package func match(_ o: Outcome, _ obs: Observation, op: Op) throws(HarnessError) -> Result<ModelState, Mismatch> {
        guard obs.code == o.code else {
            return .failure(
                Mismatch(o.rule, "resultCode", expected: "\(o.code) (\(o.because))", observed: "\(obs.code)")
            )
        }
        if let m = invariants(obs) { return .failure(m) }
        var st = o.next
        var ctx = Ctx(m: self, op: op, obs: obs)
        do throws(MissingState) {
            for e in o.expectations {
                if let m = try ctx.check(e, &st) { return .failure(m) }
            }
        } catch {
            throw HarnessError(op, error, stage: .matching)
        }
        return .success(st)
    }

    /// Invariants every answer must satisfy whatever the model expects (M1, M6, M10).
    func invariants(_ obs: Observation) -> Mismatch? {
        var lists: [(MemberValid, [IdPCode])] = []
        switch obs {
        case .client(let b):
            if let m = b.member { lists.append((m.valid, m.authList.map(\.idPCode))) }
            if let t = b.forcingMappingTicket, t.mappedUserValid == .withdrawn || t.mappedUserValid == .lost {
                return Mismatch(
                    .M10,
                    "forcingMappingTicket.mappedUserValid",
                    expected: "not D or M",
                    observed: t.mappedUserValid.rawValue
                )
            }
        case .tokenAuthentication(let b):
            if let m = b.member, let l = m.authList { lists.append((m.valid, l.map(\.idPCode))) }
        case .member(let b):
            if let m = b.member, let l = m.authList { lists.append((m.valid, l.map(\.idPCode))) }
        default: break
        }
        for (valid, codes) in lists {
            if codes.indices.contains(where: { i in codes[..<i].contains(codes[i]) }) {
                return Mismatch(
                    .M1,
                    "authList",
                    expected: "at most one account per IdP type",
                    observed: "\(codes.map(\.rawValue))"
                )
            }
            if codes.isEmpty, valid != .withdrawn, valid != .lost {
                return Mismatch(.M6, "authList", expected: "non-empty for a \(valid.rawValue) user", observed: "[]")
            }
        }
        return nil
    }

    func describe(_ accounts: Set<AccountRef>) -> String {
        "[" + accounts.sorted().map { identities.idPAccount($0).description }.joined(separator: ", ") + "]"
    }
}

/// Per-answer checking context.
struct Ctx {
    let m: Matcher
    let op: Op
    let obs: Observation

    var body: ClientReplyBody? { obs.client }

    func fail(_ rule: RuleID, _ field: String, _ expected: String, _ observed: String) -> Mismatch {
        Mismatch(rule, field, expected: expected, observed: observed)
    }

    /// Binds `s` to `v` if unbound (checking `v` is fresh for its class), or checks equality.
    func bindOrCheck(_ s: Sym, _ v: String, fresh: Bool, rule: RuleID, field: String, _ st: inout ModelState)
        -> Mismatch?
    {
        if let known = st.value(of: s) {
            return known == v ? nil : fail(rule, field, "\(s) = \(known)", v)
        }
        if let other = st.symbol(forValue: v, kind: s.kind), other != s {
            return fail(rule, field, fresh ? "a new value for \(s)" : "the value of \(s)", "\(v), already \(other)")
        }
        st.bind(s, v)
        return nil
    }

    /// Checks a reported date against a deadline and returns the resolved deadline.
    func date(_ d: Deadline, _ v: Int64, rule: RuleID, field: String) -> Result<Deadline, Mismatch> {
        d.admits(v) ? .success(d.resolved(v)) : .failure(fail(rule, field, "\(d)", "\(v)"))
    }

    func validRule(_ expected: MemberValid, _ observed: MemberValid) -> RuleID {
        switch expected == .normal ? observed : expected {
        case .withdrawn: .W1
        case .lost: .M9
        case .banned: .B1
        case .temporaryWithdrawal: .W4
        case .graceBan: .B5
        case .normal: .M3
        }
    }

    mutating func check(_ e: Expectation, _ st: inout ModelState) throws(MissingState) -> Mismatch? {
        switch e {
        case .member(let em): return try checkMember(em, &st)
        case .newToken(let t, _), .sameToken(let t): return try checkToken(e, t, &st)
        case .lastLoggedInProvider(let code, let rule):
            let v = body?.lastLoggedInProvider
            return v == code ? nil : fail(rule, "lastLoggedInProvider", code.rawValue, v?.rawValue ?? "absent")
        case .mappingList(let u):
            let want = try st.user(u).authList.map(\.idPCode).sorted()
            let got = (body?.authMappingList ?? []).sorted()
            return want == got && body?.authMappingList != nil
                ? nil : fail(.M3, "authMappingList", "\(want.map(\.rawValue))", "\(got.map(\.rawValue))")
        case .temporaryWithdrawal(let u):
            guard let v = body?.temporaryWithdrawal?.gracePeriodDate else {
                return fail(.W4, "temporaryWithdrawal", "present", "absent")
            }
            guard let pending = try st.user(u).temporaryWithdrawal else {
                throw MissingState(u, field: "temporaryWithdrawal")
            }
            switch date(pending, v, rule: .W4, field: "temporaryWithdrawal.gracePeriodDate") {
            case .failure(let f): return f
            case .success(let d): try st.editUser(u) { $0.temporaryWithdrawal = d }
            }
            return nil
        case .transferAccount(let et): return try checkTransferAccount(et, &st)
        case .transferKey(let k): return try checkTransferKey(k, &st)
        case .ticket(let et): return try checkTicket(et, &st)
        case .failInfo(let a, let n): return try checkFailInfo(a, n, &st)
        case .deviceFailInfo(let d, let n): return checkDeviceFailInfo(d, n, &st)
        case .banInfo(let u): return try checkBanInfo(u, &st)
        case .serverToken, .serverProfile, .serverMember, .serverMembers, .idPMembers, .failedUsers, .validatedMember,
            .graceBanInfo:
            return try checkServer(e, &st)
        case .withdrawHistory(let h): return try checkHistory(h, &st)
        }
    }
}
