import Foundation
import Protocol
import Testing

/// E16 Get IdP Token and Profile (docs/PROTOCOL.md §3, rule L15) against the reference server.
@Suite("IdP token and profile through the Server API (E16, L15)", .timeLimit(.minutes(2)))
struct IdPProfileTests {
    @Test("An IdP login's session gives back the account it logged in with and the IdP token it presented")
    func idPLogin() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "e16-a")
            let r = try await server.client.idPTokenAndProfile(userId: s.userId, accessToken: s.token)
            #expect(r.resultCode == .success)
            #expect(r.body.idPCode == .google && r.body.idPId == "e16-a" && r.body.idPProfile?.id == "e16-a")
            #expect(r.body.idPAccessToken == server.token(.google, "e16-a"))
            // A token login resumes the same session: its credential stays.
            let again = try await server.client.tokenLogin(device: s.device, accessToken: s.token)
            #expect(again.resultCode == .success)
            let after = try await server.client.idPTokenAndProfile(userId: s.userId, accessToken: s.token)
            #expect(after.resultCode == .success && after.body.idPAccessToken == server.token(.google, "e16-a"))
        }
    }

    @Test("A guest session has no IdP credential (-4040204); once its mapping moves it to the IdP, it has that one")
    func guestThenMapped() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let none = try await server.client.idPTokenAndProfile(userId: s.userId, accessToken: s.token)
            #expect(none.resultCode == .idPTokenNotFound && none.body.idPAccessToken == nil)
            #expect(try await server.addMapping(s, .facebook, "e16-f").resultCode == .success)
            let moved = try await server.client.idPTokenAndProfile(userId: s.userId, accessToken: s.token)
            #expect(moved.resultCode == .success)
            #expect(moved.body.idPCode == .facebook && moved.body.idPId == "e16-f")
            #expect(moved.body.idPAccessToken == server.token(.facebook, "e16-f"))
        }
    }

    @Test("E1's checks come first: another user's, a revoked or an unknown token is -4010203, a banned user -4010204")
    func tokenChecks() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "e16-b")
            let other = try await server.idp(.google, "e16-c")
            #expect(
                try await server.client.idPTokenAndProfile(userId: other.userId, accessToken: s.token).resultCode
                    == .gatewayInvalidAccessToken
            )
            #expect(
                try await server.client.idPTokenAndProfile(userId: s.userId, accessToken: "no-such-token").resultCode
                    == .gatewayInvalidAccessToken
            )
            #expect(
                try await server.client.logout(device: other.device, accessToken: other.token).resultCode == .success
            )
            #expect(
                try await server.client.idPTokenAndProfile(userId: other.userId, accessToken: other.token).resultCode
                    == .gatewayInvalidAccessToken
            )
            let ban = try await server.client.ban(
                BanRequest(userIdList: [s.userId], banTypeCode: "PERMANENT", banReason: "e16")
            )
            #expect(ban.resultCode == .success)
            #expect(
                try await server.client.idPTokenAndProfile(userId: s.userId, accessToken: s.token).resultCode
                    == .gatewayInvalidUser
            )
        }
    }
}
