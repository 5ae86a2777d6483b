import Protocol

/// Evaluates one operation on one state along one path of choices. Each check of docs/PROTOCOL.md
/// is a line here, in the document's order; the first that applies answers and changes nothing.
/// Every look-up of an entry the state must hold throws ``MissingState`` when it does not (the
/// model is inconsistent): ``GamebaseModel/step(_:_:_:)`` reports it as a ``HarnessError``.
struct Evaluator {
    let sem: Semantics
    let op: Op
    var s: ModelState
    var paths: Paths

    enum Gate<T> {
        case pass(T)
        case stop(Outcome)
    }

    /// The live session an authenticated operation presented.
    typealias Session = (token: Sym, user: Sym)

    enum TokenStatus {
        case absent
        case dead(RuleID, String)
        /// Revoked by its user's withdrawal or loss, with `tokens.goneMember` giving it a code.
        case gone(ResultCode, RuleID, String)
        case live(Sym)
    }

    var window: ClockWindow { paths.window }

    mutating func done(_ code: ResultCode, _ rule: RuleID, _ because: String, _ expect: [Expectation] = []) -> Outcome {
        Outcome(code: code, rule: rule, because: because, expectations: expect, next: s)
    }

    func sent(_ sym: Sym?) -> String? { sym.flatMap { op.values[$0] } }

    func sym(_ kind: Sym.Kind) -> Sym { Sym(kind, op.id) }

    mutating func run() throws(MissingState) -> Outcome {
        // §1.3 row 1: a dialect without forcing tickets has neither forced operation.
        if sem.mapping.forcing == .noTicket, op.kind == .mappingForcibly || op.kind == .loginChange {
            return done(.wrongURI, .X2, "no forced operations (mapping.forcing: none)")
        }
        let edge = edgeInputProblem().flatMap { p in Self.inputRow(p.code).map { (p.code, p.why, row: $0) } }
        let maintained = op.action.isLogin && sem.maintenance.periodSeconds != nil
        guard edge != nil || maintained else { return try evaluateAction() }
        // Both answer instead of the action, which is evaluated on this path first because §1.3's
        // order is global: bad input of an earlier row elsewhere in the request (a missing
        // accessToken, row 7) answers before an edge value's, and any bad input before
        // maintenance. Whichever answers instead changes nothing. The choices the evaluation took
        // stay on the path; what they assumed about time is forgotten when the answer is not the
        // action's (it does not depend on them), so those paths merge.
        let (before, unassumed) = (s, paths)
        let outcome = try evaluateAction()
        let row = Self.inputRow(outcome.code)
        if let edge {
            if let row, row < edge.row { return outcome }
            s = before
            paths.assume(like: unassumed)
            return done(edge.0, .X2, edge.1)
        }
        guard row == nil else { return outcome }
        // L14: every login answers 3701 under maintenance, after the request's own bad input.
        // Decided on the request's own window, so every path of the action that is under
        // maintenance merges; a path whose own assumptions put it inside maintenance is too.
        let assumed = paths
        paths.assume(like: unassumed)
        if paths.underMaintenance(sem.maintenance) || assumed.surelyUnderMaintenance(sem.maintenance) {
            s = before
            return done(.notPlayable, .L14, "the game is under maintenance")
        }
        paths.assume(like: assumed)
        return outcome
    }

    /// The bad input the step's edge value makes (§1.3), answered before any semantics.
    private func edgeInputProblem() -> (code: ResultCode, why: String)? {
        switch op.edge {
        case .longValue(let n)?, .longUnicodeValue(let n)?:
            // Row 11: a made-up value past 1,024 characters.
            guard n > EdgeValue.maxStringLength, op.action.hasLimitedMadeUpValue else { return nil }
            return (.parameterTooLong, "a value of \(n) characters (more than \(EdgeValue.maxStringLength))")
        case .numberForm(let f)?:
            // Rows 8 and 10: an integer field written as a fraction or beyond 64 bits.
            guard op.action.hasIntegerField, let code = f.badInput else { return nil }
            return (code, "an integer written as \(f.rawValue) (\(f.text(1)))")
        case .deviceId(let f)?:
            // Row 10: a malformed device id (client operations send one).
            guard op.action.device != nil else { return nil }
            return (.inappropriateValue, "a malformed X-TCGB-Device-Id (\(f.rawValue))")
        case .dateForm(let f)?:
            // Row 10: a date §1.4 does not read.
            guard op.action.hasDateField, !f.isValid else { return nil }
            return (.inappropriateValue, "a date written as \(f.rawValue) (\(f.text(0)))")
        case .transactionId?, nil:
            return nil
        }
    }

    /// The row of §1.3's table a bad-input code answers for (`nil`: not a bad-input code).
    /// -4000008 is row 11 here (row 4, a body past 1 MiB, is never sent).
    static func inputRow(_ code: ResultCode) -> Int? {
        switch code {
        case .wrongURI: 1
        case .invalidAppID: 2
        case .invalidSecretKey: 3
        case .wrongContentType: 5
        case .malformedJSON: 6
        case .missingParameter: 7
        case .wrongParameterType: 8
        case .undefinedValue: 9
        case .inappropriateValue: 10
        case .parameterTooLong: 11
        default: nil
        }
    }

    /// The semantics of the step's action (§2–4).
    private mutating func evaluateAction() throws(MissingState) -> Outcome {
        switch op.action {
        case .loginGuest(let d, let ignore): try loginGuest(d, ignore)
        case .loginIdP(let d, let c, let ignore): try loginIdP(d, c, ignore)
        case .loginToken(let d, let t): try loginToken(d, t)
        case .changeLogin(let d, let t, let k, let c): try changeLogin(d, t, k, c)
        case .logout(let d, let t): try logout(d, t)
        case .getMember(let d, let t): try getMember(d, t)
        case .mappingList(let d, let t): try mappingList(d, t)
        case .addMapping(let d, let t, let c): try addMapping(d, t, c)
        case .addMappingForcibly(let d, let t, let k, let c): try addMappingForcibly(d, t, k, c)
        case .removeMapping(let d, let t, let x): try removeMapping(d, t, x)
        case .withdraw(let d, let t): try withdraw(d, t)
        case .requestTemporaryWithdrawal(let d, let t): try requestTemporaryWithdrawal(d, t)
        case .cancelTemporaryWithdrawal(let d, let t): try cancelTemporaryWithdrawal(d, t)
        case .issueTransferAccount(let d, let t): try issueTransferAccount(d, t)
        case .queryTransferAccount(let d, let t): try queryTransferAccount(d, t)
        case .renewTransferAccount(let d, let t, let r): try renewTransferAccount(d, t, r)
        case .transferLogin(let d, let c): try transferLogin(d, c)
        case .issueTransferKey(let d, let t, let e): try issueTransferKey(d, t, e)
        case .transferKeyLogin(let d, let k): try transferKeyLogin(d, k)
        case .serverToken(let u, let t, let linked): try serverToken(u, t, linked)
        case .serverMember(let u): try serverMember(u)
        case .serverProfile(let u, let t): try serverProfile(u, t)
        case .serverMembers(let us): serverMembers(us)
        case .serverIdP(let code, let accounts): serverIdP(code, accounts)
        case .serverBan(let us, let spec): try serverBan(us, spec)
        case .serverRelease(let us): try serverRelease(us)
        case .serverValidate(let c): try serverValidate(c)
        case .serverWithdraw(let u, let regUser): try serverWithdraw(u, regUser)
        case .serverWithdrawals(let q): serverWithdrawals(q)
        case .advanceClock: done(.success, .TC, "clock advanced")
        case .graceBan(let u, let secs, let rule): try graceBan(u, secs, rule)
        case .payment(let u, let amount, let currency): try payment(u, amount, currency)
        }
    }

    // MARK: Sessions

    /// Live: not revoked and not expired (the device is checked by the caller).
    mutating func isLive(_ t: Sym) -> Bool {
        guard let tok = s.tokens[t], tok.revoked == nil else { return false }
        return !paths.passed(tok.expiry)
    }

    /// The device's current session when it is live.
    mutating func liveSession(_ d: DeviceRef) -> TokenState? {
        guard let t = s.devices[d], isLive(t) else { return nil }
        return s.tokens[t]
    }

    func resolveToken(_ t: Sym) -> Sym? { s.resolve(t, sent: sent(t)) { s.tokens[$0] != nil } }
    func resolveUser(_ u: UserArg) -> Sym? {
        guard case .user(let x) = u else { return nil }
        return s.resolve(x, sent: sent(x)) { s.users[$0] != nil }
    }

    /// §1.7: is the presented token live for a call from `device` (`nil`: no device check, E1)?
    mutating func tokenStatus(_ arg: TokenArg, device: DeviceRef?, unknownRule: RuleID) -> TokenStatus {
        switch arg {
        case .none: return .absent
        case .garbage: return .dead(unknownRule, "the token was never issued")
        case .token(let x):
            guard let t = resolveToken(x), let tok = s.tokens[t] else {
                return .dead(unknownRule, "the token is unknown")
            }
            if let r = tok.revoked {
                if tok.memberGone, let code = sem.tokens.goneMember.code {
                    return .gone(code, r, "\(t) was revoked (\(r)) with its member, \(tok.user)")
                }
                return .dead(r, "\(t) was revoked (\(r))")
            }
            if let device, sem.tokens.deviceBound, tok.device != device {
                return .dead(.L11, "\(t) was issued to \(tok.device), presented from \(device)")
            }
            if paths.passed(tok.expiry) { return .dead(.L4, "\(t) expired at \(tok.expiry)") }
            return .live(t)
        }
    }

    /// The auth preamble of authenticated operations (§1.7, L12, B1).
    mutating func preamble(_ d: DeviceRef, _ arg: TokenArg, checkBan: Bool = true) throws(MissingState) -> Gate<Session>
    {
        switch tokenStatus(arg, device: d, unknownRule: .L12) {
        case .absent: return .stop(done(.notLoggedIn, .L12, "no Authorization header"))
        case .dead(let r, let why): return .stop(done(.authInvalidGamebaseToken, r, why))
        case .gone(let code, let r, let why): return .stop(done(code, r, why))
        case .live(let t):
            let u = try s.token(t).user
            if checkBan, sem.ban.scope == .everyCall, try s.user(u).isBanned {
                return .stop(done(sem.ban.code, .B1, "\(u) is banned", [.banInfo(user: u)]))
            }
            return .pass((t, u))
        }
    }

    /// The account an IdP credential proves, or `nil` when the token is forged (§1.6, F1).
    func verify(_ c: IdPCredential) -> AccountRef? {
        guard let a = c.account, c.form != .absent else { return nil }
        if sem.idp.tokenMode == .plain { return AccountRef(c.idPCode, a.index) }
        guard c.form == .valid, a.idPCode == c.idPCode else { return nil }
        return a
    }

    func badLineRegion(_ c: IdPCredential) -> Bool {
        guard c.idPCode == .line, let r = c.lineRegion else { return false }
        return !sem.idp.lineRegions.contains(r)
    }

    func member(_ u: Sym, isNew: Bool = false, userRule: RuleID = .M3, authListRule: RuleID) throws(MissingState)
        -> Expectation
    {
        let st = try s.user(u)
        return .member(
            ExpectedMember(
                user: u,
                isNew: isNew,
                userRule: userRule,
                valid: st.valid,
                authList: st.authList,
                authListRule: authListRule,
                lastLoginDate: !isNew
            )
        )
    }

    var tokenExpiry: Deadline { window.deadline(after: sem.tokens.lifetimeSeconds * 1000, boundaryAmbiguous: true) }
}
