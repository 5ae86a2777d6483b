import Model
import Protocol
import Testing

@Suite("Knob variations and nondeterminism")
struct KnobAndBeliefTests {
    typealias S = Sim

    @Test("Add-mapping precedence: a guest adding an account another user owns, under each order")
    func addPrecedence() {
        let orders: [([ResultCode], ResultCode)] = [
            (
                [.addMappingCannotAddGuestIdP, .addMappingAlreadyHasSameIdP, .addMappingAlreadyMappedToOtherMember],
                .addMappingAlreadyHasSameIdP
            ),
            (
                [.addMappingAlreadyMappedToOtherMember, .addMappingAlreadyHasSameIdP, .addMappingCannotAddGuestIdP],
                .addMappingAlreadyMappedToOtherMember
            ),
        ]
        for (order, want) in orders {
            var sem = Semantics()
            sem.mapping.addPrecedence = order
            var sim = Sim(sem)
            sim.login(S.d0, S.g1)
            let s = sim.login(S.d1, S.g2)
            // The user has google#2 and asks for google#1, which another user owns.
            sim.expect(want, .addMapping(device: S.d1, token: S.token(s), credential: .valid(S.g1)))
        }
        var sem = Semantics()
        sem.mapping.addPrecedence = [
            .addMappingAlreadyHasSameIdP, .addMappingCannotAddGuestIdP, .addMappingAlreadyMappedToOtherMember,
        ]
        var sim = Sim(sem)
        let g = sim.login(S.d0)
        sim.expect(
            .addMappingAlreadyHasSameIdP,
            .addMapping(device: S.d0, token: S.token(g), credential: IdPCredential(idPCode: .guest, account: nil))
        )
    }

    @Test("Forcing ticket lifetime and token lifetime follow their knobs")
    func lifetimes() {
        var sem = Semantics()
        sem.tokens.lifetimeSeconds = 60
        var sim = Sim(sem)
        let s = sim.login(S.d0, S.g1)
        sim.advance(seconds: 61)
        sim.expect(.tokenLoginInvalidTokenInfo, .loginToken(device: S.d0, token: S.token(s)), rule: .L4)
    }

    @Test("Grace period days knob")
    func graceDays() {
        var sem = Semantics()
        sem.withdrawal.gracePeriodDays = 1
        var sim = Sim(sem)
        let s = sim.login(S.d0, S.g1)
        sim.expect(.success, .requestTemporaryWithdrawal(device: S.d0, token: S.token(s)))
        sim.advance(seconds: 86_400)
        #expect(sim.valid(sim.user(of: s)) == .temporaryWithdrawal)
        sim.expect(.success, .serverMember(user: .user(sim.user(of: s))))
        #expect(sim.valid(sim.user(of: s)) == .withdrawn)
    }

    @Test("Password format disabled: every password is correct")
    func passwordDisabled() {
        var sem = Semantics()
        sem.transferAccount.passwordFormat = .disabled
        var sim = Sim(sem)
        let s = sim.login(S.d0)
        let i = sim.expect(.success, .issueTransferAccount(device: S.d0, token: S.token(s)))
        sim.expect(
            .success,
            .transferLogin(
                device: S.d1,
                credentials: TransferCredentials(id: .value(Sym(.transferId, i)), password: .wrong)
            )
        )
    }

    @Test("A deadline inside the clock window allows both outcomes; the observation resolves it")
    func windowUncertainty() throws {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let model = sim.model
        var belief = Belief(model: model, initial: sim.state)
        let exp = sim.now + 86_400_000
        let op = Op(id: 50, action: .getMember(device: S.d0, token: S.token(s)))
        let window = ClockWindow(lo: exp - 5_000, hi: exp + 5_000)
        #expect(Set(try belief.predictions(op, window).map(\.code)) == [.success, .authInvalidGamebaseToken])
        let m = Matcher(identities: Identities(salt: "t"), semantics: .default)
        let j = try belief.observe(
            op,
            window,
            .client(ClientReplyBody(header: ResponseHeader(transactionId: "x", code: .authInvalidGamebaseToken))),
            matcher: m
        )
        #expect(j.matched && j.rule == .L4)
        // Having seen it expired, a later step with an overlapping window knows it is.
        #expect(belief.states.count == 1 && belief.primary.timeFloor >= exp)
        #expect(
            Set(
                try belief.predictions(
                    Op(id: 51, action: .getMember(device: S.d0, token: S.token(s))),
                    ClockWindow(lo: exp - 4_000, hi: exp + 6_000)
                ).map(\.code)
            ) == [.authInvalidGamebaseToken]
        )
    }

    @Test("A lost answer leaves the operation maybe-applied until an observation tells")
    func maybeApplied() throws {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        var belief = Belief(model: sim.model, initial: sim.state)
        let w = ClockWindow(exactly: sim.now)
        belief.observeLost(Op(id: 60, action: .logout(device: S.d0, token: S.token(s))), w)
        let probe = Op(id: 61, action: .getMember(device: S.d0, token: S.token(s)))
        #expect(Set(try belief.predictions(probe, w).map(\.code)) == [.success, .authInvalidGamebaseToken])
        let m = Matcher(identities: Identities(salt: "t"), semantics: .default)
        let j = try belief.observe(
            probe,
            w,
            .client(ClientReplyBody(header: ResponseHeader(transactionId: "x", code: .authInvalidGamebaseToken))),
            matcher: m
        )
        #expect(j.matched && j.rule == .L5)
        #expect(belief.states.allSatisfy { $0.tokens[Sym(.token, s)]!.revoked == .L5 })
    }

    @Test(
        "Matcher: a guest entry kept after mapping is an M4 violation; an old userId where a new user is due is one too"
    )
    func matcherAttribution() throws {
        var sim = Sim()
        let s = sim.login(S.d0)
        var state = sim.state
        let ids = Identities(salt: "t")
        state.bind(sim.user(of: s), "USERAAAAAAAAAAAA")
        let o = try sim.model.step(
            state,
            Op(id: 9, action: .addMapping(device: S.d0, token: S.token(s), credential: .valid(S.g1))),
            ClockWindow(exactly: sim.now)
        )[0]
        let member = Member(
            userId: "USERAAAAAAAAAAAA",
            valid: .normal,
            appId: "gbfuzz",
            regDate: 0,
            lastLoginDate: 1,
            authList: [
                AuthMappingInfo(userId: "USERAAAAAAAAAAAA", idPCode: .guest, authKey: ids.device(S.d0), regDate: 0),
                AuthMappingInfo(userId: "USERAAAAAAAAAAAA", idPCode: .google, authKey: ids.idPId(S.g1), regDate: 0),
            ]
        )
        let body = ClientReplyBody(
            header: ResponseHeader(transactionId: "x", code: .success),
            token: TokenInfo(accessToken: "tok", expirationDate: sim.now + 86_400_000),
            member: member,
            lastLoggedInProvider: .google
        )
        guard
            case .failure(let f) = try Matcher(identities: ids, semantics: .default).match(
                o,
                .client(body),
                op: Op(id: 9, action: .loginGuest(device: S.d0, ignoreAlreadyLoggedIn: false))
            )
        else {
            Issue.record("a kept guest entry matched")
            return
        }
        #expect(f.rule == .M4 && f.field == "member.authList")
    }
}

@Suite("Diagnosis")
struct DiagnosisTests {
    @Test("L5 diagnosis: a login refused as if the logged-out token were live is blamed on L5")
    func l5Diagnosis() {
        var sim = Sim()
        let s = sim.login(Sim.d0, Sim.g1)
        sim.expect(.success, .logout(device: Sim.d0, token: Sim.token(s)))
        let belief = Belief(model: sim.model, initial: sim.state)
        let op = Op(id: 90, action: .loginIdP(device: Sim.d0, credential: .valid(Sim.f1), ignoreAlreadyLoggedIn: false))
        #expect(belief.diagnose(op, ClockWindow(exactly: sim.now), observed: .idpLoginFailed) == .L5)
    }

    @Test(
        "L5 diagnosis looks at the step's own device first: a logged-out session behind a TransferKey login's 9, however many tokens died since elsewhere"
    )
    func l5DiagnosisOnItsDevice() {
        var sem = Semantics()
        sem.transferKey.enabled = true
        var sim = Sim(sem)
        let s = sim.login(Sim.d0, Sim.g1)
        sim.expect(.success, .logout(device: Sim.d0, token: Sim.token(s)))
        // Twelve later logins on another device: eleven tokens revoked after the logged-out one (L10).
        for _ in 0..<12 { sim.login(Sim.d1) }
        let belief = Belief(model: sim.model, initial: sim.state)
        let op = Op(id: 900, action: .transferKeyLogin(device: Sim.d0, key: .garbage))
        #expect(Set(sim.outcomes(op).map(\.code)) == [.transferKeyNotExist])
        #expect(belief.diagnose(op, ClockWindow(exactly: sim.now), observed: .notGuestOrHasOthers) == .L5)
    }
}

@Suite("Lost answers")
struct LostAnswerTests {
    typealias S = Sim

    @Test("Each lost operation keeps its own horizon: retiring the old ones keeps a newer one maybe-applied")
    func ownHorizon() throws {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        var belief = Belief(model: sim.model, initial: sim.state)
        let w = ClockWindow(exactly: sim.now)
        belief.observeLost(Op(id: 10, action: .getMember(device: S.d0, token: S.token(s))), w)
        belief.observeLost(Op(id: 16, action: .logout(device: S.d0, token: S.token(s))), w)
        belief.retirePending(before: 11)
        #expect(belief.states.allSatisfy { $0.pending.map(\.op.id) == [16] || $0.pending.isEmpty })
        let probe = Op(id: 17, action: .getMember(device: S.d0, token: S.token(s)))
        #expect(Set(try belief.predictions(probe, w).map(\.code)) == [.success, .authInvalidGamebaseToken])
        belief.retirePending(before: 17)
        #expect(belief.states.allSatisfy { $0.pending.isEmpty })
    }
}
