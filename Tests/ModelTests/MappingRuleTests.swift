import Model
import Protocol
import Testing

@Suite("Mapping rules (PROTOCOL.md §2.5–2.8)")
struct MappingRuleTests {
    typealias S = Sim

    @Test("M1: a second account of the same IdP type, or the same account again, gets 3303 and changes nothing")
    func m1() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let before = sim.state
        sim.expect(
            .addMappingAlreadyHasSameIdP,
            .addMapping(device: S.d0, token: S.token(s), credential: .valid(S.g2)),
            rule: .M1
        )
        sim.expect(
            .addMappingAlreadyHasSameIdP,
            .addMapping(device: S.d0, token: S.token(s), credential: .valid(S.g1)),
            rule: .M1
        )
        #expect(sim.state.users == before.users)
    }

    @Test("M2: another user's account gets 3302 with a ticket naming the owner")
    func m2() {
        var sim = Sim()
        let first = sim.login(S.d0, S.g1)
        let owner = sim.user(of: first)
        let r = sim.login(S.d1, S.f1)
        let o = sim.run(.addMapping(device: S.d1, token: S.token(r), credential: .valid(S.g1)))
        #expect(o.code == .addMappingAlreadyMappedToOtherMember && o.rule == .M2)
        guard case .ticket(let t)? = o.expectations.first else { Issue.record("no ticket expectation"); return }
        #expect(t.owner == owner && t.requester == sim.user(of: r) && t.account == S.g1 && t.ownerValid == .normal)
        #expect(sim.state.owners[S.g1] == owner)
    }

    @Test("M3: login with any mapped account yields the user it is mapped to; E7 resolves it")
    func m3() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        sim.expect(.success, .addMapping(device: S.d0, token: S.token(s), credential: .valid(S.f1)))
        let s2 = sim.expect(
            .success,
            .loginIdP(device: S.d1, credential: .valid(S.f1), ignoreAlreadyLoggedIn: false),
            rule: .M3
        )
        #expect(sim.user(of: s2) == u)
        let o = sim.run(.serverIdP(idPCode: .facebook, accounts: [S.f1]))
        #expect(o.expectations == [.idPMembers(mapped: [S.f1: u], asked: [S.f1])])
    }

    @Test(
        "M4: mapping from a guest removes guest, frees the key and moves the session to the new IdP; otherwise the logged-in IdP stays"
    )
    func m4() {
        var sim = Sim()
        let s = sim.login(S.d0)
        let u = sim.user(of: s)
        let o = sim.run(.addMapping(device: S.d0, token: S.token(s), credential: .valid(S.g1)))
        #expect(o.code == .success && o.rule == .M4)
        #expect(sim.authList(u) == [S.g1])
        #expect(sim.state.tokens[Sym(.token, s)]!.loggedIn == S.g1)
        #expect(o.expectations.contains(.lastLoggedInProvider(.google, .M4)))
        #expect(sim.state.owners[.guest(S.d0)] == nil && sim.state.freedBy[.guest(S.d0)] == .M4)
        // A non-guest user's logged-in IdP does not change.
        sim.expect(.success, .addMapping(device: S.d0, token: S.token(s), credential: .valid(S.f1)))
        #expect(sim.state.tokens[Sym(.token, s)]!.loggedIn == S.g1)
        // The next guest login on the device creates a new user, attributed to M4.
        let g = sim.run(.loginGuest(device: S.d0, ignoreAlreadyLoggedIn: true))
        #expect(g.code == .success && g.rule == .M4 && sim.user(of: sim.nextId - 1) != u)
    }

    @Test("M5: mapping guest gets 3305")
    func m5() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        sim.expect(
            .addMappingCannotAddGuestIdP,
            .addMapping(device: S.d0, token: S.token(s), credential: IdPCredential(idPCode: .guest, account: nil)),
            rule: .M5
        )
    }

    @Test("M6: remove mapping answers 3401, 3402, 3403 in the configured order and never empties authList")
    func m6() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        sim.expect(.removeMappingFailed, .removeMapping(device: S.d0, token: S.token(s), idPCode: .facebook), rule: .M6)
        sim.expect(
            .removeMappingLastMappedIdP,
            .removeMapping(device: S.d0, token: S.token(s), idPCode: .google),
            rule: .M6
        )
        sim.expect(.success, .addMapping(device: S.d0, token: S.token(s), credential: .valid(S.f1)))
        sim.expect(
            .removeMappingLoggedInIdP,
            .removeMapping(device: S.d0, token: S.token(s), idPCode: .google),
            rule: .M6
        )
        // Another session of the user logged in with facebook dies when facebook is removed.
        let s2 = sim.login(S.d1, S.f1)
        sim.expect(.success, .removeMapping(device: S.d0, token: S.token(s), idPCode: .facebook), rule: .M6)
        #expect(sim.tokenRevoked(s2) == .M6)
        #expect(sim.authList(sim.user(of: s)) == [S.g1])
        // A guest removing guest: last and logged-in; 3402 first by default, 3403 with the other order.
        let gs = sim.login(S.d2)
        sim.expect(.removeMappingLastMappedIdP, .removeMapping(device: S.d2, token: S.token(gs), idPCode: .guest))
        var sem = Semantics()
        sem.mapping.removePrecedence = [.removeMappingLoggedInIdP, .removeMappingLastMappedIdP]
        var alt = Sim(sem)
        let a = alt.login(S.d0)
        alt.expect(.removeMappingLoggedInIdP, .removeMapping(device: S.d0, token: S.token(a), idPCode: .guest))
    }

    @Test(
        "M7: forced mapping moves the account to the requester; the old owner no longer lists it and its sessions with that IdP die"
    )
    func m7() {
        var sim = Sim()
        let o1 = sim.login(S.d0, S.g1)
        let owner = sim.user(of: o1)
        sim.expect(.success, .addMapping(device: S.d0, token: S.token(o1), credential: .valid(S.a1)))
        let r = sim.login(S.d1, S.f1)
        let k = sim.expect(
            .addMappingAlreadyMappedToOtherMember,
            .addMapping(device: S.d1, token: S.token(r), credential: .valid(S.g1))
        )
        sim.expect(
            .success,
            .addMappingForcibly(device: S.d1, token: S.token(r), ticket: S.ticket(k), credential: .valid(S.g1)),
            rule: .M7
        )
        #expect(sim.authList(sim.user(of: r)) == [S.f1, S.g1])
        #expect(sim.authList(owner) == [S.a1] && sim.valid(owner) == .normal)
        #expect(sim.tokenRevoked(o1) == .M7)
    }

    @Test(
        "M8: a forcing ticket is single-use (3312), bound to its requester (3311), expires (3313), names its IdP (3314) and account (3315)"
    )
    func m8() {
        var sim = Sim()
        let o1 = sim.login(S.d0, S.g1)
        sim.expect(.success, .addMapping(device: S.d0, token: S.token(o1), credential: .valid(S.a1)))
        let r = sim.login(S.d1, S.f1)
        let k = sim.expect(
            .addMappingAlreadyMappedToOtherMember,
            .addMapping(device: S.d1, token: S.token(r), credential: .valid(S.g1))
        )
        let ticket = S.ticket(k)
        sim.expect(
            .forciblyNotExistKey,
            .addMappingForcibly(device: S.d1, token: S.token(r), ticket: .garbage, credential: .valid(S.g1)),
            rule: .M8
        )
        sim.expect(
            .forciblyNotExistKey,
            .addMappingForcibly(device: S.d0, token: S.token(o1), ticket: ticket, credential: .valid(S.g1)),
            rule: .M8
        )
        sim.expect(
            .forciblyDifferentIdP,
            .addMappingForcibly(device: S.d1, token: S.token(r), ticket: ticket, credential: .valid(S.a1)),
            rule: .M8
        )
        sim.expect(
            .forciblyDifferentAuthKey,
            .addMappingForcibly(device: S.d1, token: S.token(r), ticket: ticket, credential: .valid(S.g2)),
            rule: .M8
        )
        sim.expect(
            .success,
            .addMappingForcibly(device: S.d1, token: S.token(r), ticket: ticket, credential: .valid(S.g1))
        )
        sim.expect(
            .forciblyAlreadyUsedKey,
            .addMappingForcibly(device: S.d1, token: S.token(r), ticket: ticket, credential: .valid(S.g1)),
            rule: .M8
        )
        // Expiry: 600 s by default; at exactly expirationDate the ticket is expired.
        #expect(sim.tokenRevoked(o1) == .M7)
        let o2 = sim.login(S.d0, S.a1)
        let k2 = sim.expect(
            .addMappingAlreadyMappedToOtherMember,
            .addMapping(device: S.d0, token: S.token(o2), credential: .valid(S.g1))
        )
        sim.advance(seconds: 599)
        #expect(
            sim.codes(.changeLogin(device: S.d0, token: S.token(o2), ticket: S.ticket(k2), credential: .valid(S.g1)))
                == [.success]
        )
        sim.advance(seconds: 1)
        sim.expect(
            .forciblyExpiredKey,
            .addMappingForcibly(device: S.d0, token: S.token(o2), ticket: S.ticket(k2), credential: .valid(S.g1)),
            rule: .M8
        )
    }

    @Test("M9: an owner left with no IdP by a forced move becomes M and its tokens die")
    func m9() {
        var sim = Sim()
        let o1 = sim.login(S.d0, S.g1)
        let owner = sim.user(of: o1)
        let r = sim.login(S.d1, S.f1)
        let k = sim.expect(
            .addMappingAlreadyMappedToOtherMember,
            .addMapping(device: S.d1, token: S.token(r), credential: .valid(S.g1))
        )
        sim.expect(
            .success,
            .addMappingForcibly(device: S.d1, token: S.token(r), ticket: S.ticket(k), credential: .valid(S.g1))
        )
        #expect(sim.valid(owner) == .lost && sim.authList(owner).isEmpty)
        #expect(sim.tokenRevoked(o1) != nil)
        sim.expect(.tokenLoginInvalidTokenInfo, .loginToken(device: S.d0, token: S.token(o1)))
    }

    @Test("M10: the ticket reports the owner's valid, which is never D or M")
    func m10() throws {
        var sim = Sim()
        let o1 = sim.login(S.d0, S.g1)
        sim.expect(.success, .requestTemporaryWithdrawal(device: S.d0, token: S.token(o1)))
        let r = sim.login(S.d1, S.f1)
        let o = sim.run(.addMapping(device: S.d1, token: S.token(r), credential: .valid(S.g1)))
        guard case .ticket(let t)? = o.expectations.first else { Issue.record("no ticket"); return }
        #expect(t.ownerValid == .temporaryWithdrawal)
        // An answer naming a D owner breaks M10 whatever the model expected.
        let m = Matcher(identities: Identities(salt: "t"), semantics: .default)
        let body = ClientReplyBody(
            header: ResponseHeader(transactionId: "x", code: .addMappingAlreadyMappedToOtherMember),
            forcingMappingTicket: ForcingMappingTicket(
                userId: "A",
                mappedUserId: "B",
                mappedUserValid: .withdrawn,
                idPCode: .google,
                idPId: "t.google.1",
                forcingMappingKey: "k",
                expirationDate: 0,
                accessToken: ""
            )
        )
        guard
            case .failure(let f) = try m.match(
                o,
                .client(body),
                op: Op(id: 99, action: .loginGuest(device: S.d0, ignoreAlreadyLoggedIn: false))
            )
        else {
            Issue.record("matched")
            return
        }
        #expect(f.rule == .M10)
    }

    @Test(
        "M11: change login moves the session to the owner; failure leaves it; the abandoned guest account keeps its key"
    )
    func m11() {
        var sim = Sim()
        let o1 = sim.login(S.d0, S.g1)
        let owner = sim.user(of: o1)
        let r = sim.login(S.d1)
        let requester = sim.user(of: r)
        let k = sim.expect(
            .addMappingAlreadyMappedToOtherMember,
            .addMapping(device: S.d1, token: S.token(r), credential: .valid(S.g1))
        )
        sim.expect(
            .forciblyDifferentAuthKey,
            .changeLogin(device: S.d1, token: S.token(r), ticket: S.ticket(k), credential: .valid(S.g2))
        )
        #expect(sim.state.devices[S.d1] == Sym(.token, r) && sim.tokenRevoked(r) == nil)
        let c = sim.expect(
            .success,
            .changeLogin(device: S.d1, token: S.token(r), ticket: S.ticket(k), credential: .valid(S.g1)),
            rule: .M11
        )
        #expect(sim.user(of: c) == owner && sim.tokenRevoked(r) == .L10)
        #expect(sim.authList(requester) == [.guest(S.d1)] && sim.state.owners[.guest(S.d1)] == requester)
        // The session is now the owner's, and the ticket was issued to the requester.
        sim.expect(
            .forciblyNotExistKey,
            .changeLogin(device: S.d1, token: S.token(c), ticket: S.ticket(k), credential: .valid(S.g1))
        )
    }
}
