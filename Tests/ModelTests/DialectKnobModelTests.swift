import Model
import Protocol
import Testing

/// The model judges every value of the dialect knobs (docs/PROTOCOL.md §5.1) as the reference
/// server serves it (Tests/ReferenceServerTests/DialectKnobTests.swift for the server's side).
@Suite("Dialect knobs in the model")
struct DialectKnobModelTests {
    typealias S = Sim

    @Test("login.alreadyLoggedIn: reject refuses switching users without the flag (L7); allow logs the owner in")
    func alreadyLoggedIn() {
        for (value, code) in [(AlreadyLoggedIn.reject, ResultCode.idpLoginFailed), (.allow, .success)] {
            var sem = Semantics()
            sem.login.alreadyLoggedIn = value
            var sim = Sim(sem)
            let owner = sim.login(S.d0, S.g1)
            sim.login(S.d1)
            let step = sim.expect(
                code,
                .loginIdP(device: S.d1, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false),
                rule: value == .reject ? .L7 : .M3
            )
            if value == .allow { #expect(sim.user(of: step) == sim.user(of: owner)) }
        }
    }

    @Test("tokens.perDevice: one revokes the device's previous token (L10); many keeps it live")
    func perDevice() {
        for value in TokensPerDevice.allCases {
            var sem = Semantics()
            sem.tokens.perDevice = value
            var sim = Sim(sem)
            let first = sim.login(S.d0)
            sim.login(S.d0)
            #expect(sim.tokenRevoked(first) == (value == .one ? .L10 : nil))
            sim.expect(
                value == .one ? .authInvalidGamebaseToken : .success,
                .getMember(device: S.d0, token: S.token(first))
            )
        }
    }

    @Test("tokens.deviceBound: true refuses a token from another device (L11); false accepts it")
    func deviceBound() {
        for value in [true, false] {
            var sem = Semantics()
            sem.tokens.deviceBound = value
            var sim = Sim(sem)
            let s = sim.login(S.d0)
            sim.expect(
                value ? .authInvalidGamebaseToken : .success,
                .getMember(device: S.d1, token: S.token(s)),
                rule: value ? .L11 : .L12
            )
            sim.expect(value ? .tokenLoginInvalidTokenInfo : .success, .loginToken(device: S.d1, token: S.token(s)))
        }
    }

    @Test("ban.code decides a banned member's code for login, token login and authenticated calls (B1)")
    func banCode() {
        for code in BanSemantics.codes {
            var sem = Semantics()
            sem.ban.code = code
            var sim = Sim(sem)
            let s = sim.login(S.d0, S.g1)
            sim.expect(.success, .serverBan(users: [.user(sim.user(of: s))], ban: BanSpec(banType: "PERMANENT")))
            sim.expect(code, .loginToken(device: S.d0, token: S.token(s)), rule: .B1)
            sim.expect(code, .getMember(device: S.d0, token: S.token(s)), rule: .B1)
            sim.expect(code, .loginIdP(device: S.d1, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false), rule: .B1)
        }
    }

    @Test("login.missingIdPToken: -4000002 before any semantics, or 3203 after the IdP code's check")
    func missingIdPToken() {
        let absent = IdPCredential(idPCode: .google, account: S.g1, form: .absent)
        var sem = Semantics()
        var sim = Sim(sem)
        sim.expect(
            .missingParameter,
            .loginIdP(device: S.d0, credential: absent, ignoreAlreadyLoggedIn: false),
            rule: .X2
        )
        sem.login.missingIdPToken = .externalAuthRequired
        sem.idp.codes = [.guest, .google]
        sim = Sim(sem)
        sim.expect(
            .idpLoginExternalAuthRequired,
            .loginIdP(device: S.d0, credential: absent, ignoreAlreadyLoggedIn: false),
            rule: .F1
        )
        let unconfigured = IdPCredential(idPCode: .facebook, account: S.f1, form: .absent)
        sim.expect(
            .idpLoginInvalidIdPInfo,
            .loginIdP(device: S.d0, credential: unconfigured, ignoreAlreadyLoggedIn: false)
        )
    }

    @Test("ban.scope: loginsOnly lets a banned user's live token work; logins are still refused (B1)")
    func banScope() {
        var sem = Semantics()
        sem.ban.scope = .loginsOnly
        var sim = Sim(sem)
        let s = sim.login(S.d0, S.g1)
        sim.expect(.success, .serverBan(users: [.user(sim.user(of: s))], ban: BanSpec(banType: "PERMANENT")))
        sim.expect(.success, .getMember(device: S.d0, token: S.token(s)))
        sim.expect(.bannedMember, .loginToken(device: S.d0, token: S.token(s)), rule: .B1)
        sim.expect(
            .bannedMember,
            .loginIdP(device: S.d1, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false),
            rule: .B1
        )
    }

    @Test("idp.unconfigured decides the code for a login and a mapping with an IdP the app lacks (L13)")
    func unconfigured() {
        for (value, login, mapping) in [
            (UnconfiguredIdP.console, ResultCode.idpLoginInvalidIdPInfo, ResultCode.addMappingInvalidIdPInfo),
            (.notSupported, .authNotSupportedProvider, .authNotSupportedProvider),
        ] {
            var sem = Semantics()
            sem.idp.codes = [.guest, .google]
            sem.idp.unconfigured = value
            var sim = Sim(sem)
            sim.expect(
                login,
                .loginIdP(device: S.d0, credential: .valid(S.f1), ignoreAlreadyLoggedIn: false),
                rule: .L13
            )
            let g = sim.login(S.d1)
            sim.expect(mapping, .addMapping(device: S.d1, token: S.token(g), credential: .valid(S.f1)), rule: .L13)
        }
    }

    @Test("mapping.fromGuest: keep leaves the guest entry and the guest session (M4); replace removes both")
    func fromGuest() {
        for value in MappingFromGuest.allCases {
            var sem = Semantics()
            sem.mapping.fromGuest = value
            var sim = Sim(sem)
            let s = sim.login(S.d0)
            let u = sim.user(of: s)
            sim.expect(.success, .addMapping(device: S.d0, token: S.token(s), credential: .valid(S.g1)), rule: .M4)
            #expect(sim.authList(u) == (value == .keep ? [.guest(S.d0), S.g1] : [S.g1]))
            let again = sim.login(S.d0, ignore: true)
            #expect(
                (sim.user(of: again) == u) == (value == .keep),
                "the device's guest login finds the user only when kept"
            )
            if value == .keep {
                sim.expect(
                    .removeMappingLoggedInIdP,
                    .removeMapping(device: S.d0, token: S.token(again), idPCode: .guest),
                    rule: .M6
                )
            }
        }
    }

    @Test("mapping.forcing: none answers 3302 without a ticket (M2) and has no forced operation (-4060003)")
    func forcing() {
        for value in ForcingRemedy.allCases {
            var sem = Semantics()
            sem.mapping.forcing = value
            var sim = Sim(sem)
            sim.login(S.d0, S.g1)
            let r = sim.login(S.d1, S.f1)
            let o = sim.run(.addMapping(device: S.d1, token: S.token(r), credential: .valid(S.g1)))
            #expect(o.code == .addMappingAlreadyMappedToOtherMember && o.rule == .M2)
            let tickets = o.expectations.filter { if case .ticket = $0 { true } else { false } }
            #expect(tickets.count == (value == .ticket ? 1 : 0))
            #expect(sim.state.tickets.count == (value == .ticket ? 1 : 0))
            let forced: [Action] = [
                .addMappingForcibly(device: S.d1, token: S.token(r), ticket: .garbage, credential: .valid(S.g1)),
                .changeLogin(device: S.d1, token: S.token(r), ticket: .garbage, credential: .valid(S.g1)),
            ]
            for action in forced {
                let f = sim.run(action)
                #expect(
                    f.code == (value == .ticket ? .forciblyNotExistKey : .wrongURI),
                    "\(action) under \(value) answered \(f.code)"
                )
            }
        }
    }

    @Test(
        "tokens.goneMember: a token its member's withdrawal or loss revoked gets the knob's code; one revoked before stays 3011"
    )
    func goneMember() {
        for value in GoneMember.allCases {
            var sem = Semantics()
            sem.tokens.goneMember = value
            var sim = Sim(sem)
            let s = sim.login(S.d0)
            let other = sim.login(S.d1, S.g1)
            sim.expect(.success, .addMapping(device: S.d1, token: S.token(other), credential: .valid(S.f1)))
            let earlier = sim.login(S.d2, S.f1)
            sim.expect(.success, .logout(device: S.d2, token: S.token(earlier)))
            let stale = sim.login(S.d2, S.f1, ignore: true)
            sim.expect(.success, .withdraw(device: S.d0, token: S.token(s)), rule: .W1)
            sim.expect(.success, .withdraw(device: S.d2, token: S.token(stale)), rule: .W1)
            let gone = value.code
            sim.expect(gone ?? .authInvalidGamebaseToken, .getMember(device: S.d0, token: S.token(s)))
            sim.expect(gone ?? .tokenLoginInvalidTokenInfo, .loginToken(device: S.d0, token: S.token(s)))
            // Even from another device: the member is gone before the token's device is judged.
            sim.expect(gone ?? .authInvalidGamebaseToken, .getMember(device: S.d1, token: S.token(s)))
            // A token logged out before the withdrawal is just dead.
            sim.expect(.authInvalidGamebaseToken, .getMember(device: S.d2, token: S.token(earlier)))
            // The Server API's token check keeps its own code.
            sim.expect(
                .gatewayInvalidAccessToken,
                .serverToken(user: .user(sim.user(of: s)), token: S.token(s), linkedIdP: false)
            )
        }
    }
}
