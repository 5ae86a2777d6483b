import Protocol
import Testing

@Suite("Login and session rules (L1–L13, F1)", .timeLimit(.minutes(2)))
struct LoginRuleTests {
    @Test(
        "L1: an unmapped account or a device without a guest key creates a user whose first answer has no lastLoginDate"
    )
    func l1() async throws {
        try await withServer { server in
            let device = newDevice()
            let first = try await server.client.login(device: device, LoginRequest(idPCode: .guest))
            #expect(first.resultCode == .success)
            #expect(first.body.member?.lastLoginDate == nil)
            #expect(first.body.member?.valid == .normal)
            #expect(first.body.member?.authList.map(\.authKey) == [device])
            let second = try await server.client.login(device: device, LoginRequest(idPCode: .guest))
            #expect(second.body.member?.userId == first.body.member?.userId)
            #expect(second.body.member?.lastLoginDate != nil)
            let idp = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .google, accessToken: server.token(.google, "l1-g"))
            )
            #expect(idp.resultCode == .success)
            #expect(idp.body.member?.lastLoginDate == nil)
            #expect(idp.body.member?.userId != first.body.member?.userId)
        }
    }

    @Test("L2: token login answers 3103 without a token, 3102 with an invalid one, the same token and user on success")
    func l2() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "l2-g")
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: nil).resultCode
                    == .tokenLoginInvalidLastLoggedInIdP
            )
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: "bogus").resultCode
                    == .tokenLoginInvalidTokenInfo
            )
            let r = try await server.client.tokenLogin(device: s.device, accessToken: s.token)
            #expect(r.resultCode == .success)
            #expect(r.body.token?.accessToken == s.token)
            #expect(r.body.member?.userId == s.userId)
            #expect(r.body.lastLoggedInProvider == .google)
        }
    }

    @Test("L4: tokens expire after tokens.lifetimeSeconds")
    func l4() async throws {
        var semantics = Semantics()
        semantics.tokens.lifetimeSeconds = 60
        try await withServer(semantics) { server in
            try await server.freeze()
            let s = try await server.guest()
            let r = try await server.client.tokenLogin(device: s.device, accessToken: s.token)
            #expect(r.body.token.map { $0.expirationDate - (r.body.member?.lastLoginDate ?? 0) } == 60_000)
            try await server.advance(seconds: 59)
            #expect(try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode == .success)
            try await server.advance(seconds: 1)
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode
                    == .tokenLoginInvalidTokenInfo
            )
            #expect(
                try await server.client.getOwnMember(device: s.device, accessToken: s.token).resultCode
                    == .authInvalidGamebaseToken
            )
        }
    }

    @Test("L5: logout revokes the token and keeps the user's data")
    func l5() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "l5-g")
            #expect(try await server.client.logout(device: s.device, accessToken: s.token).resultCode == .success)
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode
                    == .tokenLoginInvalidTokenInfo
            )
            #expect(
                try await server.client.logout(device: s.device, accessToken: s.token).resultCode
                    == .authInvalidGamebaseToken
            )
            let m = try await server.member(s.userId).member
            #expect(m?.valid == .normal)
            #expect(m?.authList?.map(\.authKey) == ["l5-g"])
            #expect(try await server.idp(.google, "l5-g", device: s.device).userId == s.userId)
        }
    }

    @Test("L7: a login that would switch users on a logged-in device needs ignoreAlreadyLoggedIn")
    func l7() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let switchUser = LoginRequest(idPCode: .google, accessToken: server.token(.google, "l7-g"))
            #expect(try await server.client.login(device: s.device, switchUser).resultCode == .idpLoginFailed)
            #expect(try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode == .success)
            // The same user may log in again without the flag.
            #expect(
                try await server.client.login(device: s.device, LoginRequest(idPCode: .guest)).resultCode == .success
            )
            var flagged = switchUser
            flagged.ignoreAlreadyLoggedIn = true
            let r = try await server.client.login(device: s.device, flagged)
            #expect(r.resultCode == .success)
            #expect(r.body.member?.userId != s.userId)
        }
    }

    @Test("L10: a new login on a device revokes the device's previous token")
    func l10() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let again = try await server.guest(s.device)
            #expect(again.userId == s.userId)
            #expect(again.token != s.token)
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode
                    == .tokenLoginInvalidTokenInfo
            )
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: again.token).resultCode == .success
            )
        }
    }

    @Test("L11: a token works only from the device it was issued to")
    func l11() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "l11-g")
            let other = newDevice()
            #expect(
                try await server.client.tokenLogin(device: other, accessToken: s.token).resultCode
                    == .tokenLoginInvalidTokenInfo
            )
            #expect(
                try await server.client.getOwnMember(device: other, accessToken: s.token).resultCode
                    == .authInvalidGamebaseToken
            )
            #expect(try await server.client.getOwnMember(device: s.device, accessToken: s.token).resultCode == .success)
        }
    }

    @Test("L12: authenticated operations answer 2 without a token and 3011 with an invalid one")
    func l12() async throws {
        try await withServer { server in
            let s = try await server.guest()
            #expect(try await server.client.getOwnMember(device: s.device, accessToken: nil).resultCode == .notLoggedIn)
            #expect(
                try await server.client.getMappingList(device: s.device, accessToken: "nope").resultCode
                    == .authInvalidGamebaseToken
            )
            #expect(try await server.client.logout(device: s.device, accessToken: nil).resultCode == .notLoggedIn)
            let list = try await server.client.getMappingList(device: s.device, accessToken: s.token)
            #expect(list.body.authMappingList == [.guest])
        }
    }

    @Test("L13: an IdP code that is not configured answers 3202 on login and 3304 on mapping")
    func l13() async throws {
        var semantics = Semantics()
        semantics.idp.codes = [.guest, .google]
        try await withServer(semantics) { server in
            let r = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .facebook, accessToken: server.token(.facebook, "x"))
            )
            #expect(r.resultCode == .idpLoginInvalidIdPInfo)
            let s = try await server.idp(.google, "l13-g")
            #expect(try await server.addMapping(s, .facebook, "l13-f").resultCode == .addMappingInvalidIdPInfo)
        }
        var noGuest = Semantics()
        noGuest.idp.codes = [.google]
        try await withServer(noGuest) { server in
            let r = try await server.client.login(device: newDevice(), LoginRequest(idPCode: .guest))
            #expect(r.resultCode == .idpLoginInvalidIdPInfo)
        }
    }

    @Test("F1: no forged IdP token ever logs in or maps (3201)")
    func f1() async throws {
        try await withServer { server in
            let forged = server.signer.forge(IdPAccount(.google, "f1-g"))
            let r = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .google, accessToken: forged)
            )
            #expect(r.resultCode == .idpLoginFailed)
            #expect(r.body.token == nil)
            let wrongIdP = server.token(.facebook, "f1-g")
            #expect(
                try await server.client.login(
                    device: newDevice(),
                    LoginRequest(idPCode: .google, accessToken: wrongIdP)
                ).resultCode == .idpLoginFailed
            )
            #expect(
                try await server.client.login(
                    device: newDevice(),
                    LoginRequest(idPCode: .google, accessToken: "garbage")
                ).resultCode == .idpLoginFailed
            )
            #expect(try await server.owner(.google, "f1-g") == nil)
            let s = try await server.guest()
            let m = try await server.client.addMapping(
                device: s.device,
                accessToken: s.token,
                AddMappingRequest(idPCode: .google, accessToken: forged)
            )
            #expect(m.resultCode == .idpLoginFailed)
            #expect(try await server.owner(.google, "f1-g") == nil)
        }
        var plain = Semantics()
        plain.idp.tokenMode = .plain
        try await withServer(plain) { server in
            let r = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .google, accessToken: "plain-id")
            )
            #expect(r.resultCode == .success)
            #expect(r.body.member?.authList.first?.authKey == "plain-id")
        }
    }
}
