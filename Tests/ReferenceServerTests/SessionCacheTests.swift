import Foundation
import Protocol
import Testing

@testable import ReferenceServer

@Suite("Session cache: the generation protocol around commits")
struct SessionCacheTests {
    static func entry(_ token: String, user: String) -> SessionCache.Entry {
        SessionCache.Entry(
            session: SessionRow(
                token: token,
                userId: user,
                deviceId: "d",
                idPCode: "guest",
                idPId: "d",
                issuedAt: 0,
                expiresAt: 1
            ),
            user: UserRow(userId: user, regDate: 0),
            mappings: []
        )
    }

    @Test("a read whose snapshot may predate a commit is never cached; the touched users' entries are dropped")
    func generationProtocol() {
        let cache = SessionCache()
        let g0 = cache.generation
        cache.insert(Self.entry("t1", user: "A"), generation: g0)
        cache.insert(Self.entry("t2", user: "B"), generation: g0)
        #expect(cache.lookup("t1") != nil && cache.lookup("t2") != nil)

        // A reader read the generation, then a commit began: its insert is refused…
        let before = cache.generation
        cache.beginCommit(touching: ["A"])
        #expect(cache.lookup("t1") == nil)
        #expect(cache.lookup("t2") != nil)
        cache.insert(Self.entry("t1", user: "A"), generation: before)
        // …also by a reader that read the generation during the commit…
        let during = cache.generation
        cache.insert(Self.entry("t1", user: "A"), generation: during)
        #expect(cache.lookup("t1") == nil)
        cache.endCommit()
        cache.insert(Self.entry("t1", user: "A"), generation: during)
        cache.insert(Self.entry("t1", user: "A"), generation: before)
        #expect(cache.lookup("t1") == nil)
        // …while a reader that started after the commit is cached.
        cache.insert(Self.entry("t1", user: "A"), generation: cache.generation)
        #expect(cache.lookup("t1") != nil)
    }
}

@Suite("Session cache: token login reflects every write at once", .timeLimit(.minutes(3)))
struct TokenLoginFreshnessTests {
    /// Token logins for `s` in a loop until cancelled, so the cache is filled and refilled while
    /// the writes happen.
    static func hammer(_ server: TestServer, _ s: Session) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                _ = try? await server.client.tokenLogin(device: s.device, accessToken: s.token)
            }
        }
    }

    @Test(
        "under concurrent token logins: mapping, ban, ban release, withdrawal and logout show in the next token login"
    )
    func writesAreVisibleImmediately() async throws {
        try await withServer { server in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for i in 0..<16 {
                    group.addTask {
                        let s = try await server.guest()
                        let other = try await server.guest()
                        let hammers = (0..<3).map { _ in Self.hammer(server, s) } + [Self.hammer(server, other)]
                        defer { hammers.forEach { $0.cancel() } }
                        func tokenLogin(_ s: Session) async throws -> ClientReply {
                            try await server.client.tokenLogin(device: s.device, accessToken: s.token)
                        }
                        #expect(try await tokenLogin(s).resultCode == .success)

                        // M4: mapping from guest drops the guest entry and switches the IdP.
                        #expect(try await server.addMapping(s, .google, "fresh-\(i)").resultCode == .success)
                        let mapped = try await tokenLogin(s)
                        #expect(mapped.body.member?.authList.map(\.idPCode) == [.google])
                        #expect(mapped.body.lastLoggedInProvider == .google)

                        // B1: a ban shows at once, and so does its release.
                        let end = GamebaseDate.iso8601(
                            milliseconds: Int64(Date().timeIntervalSince1970 * 1000) + 3_600_000
                        )
                        let ban = try await server.client.ban(
                            BanRequest(userIdList: [s.userId], banTypeCode: "TEMPORARY", end: end, banReason: "t")
                        )
                        #expect(ban.resultCode == .success && ban.body.failedUserIdList == [])
                        #expect(try await tokenLogin(s).resultCode == .bannedMember)
                        let release = try await server.client.banRelease(BanReleaseRequest(userIdList: [s.userId]))
                        #expect(release.resultCode == .success)
                        #expect(try await tokenLogin(s).resultCode == .success)

                        // W1 through the Server API, L5 through logout.
                        #expect(
                            try await server.client.serverWithdraw(userId: s.userId, regUser: "op").resultCode
                                == .success
                        )
                        #expect(try await tokenLogin(s).resultCode == .tokenLoginInvalidTokenInfo)
                        #expect(
                            try await server.client.logout(device: other.device, accessToken: other.token).resultCode
                                == .success
                        )
                        #expect(try await tokenLogin(other).resultCode == .tokenLoginInvalidTokenInfo)
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    @Test("a new login on the device revokes the cached token at once (L10)")
    func reloginRevokes() async throws {
        try await withServer { server in
            let first = try await server.guest()
            let hammer = Self.hammer(server, first)
            defer { hammer.cancel() }
            for _ in 0..<20 {
                #expect(
                    try await server.client.tokenLogin(device: first.device, accessToken: first.token).resultCode
                        == .success
                )
            }
            let second = try await server.guest(first.device)
            #expect(second.userId == first.userId)
            let old = try await server.client.tokenLogin(device: first.device, accessToken: first.token)
            #expect(old.resultCode == .tokenLoginInvalidTokenInfo)
            #expect(
                try await server.client.tokenLogin(device: first.device, accessToken: second.token).resultCode
                    == .success
            )
        }
    }
}
