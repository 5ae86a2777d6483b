import Protocol
import Testing

/// L14 on the reference server: under maintenance every login answers 3701; other calls go on.
@Suite("Maintenance (L14)", .timeLimit(.minutes(2)))
struct MaintenanceTests {
    static let schedule = MaintenanceSemantics(periodSeconds: 3600, durationSeconds: 600, offsetSeconds: 0)

    /// The frozen server clock, moved to the next instant that is `inside` (or outside) maintenance.
    func move(_ server: TestServer, inside: Bool) async throws -> Int64 {
        for _ in 0..<3 {
            let now = try #require(try await server.client.testClock().body.clock).now
            if Self.schedule.contains(now) == inside { return now }
            let w = try #require(Self.schedule.window(endingAfter: now))
            let target = inside ? w.lowerBound : w.upperBound
            try await server.advance(seconds: max(1, (target - now + 999) / 1000))
        }
        Issue.record("the clock never reached the schedule's \(inside ? "inside" : "outside")")
        return 0
    }

    @Test("Under maintenance every login answers 3701; an authenticated call works; after it logins work again")
    func loginsRefused() async throws {
        var semantics = Semantics()
        semantics.maintenance = Self.schedule
        try await withServer(semantics) { server in
            try await server.freeze()
            _ = try await move(server, inside: false)
            let s = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(s)
            _ = try await move(server, inside: true)
            #expect(
                try await server.client.login(device: newDevice(), LoginRequest(idPCode: .guest)).resultCode
                    == .notPlayable
            )
            let idp = LoginRequest(idPCode: .google, accessToken: server.token(.google, "m-g"))
            #expect(try await server.client.login(device: newDevice(), idp).resultCode == .notPlayable)
            #expect(
                try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode == .notPlayable
            )
            let transfer = TransferAccountLoginRequest(accountId: id, accountPassword: password)
            #expect(
                try await server.client.transferAccountLogin(device: newDevice(), transfer).resultCode == .notPlayable
            )
            #expect(try await server.client.getOwnMember(device: s.device, accessToken: s.token).resultCode == .success)
            _ = try await move(server, inside: false)
            #expect(try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode == .success)
            #expect(try await server.client.transferAccountLogin(device: newDevice(), transfer).resultCode == .success)
        }
    }
}
