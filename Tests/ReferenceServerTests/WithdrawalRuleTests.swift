import Protocol
import Testing

@Suite("Withdrawal rules (W1–W7)", .timeLimit(.minutes(2)))
struct WithdrawalRuleTests {
    static let wideRange = ("2000-01-01T00:00:00Z", "2200-01-01T00:00:00Z")

    @Test("W1: withdraw makes the user D, frees its mappings and revokes its tokens")
    func w1() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "w1-g")
            #expect(try await server.addMapping(s, .facebook, "w1-f").resultCode == .success)
            #expect(try await server.client.withdraw(device: s.device, accessToken: s.token).resultCode == .success)
            #expect(try await server.member(s.userId).member?.valid == .withdrawn)
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode
                    == .tokenLoginInvalidTokenInfo
            )
            let again = try await server.idp(.facebook, "w1-f", device: s.device)
            #expect(again.userId != s.userId)
        }
    }

    @Test("W2: a withdrawn user shows D without lastLoginDate or memberInfo, resolves nowhere and is listed by E15")
    func w2() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "w2-g")
            #expect(try await server.client.withdraw(device: s.device, accessToken: s.token).resultCode == .success)
            let e3 = try await server.member(s.userId)
            #expect(e3.member?.valid == .withdrawn)
            #expect(e3.member?.lastLoginDate == nil)
            #expect(e3.member?.authList?.isEmpty ?? true)
            #expect(e3.memberInfo == nil)
            #expect(try await server.owner(.google, "w2-g") == nil)
            #expect(
                try await server.client.tokenAuthentication(userId: s.userId, accessToken: s.token).resultCode
                    == .gatewayInvalidAccessToken
            )
            let other = try await server.idp(.naver, "w2-n")
            #expect(
                try await server.client.serverWithdraw(userId: other.userId, regUser: "ops-team").resultCode == .success
            )
            #expect(
                try await server.client.serverWithdraw(userId: other.userId, regUser: "ops-team").resultCode
                    == .memberAlreadyWithdrawn
            )
            let h = try await server.client.withdrawHistories(begin: Self.wideRange.0, end: Self.wideRange.1)
            #expect(h.resultCode == .success)
            let rows = h.body.result ?? []
            #expect(rows.contains { $0.userId == s.userId && $0.eventLogType == "WAA" && $0.regUser == nil })
            #expect(
                rows.contains { $0.userId == other.userId && $0.eventLogType == "WAES" && $0.regUser == "ops-team" }
            )
            #expect(h.body.pagingInfo?.totalElements == 2)
            let onlyWAES = try await server.client.withdrawHistories(
                begin: Self.wideRange.0,
                end: Self.wideRange.1,
                eventLogType: "WAES"
            )
            #expect(onlyWAES.body.result?.map(\.userId) == [other.userId])
        }
    }

    @Test("W4: temporary withdrawal makes the user T; again answers 3602; cancel when not T answers 3603")
    func w4() async throws {
        try await withServer { server in
            let s = try await server.guest()
            // The server's clock before and after the request bound the moment it was handled (a
            // fixed tolerance fails on a loaded machine).
            let before = try #require(try await server.client.testClock().body.clock).now
            let r = try await server.client.requestTemporaryWithdrawal(device: s.device, accessToken: s.token)
            #expect(r.resultCode == .success)
            let grace = try #require(r.body.temporaryWithdrawal?.gracePeriodDate)
            let after = try #require(try await server.client.testClock().body.clock).now
            #expect((before...after).contains(grace - 7 * 86_400_000), "grace \(grace), clock \(before)…\(after)")
            #expect(try await server.member(s.userId).member?.valid == .temporaryWithdrawal)
            #expect(try await server.member(s.userId).temporaryWithdrawal != nil)
            #expect(
                try await server.client.requestTemporaryWithdrawal(device: s.device, accessToken: s.token).resultCode
                    == .withdrawAlreadyTemporaryWithdraw
            )
            #expect(
                try await server.client.cancelTemporaryWithdrawal(device: s.device, accessToken: s.token).resultCode
                    == .success
            )
            #expect(try await server.member(s.userId).member?.valid == .normal)
            #expect(
                try await server.client.cancelTemporaryWithdrawal(device: s.device, accessToken: s.token).resultCode
                    == .withdrawNotTemporaryWithdraw
            )
        }
    }

    @Test("W5: at gracePeriodDate a T user is withdrawn with event WAGE")
    func w5() async throws {
        var semantics = Semantics()
        semantics.withdrawal.gracePeriodDays = 1
        try await withServer(semantics) { server in
            try await server.freeze()
            let s = try await server.idp(.google, "w5-g")
            let r = try await server.client.requestTemporaryWithdrawal(device: s.device, accessToken: s.token)
            let grace = try #require(r.body.temporaryWithdrawal?.gracePeriodDate)
            try await server.advance(seconds: 86_399)
            #expect(try await server.member(s.userId).member?.valid == .temporaryWithdrawal)
            try await server.advance(seconds: 1)
            #expect(try await server.member(s.userId).member?.valid == .withdrawn)
            #expect(try await server.owner(.google, "w5-g") == nil)
            let h = try await server.client.withdrawHistories(
                begin: WithdrawalRuleTests.wideRange.0,
                end: WithdrawalRuleTests.wideRange.1
            )
            let row = try #require(h.body.result?.first { $0.userId == s.userId })
            #expect(row.eventLogType == "WAGE")
            #expect(GamebaseDate.parseISO8601(row.date) == grace)
        }
    }

    @Test("W6: a T user logs in normally and the answer carries temporaryWithdrawal")
    func w6() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "w6-g")
            _ = try await server.client.requestTemporaryWithdrawal(device: s.device, accessToken: s.token)
            let r = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .google, accessToken: server.token(.google, "w6-g"))
            )
            #expect(r.resultCode == .success)
            #expect(r.body.member?.valid == .temporaryWithdrawal)
            #expect(r.body.member?.temporaryWithdrawal != nil)
            #expect(try await server.member(s.userId).member?.valid == .temporaryWithdrawal)
        }
    }

    @Test("W7: withdraw works the same for a T user")
    func w7() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "w7-g")
            _ = try await server.client.requestTemporaryWithdrawal(device: s.device, accessToken: s.token)
            #expect(try await server.client.withdraw(device: s.device, accessToken: s.token).resultCode == .success)
            #expect(try await server.member(s.userId).member?.valid == .withdrawn)
            #expect(try await server.owner(.google, "w7-g") == nil)
        }
    }
}
