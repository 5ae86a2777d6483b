import Protocol
import Testing

@Suite("Ban rules (B1–B5)", .timeLimit(.minutes(2)))
struct BanRuleTests {
    @Test("B1: a banned user cannot log in (7 + banInfo), its tokens get 7, E3 shows B, E1 answers -4010204")
    func b1() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "b1-g")
            let ban = try await server.client.ban(
                BanRequest(userIdList: [s.userId], banTypeCode: "PERMANENT", banReason: "cheating")
            )
            #expect(ban.body.failedUserIdList == [])
            let login = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .google, accessToken: server.token(.google, "b1-g"))
            )
            #expect(login.resultCode == .bannedMember)
            let info = try #require(login.body.banInfo)
            #expect(
                info.userId == s.userId && info.banType == "PERMANENT" && info.endDate == nil
                    && info.message == "cheating"
            )
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode == .bannedMember
            )
            #expect(
                try await server.client.getOwnMember(device: s.device, accessToken: s.token).resultCode == .bannedMember
            )
            #expect(try await server.member(s.userId).member?.valid == .banned)
            #expect(
                try await server.client.tokenAuthentication(userId: s.userId, accessToken: s.token).resultCode
                    == .gatewayInvalidUser
            )
            // Logout skips the ban check.
            #expect(try await server.client.logout(device: s.device, accessToken: s.token).resultCode == .success)
        }
    }

    @Test("B2: a temporary ban needs end and ends then; a permanent ban has no endDate")
    func b2() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let missingEnd = try await server.client.ban(BanRequest(userIdList: [s.userId], banTypeCode: "TEMPORARY"))
            #expect(missingEnd.resultCode == .missingParameter)
            let clock = try #require(try await server.client.testClock().body.clock)
            let end = GamebaseDate.iso8601(milliseconds: clock.now + 3_600_000)
            #expect(
                try await server.client.ban(BanRequest(userIdList: [s.userId], banTypeCode: "TEMPORARY", end: end))
                    .resultCode == .success
            )
            let r = try await server.client.tokenLogin(device: s.device, accessToken: s.token)
            #expect(r.resultCode == .bannedMember)
            #expect(r.body.banInfo?.banType == "TEMPORARY")
            #expect(r.body.banInfo?.endDate == GamebaseDate.parseISO8601(end))
            try await server.advance(seconds: 3_600)
            #expect(try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode == .success)
            #expect(try await server.member(s.userId).member?.valid == .normal)
            let past = GamebaseDate.iso8601(milliseconds: clock.now - 1_000)
            #expect(
                try await server.client.ban(BanRequest(userIdList: [s.userId], banTypeCode: "TEMPORARY", end: past))
                    .resultCode == .inappropriateValue
            )
        }
    }

    @Test("B4: ban and ban release report the users they could not process")
    func b4() async throws {
        try await withServer { server in
            let a = try await server.guest()
            let b = try await server.guest()
            #expect(try await server.client.withdraw(device: b.device, accessToken: b.token).resultCode == .success)
            let ban = try await server.client.ban(
                BanRequest(userIdList: [a.userId, b.userId, "NOSUCHUSER123456"], banTypeCode: "PERMANENT")
            )
            #expect(ban.resultCode == .success)
            #expect(ban.body.failedUserIdList == [b.userId, "NOSUCHUSER123456"])
            let c = try await server.guest()
            let release = try await server.client.banRelease(
                BanReleaseRequest(userIdList: [a.userId, c.userId, "NOSUCHUSER123456"])
            )
            #expect(release.resultCode == .success)
            #expect(release.body.failedUserIdList == [c.userId, "NOSUCHUSER123456"])
            #expect(try await server.member(a.userId).member?.valid == .normal)
        }
    }

    @Test("B5: a grace ban makes the user P, login works with graceBanInfo, and at its end the user is banned")
    func b5() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "b5-g")
            let rule = ReleaseRuleCondition(amount: 10, count: 1, currency: "USD", conditionType: "AND")
            let g = try await server.client.testGraceBan(
                userId: s.userId,
                GraceBanRequest(gracePeriodSeconds: 600, message: "pay", releaseRuleCondition: rule)
            )
            #expect(g.resultCode == .success)
            let until = try #require(g.body.graceBanInfo?.gracePeriodDate)
            let login = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .google, accessToken: server.token(.google, "b5-g"))
            )
            #expect(login.resultCode == .success)
            #expect(login.body.member?.valid == .graceBan)
            #expect(login.body.member?.graceBanInfo?.releaseRuleCondition == rule)
            try await server.advance(seconds: 600)
            let after = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .google, accessToken: server.token(.google, "b5-g"))
            )
            #expect(after.resultCode == .bannedMember)
            #expect(after.body.banInfo?.banType == "PERMANENT")
            #expect(after.body.banInfo?.beginDate == until)
            #expect(try await server.member(s.userId).member?.valid == .banned)
            #expect(
                try await server.client.testGraceBan(userId: "NOSUCHUSER123456", GraceBanRequest()).resultCode
                    == .memberNotExist
            )
        }
    }
}
