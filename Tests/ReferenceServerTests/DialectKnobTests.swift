import Protocol
import ReferenceServer
import Testing

/// The reference server serves every value of the dialect knobs (docs/PROTOCOL.md §5.1), each the
/// way the section describes it; the default of each is covered by the rule suites.
@Suite("Dialect knobs of the reference server", .timeLimit(.minutes(2)))
struct DialectKnobTests {
    @Test("login.alreadyLoggedIn: allow lets a logged-in device switch users without the flag")
    func switchUsers() async throws {
        var semantics = Semantics()
        semantics.login.alreadyLoggedIn = .allow
        try await withServer(semantics) { server in
            let owner = try await server.idp(.google, "dk-switch")
            let guest = try await server.guest()
            let r = try await server.client.login(
                device: guest.device,
                LoginRequest(idPCode: .google, accessToken: server.token(.google, "dk-switch"))
            )
            #expect(r.resultCode == .success)
            #expect(r.body.member?.userId == owner.userId)
        }
        try await withServer { server in
            _ = try await server.idp(.google, "dk-switch")
            let guest = try await server.guest()
            let r = try await server.client.login(
                device: guest.device,
                LoginRequest(idPCode: .google, accessToken: server.token(.google, "dk-switch"))
            )
            #expect(r.resultCode == .idpLoginFailed, "the default still refuses (L7)")
        }
    }

    @Test(
        "tokens.perDevice: many keeps a device's earlier tokens live; the device's current session is its latest login"
    )
    func manyPerDevice() async throws {
        var semantics = Semantics()
        semantics.tokens.perDevice = .many
        try await withServer(semantics) { server in
            let first = try await server.guest()
            let second = try await server.guest(first.device)
            #expect(first.token != second.token)
            #expect(
                try await server.client.getOwnMember(device: first.device, accessToken: first.token).resultCode
                    == .success
            )
            #expect(
                try await server.client.tokenLogin(device: first.device, accessToken: first.token).resultCode
                    == .success
            )
            // Logging the current session out leaves the device logged out (an IdP login of another
            // user goes through without the flag), while the earlier token stays live.
            _ = try await server.idp(.google, "dk-many")
            #expect(
                try await server.client.logout(device: first.device, accessToken: second.token).resultCode == .success
            )
            let switched = try await server.client.login(
                device: first.device,
                LoginRequest(idPCode: .google, accessToken: server.token(.google, "dk-many"))
            )
            #expect(switched.resultCode == .success)
            #expect(
                try await server.client.getOwnMember(device: first.device, accessToken: first.token).resultCode
                    == .success
            )
        }
    }

    @Test("tokens.deviceBound: false lets any device present a token, for authenticated calls and token login")
    func unbound() async throws {
        var semantics = Semantics()
        semantics.tokens.deviceBound = false
        try await withServer(semantics) { server in
            let s = try await server.guest()
            let other = newDevice()
            let member = try await server.client.getOwnMember(device: other, accessToken: s.token)
            #expect(member.resultCode == .success)
            #expect(member.body.member?.userId == s.userId)
            let token = try await server.client.tokenLogin(device: other, accessToken: s.token)
            #expect(token.resultCode == .success)
            #expect(token.body.token?.accessToken == s.token)
        }
        try await withServer { server in
            let s = try await server.guest()
            #expect(
                try await server.client.getOwnMember(device: newDevice(), accessToken: s.token).resultCode
                    == .authInvalidGamebaseToken,
                "the default binds tokens to their device (L11)"
            )
        }
    }

    @Test("ban.code: 3005 answers a banned member's login, token login and calls with 3005 and banInfo")
    func banCode() async throws {
        var semantics = Semantics()
        semantics.ban.code = .authBannedMember
        try await withServer(semantics) { server in
            let s = try await server.guest()
            _ = try await server.client.ban(BanRequest(userIdList: [s.userId], banTypeCode: "PERMANENT"))
            let login = try await server.client.login(device: s.device, LoginRequest(idPCode: .guest))
            #expect(login.resultCode == .authBannedMember)
            #expect(login.body.banInfo?.userId == s.userId)
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode
                    == .authBannedMember
            )
            #expect(
                try await server.client.getOwnMember(device: s.device, accessToken: s.token).resultCode
                    == .authBannedMember
            )
        }
    }

    @Test("login.missingIdPToken: externalAuthRequired answers 3203 after the IdP code's check; the default -4000002")
    func missingIdPToken() async throws {
        var semantics = Semantics()
        semantics.login.missingIdPToken = .externalAuthRequired
        semantics.idp.codes = [.guest, .google]
        try await withServer(semantics) { server in
            let r = try await server.client.login(device: newDevice(), LoginRequest(idPCode: .google))
            #expect(r.resultCode == .idpLoginExternalAuthRequired)
            let unconfigured = try await server.client.login(device: newDevice(), LoginRequest(idPCode: .facebook))
            #expect(unconfigured.resultCode == .idpLoginInvalidIdPInfo)
        }
        try await withServer { server in
            let r = try await server.client.login(device: newDevice(), LoginRequest(idPCode: .google))
            #expect(r.resultCode == .missingParameter)
        }
    }

    @Test("ban.scope: loginsOnly keeps a banned user's live token working and refuses its logins")
    func banScope() async throws {
        var semantics = Semantics()
        semantics.ban.scope = .loginsOnly
        try await withServer(semantics) { server in
            let s = try await server.guest()
            _ = try await server.client.ban(BanRequest(userIdList: [s.userId], banTypeCode: "PERMANENT"))
            let member = try await server.client.getOwnMember(device: s.device, accessToken: s.token)
            #expect(member.resultCode == .success && member.body.member?.valid == .banned)
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode == .bannedMember
            )
            let login = try await server.client.login(device: s.device, LoginRequest(idPCode: .guest))
            #expect(login.resultCode == .bannedMember)
        }
    }

    @Test("idp.unconfigured: notSupported answers 3002 for a login and a mapping with an IdP the app lacks")
    func notSupported() async throws {
        var semantics = Semantics()
        semantics.idp.codes = [.guest, .google]
        semantics.idp.unconfigured = .notSupported
        try await withServer(semantics) { server in
            let login = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .facebook, accessToken: server.token(.facebook, "dk-ns"))
            )
            #expect(login.resultCode == .authNotSupportedProvider)
            let s = try await server.guest()
            #expect(try await server.addMapping(s, .facebook, "dk-ns").resultCode == .authNotSupportedProvider)
        }
    }

    @Test("A knob file's calibration section is skipped, and an unknown dialect value is refused with its key")
    func knobFile() throws {
        let file = try ConfigFile.parse(
            """
            tokens:
              perDevice: many
            calibration:
              target: "http://example"
              knobs: [{knob: tokens.perDevice, value: many}]
            """,
            file: "k.yaml"
        )
        #expect(file.semantics.tokens.perDevice == .many)
        #expect(throws: (any Error).self) { try ConfigFile.parse("ban:\n  code: 9\n", file: "k.yaml") }
        #expect(throws: (any Error).self) { try ConfigFile.parse("tokens:\n  perDevice: several\n", file: "k.yaml") }
    }

    @Test(
        "mapping.fromGuest: keep leaves the guest entry and the guest session; the device's guest login finds the same user"
    )
    func fromGuestKeep() async throws {
        var semantics = Semantics()
        semantics.mapping.fromGuest = .keep
        try await withServer(semantics) { server in
            let s = try await server.guest()
            let mapped = try await server.addMapping(s, .google, "dk-from-guest")
            #expect(mapped.resultCode == .success)
            #expect(Set(mapped.body.member?.authList.map(\.idPCode) ?? []) == [.guest, .google])
            #expect(mapped.body.lastLoggedInProvider == .guest)
            let again = try await server.guest(s.device)
            #expect(again.userId == s.userId, "the guest key still belongs to the user")
            let r = try await server.client.removeMapping(device: s.device, accessToken: again.token, idPCode: .guest)
            #expect(r.resultCode == .removeMappingLoggedInIdP, "the session is still the guest's (M6)")
            let google = try await server.idp(.google, "dk-from-guest")
            #expect(google.userId == s.userId)
        }
    }

    @Test("mapping.forcing: none answers 3302 without a ticket; neither forced operation has a route (-4060003)")
    func forcingNone() async throws {
        var semantics = Semantics()
        semantics.mapping.forcing = .noTicket
        try await withServer(semantics) { server in
            let owner = try await server.idp(.google, "dk-forcing")
            let s = try await server.guest()
            let conflict = try await server.addMapping(s, .google, "dk-forcing")
            #expect(conflict.resultCode == .addMappingAlreadyMappedToOtherMember)
            #expect(conflict.body.forcingMappingTicket == nil)
            let body = ForcingMappingRequest(
                forcingMappingKey: "never-issued",
                idPCode: .google,
                accessToken: server.token(.google, "dk-forcing")
            )
            let forced = try await server.client.addMappingForcibly(device: s.device, accessToken: s.token, body)
            #expect(forced.resultCode == .wrongURI)
            let change = try await server.client.changeLogin(device: s.device, accessToken: s.token, body)
            #expect(change.resultCode == .wrongURI)
            #expect(try await server.owner(.google, "dk-forcing") == owner.userId, "nothing moved")
        }
    }

    @Test(
        "tokens.goneMember: notExistMember answers 3003 for a token its member's withdrawal revoked, also when the withdrawal came due lazily"
    )
    func goneMember() async throws {
        var semantics = Semantics()
        semantics.tokens.goneMember = .notExistMember
        try await withServer(semantics) { server in
            try await server.freeze()
            let a = try await server.guest()
            let b = try await server.guest()
            let earlier = try await server.guest()
            #expect(
                try await server.client.logout(device: earlier.device, accessToken: earlier.token).resultCode
                    == .success
            )
            let again = try await server.guest(earlier.device)
            #expect(try await server.client.withdraw(device: a.device, accessToken: a.token).resultCode == .success)
            #expect(
                try await server.client.withdraw(device: again.device, accessToken: again.token).resultCode == .success
            )
            let cl = server.client
            #expect(try await cl.getOwnMember(device: a.device, accessToken: a.token).resultCode == .authNotExistMember)
            #expect(try await cl.tokenLogin(device: a.device, accessToken: a.token).resultCode == .authNotExistMember)
            #expect(try await cl.getOwnMember(device: b.device, accessToken: a.token).resultCode == .authNotExistMember)
            #expect(
                try await cl.getOwnMember(device: earlier.device, accessToken: earlier.token).resultCode
                    == .authInvalidGamebaseToken,
                "logged out before the withdrawal: just dead"
            )
            // A temporary withdrawal that comes due (7 days, past the token's lifetime too).
            #expect(
                try await cl.requestTemporaryWithdrawal(device: b.device, accessToken: b.token).resultCode == .success
            )
            try await server.advance(seconds: 7 * 86_400 + 1)
            #expect(try await cl.tokenLogin(device: a.device, accessToken: b.token).resultCode == .authNotExistMember)
            #expect(try await cl.getOwnMember(device: b.device, accessToken: b.token).resultCode == .authNotExistMember)
            #expect(try await cl.tokenLogin(device: b.device, accessToken: b.token).resultCode == .authNotExistMember)
        }
    }
}
