import Model
import Protocol
import Testing

@Suite("Login and session rules (PROTOCOL.md §1.6, §1.7, §2.1–2.4)")
struct SessionRuleTests {
    typealias S = Sim

    func member(_ o: Outcome) -> ExpectedMember? {
        for e in o.expectations { if case .member(let m) = e { return m } }
        return nil
    }

    @Test(
        "L1: a login with an unmapped account (or a device without a guest key) creates a new user whose first answer has no lastLoginDate"
    )
    func l1() {
        var sim = Sim()
        let o = sim.run(.loginIdP(device: S.d0, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false))
        #expect(o.code == .success && o.rule == .L1)
        #expect(member(o)?.isNew == true && member(o)?.lastLoginDate == false)
        let g = sim.run(.loginGuest(device: S.d1, ignoreAlreadyLoggedIn: false))
        #expect(member(g)?.isNew == true && g.rule == .L1)
        let again = sim.run(.loginIdP(device: S.d0, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false))
        #expect(member(again)?.isNew == false && member(again)?.lastLoginDate == true)
    }

    @Test(
        "L2: token login answers 3103 without a token, 3102 with an invalid one, and the same token and user on success"
    )
    func l2() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        sim.expect(.tokenLoginInvalidLastLoggedInIdP, .loginToken(device: S.d0, token: .none), rule: .L2)
        sim.expect(.tokenLoginInvalidTokenInfo, .loginToken(device: S.d0, token: .garbage), rule: .L2)
        let o = sim.run(.loginToken(device: S.d0, token: S.token(s)))
        #expect(o.code == .success && o.expectations.contains(.sameToken(Sym(.token, s))))
        #expect(o.expectations.contains(.lastLoggedInProvider(.google, .L2)))
        #expect(member(o)?.user == sim.user(of: s))
    }

    @Test("L4: tokens expire after tokens.lifetimeSeconds; exactly at expirationDate either answer is allowed")
    func l4() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        sim.advance(seconds: 86_399)
        sim.expect(.success, .getMember(device: S.d0, token: S.token(s)))
        sim.advance(seconds: 1)
        #expect(sim.codes(.getMember(device: S.d0, token: S.token(s))) == [.success, .authInvalidGamebaseToken])
        sim.advance(seconds: 1)
        sim.expect(.authInvalidGamebaseToken, .getMember(device: S.d0, token: S.token(s)), rule: .L4)
        sim.expect(.tokenLoginInvalidTokenInfo, .loginToken(device: S.d0, token: S.token(s)), rule: .L4)
    }

    @Test("L5: logout revokes the token; the user's data stays")
    func l5() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        sim.expect(.success, .logout(device: S.d0, token: S.token(s)), rule: .L5)
        sim.expect(.tokenLoginInvalidTokenInfo, .loginToken(device: S.d0, token: S.token(s)), rule: .L5)
        sim.expect(.authInvalidGamebaseToken, .logout(device: S.d0, token: S.token(s)), rule: .L5)
        #expect(sim.authList(u) == [S.g1] && sim.valid(u) == .normal && sim.state.devices[S.d0] == nil)
    }

    @Test("L7: a login that would switch users on a logged-in device needs ignoreAlreadyLoggedIn (else 3201)")
    func l7() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        sim.expect(
            .idpLoginFailed,
            .loginIdP(device: S.d0, credential: .valid(S.f1), ignoreAlreadyLoggedIn: false),
            rule: .L7
        )
        sim.expect(.idpLoginFailed, .loginGuest(device: S.d0, ignoreAlreadyLoggedIn: false), rule: .L7)
        #expect(sim.tokenRevoked(s) == nil)
        sim.expect(.success, .loginIdP(device: S.d0, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false))
        sim.expect(.success, .loginIdP(device: S.d0, credential: .valid(S.f1), ignoreAlreadyLoggedIn: true))
    }

    @Test("L10: one session per device: a new login revokes the device's previous token")
    func l10() {
        var sim = Sim()
        let s1 = sim.login(S.d0, S.g1)
        let s2 = sim.login(S.d0, S.g1)
        #expect(sim.tokenRevoked(s1) == .L10 && sim.tokenRevoked(s2) == nil)
        sim.expect(.authInvalidGamebaseToken, .getMember(device: S.d0, token: S.token(s1)), rule: .L10)
    }

    @Test("L11: a token works only from the device it was issued to")
    func l11() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        sim.expect(.authInvalidGamebaseToken, .getMember(device: S.d1, token: S.token(s)), rule: .L11)
        sim.expect(.tokenLoginInvalidTokenInfo, .loginToken(device: S.d1, token: S.token(s)), rule: .L11)
        // E1 has no device check.
        sim.expect(.success, .serverToken(user: .user(sim.user(of: s)), token: S.token(s), linkedIdP: true))
    }

    @Test("L12: authenticated operations answer 2 without a token and 3011 with an invalid one")
    func l12() {
        var sim = Sim()
        sim.login(S.d0, S.g1)
        for a in [
            Action.getMember(device: S.d0, token: .none), .mappingList(device: S.d0, token: .none),
            .withdraw(device: S.d0, token: .none), .issueTransferAccount(device: S.d0, token: .none),
        ] {
            sim.expect(.notLoggedIn, a, rule: .L12)
        }
        sim.expect(
            .authInvalidGamebaseToken,
            .removeMapping(device: S.d0, token: .garbage, idPCode: .google),
            rule: .L12
        )
    }

    @Test("L13: an IdP code that is not configured gets 3202 (login) or 3304 (mapping)")
    func l13() {
        var sem = Semantics()
        sem.idp.codes = [.guest, .google]
        var sim = Sim(sem)
        sim.expect(
            .idpLoginInvalidIdPInfo,
            .loginIdP(device: S.d0, credential: .valid(S.f1), ignoreAlreadyLoggedIn: false),
            rule: .L13
        )
        let s = sim.login(S.d0, S.g1)
        sim.expect(
            .addMappingInvalidIdPInfo,
            .addMapping(device: S.d0, token: S.token(s), credential: .valid(S.f1)),
            rule: .L13
        )
        sem.idp.codes = [.google]
        var noGuest = Sim(sem)
        noGuest.expect(.idpLoginInvalidIdPInfo, .loginGuest(device: S.d0, ignoreAlreadyLoggedIn: false), rule: .L13)
    }

    @Test(
        "F1: no forged IdP token ever logs in or maps: bad signature, malformed, or naming another IdP get 3201 and change nothing"
    )
    func f1() {
        var sim = Sim()
        for form in [IdPTokenForm.forged, .malformed] {
            sim.expect(
                .idpLoginFailed,
                .loginIdP(
                    device: S.d0,
                    credential: IdPCredential(idPCode: .google, account: S.g1, form: form),
                    ignoreAlreadyLoggedIn: false
                ),
                rule: .F1
            )
        }
        sim.expect(
            .idpLoginFailed,
            .loginIdP(
                device: S.d0,
                credential: IdPCredential(idPCode: .google, account: S.f1),
                ignoreAlreadyLoggedIn: false
            ),
            rule: .F1
        )
        #expect(sim.state.users.isEmpty)
        let s = sim.login(S.d0)
        // Whatever the precedence, verification comes before success.
        for order: [ResultCode] in [
            [.addMappingAlreadyMappedToOtherMember, .addMappingAlreadyHasSameIdP, .addMappingCannotAddGuestIdP],
            [.addMappingCannotAddGuestIdP, .addMappingAlreadyHasSameIdP, .addMappingAlreadyMappedToOtherMember],
        ] {
            sim.model.semantics.mapping.addPrecedence = order
            sim.expect(
                .idpLoginFailed,
                .addMapping(
                    device: S.d0,
                    token: S.token(s),
                    credential: IdPCredential(idPCode: .google, account: S.g1, form: .forged)
                ),
                rule: .F1
            )
        }
        sim.expect(
            .idpLoginFailed,
            .loginIdP(
                device: S.d1,
                credential: IdPCredential(idPCode: .line, account: S.l1, lineRegion: "mars"),
                ignoreAlreadyLoggedIn: false
            ),
            rule: .F1
        )
        sim.expect(
            .success,
            .loginIdP(
                device: S.d1,
                credential: IdPCredential(idPCode: .line, account: S.l1, lineRegion: "japan"),
                ignoreAlreadyLoggedIn: false
            )
        )
    }

    @Test("F1 (plain token mode): the token is the idPId and every token is accepted")
    func plainMode() {
        var sem = Semantics()
        sem.idp.tokenMode = .plain
        var sim = Sim(sem)
        sim.expect(.success, .loginIdP(device: S.d0, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false))
    }
}
