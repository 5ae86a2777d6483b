import Foundation
import Protocol
import Testing

/// docs/PROTOCOL.md §1.4 over HTTP: request dates never crash the server (issue 9: an `end`
/// with six fraction digits killed `gbfuzz serve` with SIGILL), fractions are truncated to
/// milliseconds, and a date without an offset is -4000005 on every endpoint that takes a date.
@Suite("Request dates over HTTP (§1.4)", .timeLimit(.minutes(2)))
struct DateInputTests {
    func history(_ server: TestServer, _ query: String) async throws -> RawReply {
        try await server.raw("GET", server.memberPrefix + "/logs/withdrawal?" + query, headers: [server.secret])
    }

    func stillAnswers(_ server: TestServer) async throws {
        #expect(try await server.client.testClock().resultCode == .success, "the server still answers")
    }

    @Test("the reported E15 request, end with six fraction digits, succeeds and the server still answers")
    func reportedWithdrawalQuery() async throws {
        try await withServer { server in
            let r = try await history(server, "begin=2026-01-01T00:00:00Z&end=2099-01-01T00:00:00.123456Z")
            #expect(r.status == 200)
            #expect(r.header.resultCode == .success, "\(r.header.resultMessage)")
            for digits in [4, 7, 12, 40] {
                let fraction = String(repeating: "9", count: digits)
                let q = try await history(
                    server,
                    "begin=2026-01-01T00:00:00.\(fraction)Z&end=2099-01-01T00:00:00.\(fraction)Z"
                )
                #expect(q.header.resultCode == .success, "\(digits) digits")
            }
            try await stillAnswers(server)
        }
    }

    @Test("a ban end with six fraction digits bans until the end truncated to milliseconds")
    func banEndFraction() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let end = "2099-01-01T00:00:00.123456Z"
            let r = try await server.client.ban(BanRequest(userIdList: [s.userId], banTypeCode: "TEMPORARY", end: end))
            #expect(r.resultCode == .success, "\(r.header.resultMessage)")
            let login = try await server.client.tokenLogin(device: s.device, accessToken: s.token)
            #expect(login.body.banInfo?.endDate == 4_070_908_800_123)
            try await stillAnswers(server)
        }
    }

    @Test("E15 truncates a long fraction: .xyz9999 selects as .xyz, never rounded up into the next millisecond")
    func withdrawalQueryTruncates() async throws {
        try await withServer { server in
            try await server.freeze()
            let s = try await server.guest()
            #expect(try await server.client.withdraw(device: s.device, accessToken: s.token).resultCode == .success)
            let at = try #require(try await server.client.testClock().body.clock?.now)
            func iso(_ ms: Int64, extra: String) -> String {
                GamebaseDate.iso8601(milliseconds: ms).replacingOccurrences(of: "+00:00", with: extra + "Z")
            }
            let before = try await history(server, "begin=\(iso(at - 1, extra: "0"))&end=\(iso(at - 1, extra: "9999"))")
            #expect(before.header.resultCode == .success)
            #expect((before.json["pagingInfo"] as? [String: Any])?["totalElements"] as? Int == 0)
            let on = try await history(server, "begin=\(iso(at, extra: "0001"))&end=\(iso(at, extra: "999999"))")
            #expect((on.json["pagingInfo"] as? [String: Any])?["totalElements"] as? Int == 1)
        }
    }

    @Test("a date without an offset, or with +0900, is -4000005 in E15 begin, E15 end and E8 end")
    func offsetRequired() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let good = "2026-01-01T00:00:00Z"
            for bad in [
                "2099-01-01T00:00:00", "2099-01-01T00:00:00.123456", "2099-01-01T00:00:00%2B0900", "2099-01-01",
            ] {
                #expect(
                    try await history(server, "begin=\(bad)&end=2099-01-02T00:00:00Z").header.resultCode
                        == .inappropriateValue
                )
                #expect(try await history(server, "begin=\(good)&end=\(bad)").header.resultCode == .inappropriateValue)
                let text = bad.removingPercentEncoding ?? bad
                let ban = try await server.client.ban(
                    BanRequest(userIdList: [s.userId], banTypeCode: "TEMPORARY", end: text)
                )
                #expect(ban.resultCode == .inappropriateValue, "\(bad)")
            }
            #expect(try await server.member(s.userId).member?.valid == .normal, "nothing changed")
            // An offset works in both spellings of UTC and as ±HH:MM (`+` percent-encoded in a query).
            for end in ["2099-01-01T09:00:00%2B09:00", "2099-01-01T00:00:00z", "2098-12-31T15:00:00-09:00"] {
                #expect(try await history(server, "begin=\(good)&end=\(end)").header.resultCode == .success, "\(end)")
            }
            // A bare `+` in a query is a space.
            #expect(
                try await history(server, "begin=\(good)&end=2099-01-01T09:00:00+09:00").header.resultCode
                    == .inappropriateValue
            )
            try await stillAnswers(server)
        }
    }

    @Test(
        "malformed dates of every kind are -4000005, and the server answers each",
        arguments: [
            "", "x", "2099-02-29T00:00:00Z", "2099-01-01T24:00:00Z", "99999-01-01T00:00:00Z", "2099-01-01T00:00:00.Z",
            "2099-01-01T00:00:00%2B24:00", "%EF%BC%92099-01-01T00:00:00Z", "2099-01-01T00:00:00ZZ", "1e400",
        ]
    )
    func malformed(_ end: String) async throws {
        try await withServer { server in
            let r = try await history(server, "begin=2026-01-01T00:00:00Z&end=\(end)")
            #expect(r.header.resultCode == .inappropriateValue, "\(end): \(r.header.resultMessage)")
            try await stillAnswers(server)
        }
    }

    @Test("the clock stops at 9999-12-31T23:59:59.999Z: an advance past it is -4000005 and changes nothing")
    func clockCeiling() async throws {
        try await withServer { server in
            try await server.freeze()
            let maxSeconds: Int64 = 3_153_600_000
            var refused = false
            for _ in 0..<100 where !refused {
                let r = try await server.client.testAdvanceClock(seconds: maxSeconds)
                refused = r.resultCode == .inappropriateValue
                #expect(r.resultCode == .success || refused, "\(r.header.resultMessage)")
            }
            #expect(refused)
            let now = try #require(try await server.client.testClock().body.clock?.now)
            #expect(now <= GamebaseDate.maxMilliseconds)
            let rest = (GamebaseDate.maxMilliseconds - now) / 1000
            #expect(try await server.client.testAdvanceClock(seconds: rest).resultCode == .success)
            #expect(try await server.client.testAdvanceClock(seconds: 1).resultCode == .inappropriateValue)
            #expect(try await server.client.testClock().body.clock?.now == now + rest * 1000)
            // Deadlines computed from the last writable instant do not overflow.
            let s = try await server.guest()
            let grace = try await server.client.testGraceBan(
                userId: s.userId,
                GraceBanRequest(gracePeriodSeconds: maxSeconds)
            )
            #expect(grace.resultCode == .success)
            #expect(try await server.client.getMember(userId: s.userId).resultCode == .success)
        }
    }
}
