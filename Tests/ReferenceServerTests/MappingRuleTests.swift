import Protocol
import Testing

@Suite("Mapping rules (M1–M11)", .timeLimit(.minutes(2)))
struct MappingRuleTests {
    @Test("M1: at most one account per IdP type per user; a second gets 3303 and nothing changes")
    func m1() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "m1-a")
            #expect(try await server.addMapping(s, .google, "m1-b").resultCode == .addMappingAlreadyHasSameIdP)
            #expect(try await server.addMapping(s, .google, "m1-a").resultCode == .addMappingAlreadyHasSameIdP)
            let authList = try await server.member(s.userId).member?.authList ?? []
            #expect(authList.map(\.authKey) == ["m1-a"])
            #expect(try await server.owner(.google, "m1-b") == nil)
        }
    }

    @Test("M2: another user's account gets 3302 with a ticket naming the owner")
    func m2() async throws {
        try await withServer { server in
            let owner = try await server.idp(.google, "m2-x")
            let other = try await server.idp(.facebook, "m2-f")
            let idpToken = server.token(.google, "m2-x")
            let before = try #require(try await server.client.testClock().body.clock).now
            let r = try await server.client.addMapping(
                device: other.device,
                accessToken: other.token,
                AddMappingRequest(idPCode: .google, accessToken: idpToken)
            )
            #expect(r.resultCode == .addMappingAlreadyMappedToOtherMember)
            let ticket = try #require(r.body.forcingMappingTicket)
            #expect(ticket.userId == other.userId)
            #expect(ticket.mappedUserId == owner.userId)
            #expect(ticket.mappedUserValid == .normal)
            #expect(ticket.idPCode == .google && ticket.idPId == "m2-x")
            #expect(ticket.accessToken == idpToken)
            #expect(ticket.forcingMappingKey.count == 32)
            // Ten minutes after the server's time when it issued the ticket, read before and after
            // (not within a tolerance of a later read: a loaded CI stalled 7.7 s in between).
            let after = try #require(try await server.client.testClock().body.clock).now
            #expect((before + 600_000...after + 600_000).contains(ticket.expirationDate))
            #expect(try await server.owner(.google, "m2-x") == owner.userId)
        }
    }

    @Test("M3: login with any mapped IdP account yields the user it is mapped to")
    func m3() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "m3-g")
            #expect(try await server.addMapping(s, .facebook, "m3-f").resultCode == .success)
            let again = try await server.idp(.facebook, "m3-f")
            #expect(again.userId == s.userId)
            #expect(try await server.idp(.google, "m3-g").userId == s.userId)
        }
    }

    @Test("M4: mapping from guest removes the guest entry and moves the logged-in IdP; otherwise it stays")
    func m4() async throws {
        try await withServer { server in
            let g = try await server.guest()
            let r = try await server.addMapping(g, .google, "m4-g")
            #expect(r.resultCode == .success)
            #expect(r.body.lastLoggedInProvider == .google)
            #expect(r.body.member?.authList.map(\.idPCode) == [.google])
            #expect(r.body.token?.accessToken == g.token)
            let tokenLogin = try await server.client.tokenLogin(device: g.device, accessToken: g.token)
            #expect(tokenLogin.body.lastLoggedInProvider == .google)
            // The guest key is free: the next guest login on that device creates a new user.
            let next = try await server.client.login(
                device: g.device,
                LoginRequest(idPCode: .guest, ignoreAlreadyLoggedIn: true)
            )
            #expect(next.resultCode == .success)
            #expect(next.body.member?.userId != g.userId)

            let i = try await server.idp(.google, "m4-other")
            let r2 = try await server.addMapping(i, .facebook, "m4-f")
            #expect(r2.resultCode == .success)
            #expect(r2.body.lastLoggedInProvider == .google)
        }
    }

    @Test("M5: mapping guest answers 3305 and changes nothing")
    func m5() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "m5-g")
            let r = try await server.client.addMapping(
                device: s.device,
                accessToken: s.token,
                AddMappingRequest(idPCode: .guest)
            )
            #expect(r.resultCode == .addMappingCannotAddGuestIdP)
            #expect(try await server.member(s.userId).member?.authList?.map(\.idPCode) == [.google])
        }
    }

    @Test("M6: remove mapping answers 3401, 3402 and 3403 in the configured order; authList never empties")
    func m6() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "m6-g")
            func remove(_ code: IdPCode) async throws -> ResultCode {
                try await server.client.removeMapping(device: s.device, accessToken: s.token, idPCode: code).resultCode
            }
            #expect(try await remove(.twitter) == .removeMappingFailed)
            #expect(try await remove(.google) == .removeMappingLastMappedIdP)
            #expect(try await server.addMapping(s, .facebook, "m6-f").resultCode == .success)
            #expect(try await remove(.google) == .removeMappingLoggedInIdP)
            #expect(try await remove(.facebook) == .success)
            #expect(try await server.owner(.facebook, "m6-f") == nil)
            #expect(try await server.member(s.userId).member?.authList?.map(\.idPCode) == [.google])
        }
        var reversed = Semantics()
        reversed.mapping.removePrecedence = [.removeMappingLoggedInIdP, .removeMappingLastMappedIdP]
        try await withServer(reversed) { server in
            let s = try await server.idp(.google, "m6-r")
            let r = try await server.client.removeMapping(device: s.device, accessToken: s.token, idPCode: .google)
            #expect(r.resultCode == .removeMappingLoggedInIdP)
        }
    }

    @Test("M7: forced mapping moves the account to the requester; the old owner no longer lists it")
    func m7() async throws {
        try await withServer { server in
            let owner = try await server.idp(.google, "m7-x")
            #expect(try await server.addMapping(owner, .facebook, "m7-keep").resultCode == .success)
            let requester = try await server.idp(.twitter, "m7-t")
            let ticket = try #require(try await server.addMapping(requester, .google, "m7-x").body.forcingMappingTicket)
            let r = try await server.client.addMappingForcibly(
                device: requester.device,
                accessToken: requester.token,
                ForcingMappingRequest(
                    forcingMappingKey: ticket.forcingMappingKey,
                    idPCode: .google,
                    accessToken: server.token(.google, "m7-x")
                )
            )
            #expect(r.resultCode == .success)
            #expect(Set(r.body.member?.authList.map(\.idPCode) ?? []) == [.twitter, .google])
            #expect(try await server.owner(.google, "m7-x") == requester.userId)
            let old = try await server.member(owner.userId).member
            #expect(old?.authList?.map(\.idPCode) == [.facebook])
            #expect(old?.valid == .normal)
            // The owner's session logged in with google died.
            #expect(
                try await server.client.getOwnMember(device: owner.device, accessToken: owner.token).resultCode
                    == .authInvalidGamebaseToken
            )
        }
    }

    @Test("M8: a ticket is single-use, bound to its requester, expires, and names its IdP and account")
    func m8() async throws {
        try await withServer { server in
            _ = try await server.idp(.google, "m8-x")
            let requester = try await server.idp(.twitter, "m8-t")
            let stranger = try await server.idp(.naver, "m8-n")
            func ticket() async throws -> ForcingMappingTicket {
                try #require(try await server.addMapping(requester, .google, "m8-x").body.forcingMappingTicket)
            }
            func force(_ who: Session, _ key: String, _ code: IdPCode, _ id: String) async throws -> ResultCode {
                try await server.client.addMappingForcibly(
                    device: who.device,
                    accessToken: who.token,
                    ForcingMappingRequest(forcingMappingKey: key, idPCode: code, accessToken: server.token(code, id))
                ).resultCode
            }
            let t1 = try await ticket()
            #expect(
                try await force(requester, "no-such-key-00000000000000000000", .google, "m8-x") == .forciblyNotExistKey
            )
            #expect(try await force(stranger, t1.forcingMappingKey, .google, "m8-x") == .forciblyNotExistKey)
            #expect(try await force(requester, t1.forcingMappingKey, .facebook, "m8-x") == .forciblyDifferentIdP)
            #expect(try await force(requester, t1.forcingMappingKey, .google, "m8-other") == .forciblyDifferentAuthKey)
            try await server.advance(seconds: 600)
            #expect(try await force(requester, t1.forcingMappingKey, .google, "m8-x") == .forciblyExpiredKey)
            // The requester's token survives the advance (24 h lifetime); a fresh ticket works once.
            let t2 = try await ticket()
            #expect(try await force(requester, t2.forcingMappingKey, .google, "m8-x") == .success)
            #expect(try await force(requester, t2.forcingMappingKey, .google, "m8-x") == .forciblyAlreadyUsedKey)
        }
    }

    @Test("M9: an owner left with no IdP by a forced move becomes M and its tokens die")
    func m9() async throws {
        try await withServer { server in
            let owner = try await server.idp(.google, "m9-x")
            let requester = try await server.idp(.twitter, "m9-t")
            let ticket = try #require(try await server.addMapping(requester, .google, "m9-x").body.forcingMappingTicket)
            let r = try await server.client.addMappingForcibly(
                device: requester.device,
                accessToken: requester.token,
                ForcingMappingRequest(
                    forcingMappingKey: ticket.forcingMappingKey,
                    idPCode: .google,
                    accessToken: server.token(.google, "m9-x")
                )
            )
            #expect(r.resultCode == .success)
            let old = try await server.member(owner.userId).member
            #expect(old?.valid == .lost)
            #expect(old?.authList?.isEmpty == true)
            #expect(
                try await server.client.tokenLogin(device: owner.device, accessToken: owner.token).resultCode
                    == .tokenLoginInvalidTokenInfo
            )
            #expect(
                try await server.client.tokenAuthentication(userId: owner.userId, accessToken: owner.token).resultCode
                    == .gatewayInvalidAccessToken
            )
        }
    }

    @Test("M10: mappedUserValid is the owner's valid and never D or M")
    func m10() async throws {
        try await withServer { server in
            let owner = try await server.idp(.google, "m10-x")
            let requester = try await server.idp(.twitter, "m10-t")
            #expect(
                try await server.client.requestTemporaryWithdrawal(device: owner.device, accessToken: owner.token)
                    .resultCode == .success
            )
            let t1 = try #require(try await server.addMapping(requester, .google, "m10-x").body.forcingMappingTicket)
            #expect(t1.mappedUserValid == .temporaryWithdrawal)
            #expect(
                try await server.client.ban(BanRequest(userIdList: [owner.userId], banTypeCode: "PERMANENT")).resultCode
                    == .success
            )
            let t2 = try #require(try await server.addMapping(requester, .google, "m10-x").body.forcingMappingTicket)
            #expect(t2.mappedUserValid == .banned)
            // A withdrawn owner no longer holds the account: no ticket, the mapping succeeds.
            #expect(try await server.client.serverWithdraw(userId: owner.userId, regUser: "ops").resultCode == .success)
            let r = try await server.addMapping(requester, .google, "m10-x")
            #expect(r.resultCode == .success)
            #expect(r.body.forcingMappingTicket == nil)
        }
    }

    @Test("M11: change login moves the session to the owner; failure leaves it; the abandoned account is unchanged")
    func m11() async throws {
        try await withServer { server in
            let owner = try await server.idp(.google, "m11-x")
            let g = try await server.guest()
            let ticket = try #require(try await server.addMapping(g, .google, "m11-x").body.forcingMappingTicket)
            let bad = try await server.client.changeLogin(
                device: g.device,
                accessToken: g.token,
                ForcingMappingRequest(
                    forcingMappingKey: "x",
                    idPCode: .google,
                    accessToken: server.token(.google, "m11-x")
                )
            )
            #expect(bad.resultCode == .forciblyNotExistKey)
            #expect(
                try await server.client.getOwnMember(device: g.device, accessToken: g.token).body.member?.userId
                    == g.userId
            )
            let r = try await server.client.changeLogin(
                device: g.device,
                accessToken: g.token,
                ForcingMappingRequest(
                    forcingMappingKey: ticket.forcingMappingKey,
                    idPCode: .google,
                    accessToken: server.token(.google, "m11-x")
                )
            )
            #expect(r.resultCode == .success)
            #expect(r.body.member?.userId == owner.userId)
            #expect(r.body.lastLoggedInProvider == .google)
            let newToken = try #require(r.body.token?.accessToken)
            #expect(newToken != g.token)
            #expect(
                try await server.client.getOwnMember(device: g.device, accessToken: g.token).resultCode
                    == .authInvalidGamebaseToken
            )
            #expect(
                try await server.client.getOwnMember(device: g.device, accessToken: newToken).body.member?.userId
                    == owner.userId
            )
            let abandoned = try await server.member(g.userId).member
            #expect(abandoned?.valid == .normal)
            #expect(abandoned?.authList?.map(\.authKey) == [g.device])
        }
    }
}
