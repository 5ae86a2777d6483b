import Protocol
import ReferenceServer
import Testing

@Suite("Grace-ban release by payments (B6)", .timeLimit(.minutes(2)))
struct GraceReleaseTests {
    static func graceBan(_ server: TestServer, _ userId: String, _ rule: ReleaseRuleCondition?) async throws {
        let g = try await server.client.testGraceBan(
            userId: userId,
            GraceBanRequest(gracePeriodSeconds: 600, message: "pay", releaseRuleCondition: rule)
        )
        #expect(g.resultCode == .success)
        #expect(
            g.body.graceBanInfo?.paymentStatus == rule.map { PaymentStatus(amount: 0, count: 0, currency: $0.currency) }
        )
    }

    static func pay(_ server: TestServer, _ userId: String, _ amount: Double, _ currency: String = "USD")
        async throws -> GraceBanResponse
    {
        let r = try await server.client.testPayment(userId: userId, PaymentRequest(amount: amount, currency: currency))
        #expect(r.resultCode == .success)
        return r.body
    }

    @Test(
        "AND: payments in the conditions' currency are counted; once amount and count are both met the grace ban ends"
    )
    func and() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "b6-and")
            let rule = ReleaseRuleCondition(amount: 30, count: 2, currency: "USD", conditionType: "AND")
            try await Self.graceBan(server, s.userId, rule)
            let first = try await Self.pay(server, s.userId, 40)
            #expect(first.graceBanInfo?.paymentStatus == PaymentStatus(amount: 40, count: 1, currency: "USD"))
            let other = try await Self.pay(server, s.userId, 500, "KRW")
            #expect(other.graceBanInfo?.paymentStatus == PaymentStatus(amount: 40, count: 1, currency: "USD"))
            let login = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .google, accessToken: server.token(.google, "b6-and"))
            )
            #expect(login.body.member?.valid == .graceBan)
            #expect(login.body.member?.graceBanInfo?.paymentStatus?.count == 1)
            let second = try await Self.pay(server, s.userId, 1)
            #expect(second.graceBanInfo == nil)
            #expect(try await server.member(s.userId).member?.valid == .normal)
            try await server.advance(seconds: 600)
            #expect(try await server.member(s.userId).member?.valid == .normal, "no ban at the old gracePeriodDate")
        }
    }

    @Test("OR: either condition ends it; without conditions, or after the grace period, payments change nothing")
    func or() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "b6-or")
            try await Self.graceBan(
                server,
                s.userId,
                ReleaseRuleCondition(amount: 100, count: 1, currency: "KRW", conditionType: "OR")
            )
            #expect(try await Self.pay(server, s.userId, 1, "KRW").graceBanInfo == nil)
            try await Self.graceBan(server, s.userId, nil)
            let none = try await Self.pay(server, s.userId, 1000)
            #expect(none.graceBanInfo != nil && none.graceBanInfo?.paymentStatus == nil)
            try await server.advance(seconds: 600)
            #expect(try await Self.pay(server, s.userId, 1000).graceBanInfo == nil)
            #expect(try await server.member(s.userId).member?.valid == .banned)
        }
    }

    @Test("A new grace ban starts from nothing paid; bad payments are -4000005, unknown users -4040401")
    func resetsAndRejects() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "b6-reset")
            let rule = ReleaseRuleCondition(amount: 50, count: 5, currency: "USD", conditionType: "AND")
            try await Self.graceBan(server, s.userId, rule)
            _ = try await Self.pay(server, s.userId, 20)
            try await Self.graceBan(server, s.userId, rule)
            for (amount, currency) in [(0.0, "USD"), (1.5, "USD"), (10, "usd"), (10, "DOLLAR")] {
                let r = try await server.client.testPayment(
                    userId: s.userId,
                    PaymentRequest(amount: amount, currency: currency)
                )
                #expect(r.resultCode == .inappropriateValue, "\(amount) \(currency)")
            }
            let unknown = try await server.client.testPayment(
                userId: "NOSUCHUSER123456",
                PaymentRequest(amount: 1, currency: "USD")
            )
            #expect(unknown.resultCode == .memberNotExist)
            let info = try await server.client.testGraceBan(userId: s.userId, GraceBanRequest()).body.graceBanInfo
            #expect(info?.paymentStatus == nil && info?.releaseRuleCondition == nil)
        }
    }

    @Test("grace-never-released counts the payments but never ends the grace ban")
    func bugSwitch() async throws {
        try await withServer(bugs: [.graceNeverReleased]) { server in
            let s = try await server.idp(.google, "b6-bug")
            let rule = ReleaseRuleCondition(amount: 10, count: 1, currency: "USD", conditionType: "OR")
            try await Self.graceBan(server, s.userId, rule)
            let r = try await Self.pay(server, s.userId, 10)
            #expect(r.graceBanInfo?.paymentStatus == PaymentStatus(amount: 10, count: 1, currency: "USD"))
        }
    }
}
