import GBFuzzTestKit
import Protocol
import Testing
import Transport

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

    @Test(
        "Test control switches maintenance: start now for a while, a schedule, off; the knobs report it; reset restores the configured one"
    )
    func switched() async throws {
        try await withServer(Semantics()) { server in
            try await server.freeze()
            let c = server.client
            let off = try await c.maintenance().body
            #expect(off.maintenance == MaintenanceSemantics() && off.underMaintenance == false)
            let s = try await server.guest()
            let started = try await c.startMaintenance(durationSeconds: 60)
            #expect(started.resultCode == .success && started.body.underMaintenance == true)
            #expect(try await c.login(device: newDevice(), LoginRequest(idPCode: .guest)).resultCode == .notPlayable)
            #expect(try await c.tokenLogin(device: s.device, accessToken: s.token).resultCode == .notPlayable)
            #expect(try await c.testSemantics().body.semantics?.maintenance == started.body.maintenance)
            try await server.advance(seconds: 60)
            #expect(try await c.maintenance().body.underMaintenance == false)
            #expect(try await c.tokenLogin(device: s.device, accessToken: s.token).resultCode == .success)
            // A schedule: from the current second on, every 10 minutes for 5.
            let now = try #require(try await c.testClock().body.clock).now
            let every = MaintenanceSemantics(
                periodSeconds: 600,
                durationSeconds: 300,
                offsetSeconds: (now / 1000) % 600
            )
            #expect(try await c.switchMaintenance(every).body.underMaintenance == true)
            try await server.advance(seconds: 300)
            #expect(try await c.tokenLogin(device: s.device, accessToken: s.token).resultCode == .success)
            try await server.advance(seconds: 300)
            #expect(try await c.tokenLogin(device: s.device, accessToken: s.token).resultCode == .notPlayable)
            // A schedule the knob's rules refuse changes nothing; null is off.
            let bad = MaintenanceSemantics(periodSeconds: 60, durationSeconds: 61)
            #expect(try await c.switchMaintenance(bad).resultCode == .inappropriateValue)
            #expect(try await c.maintenance().body.maintenance == every)
            #expect(try await c.startMaintenance(durationSeconds: 0).resultCode == .inappropriateValue)
            #expect(try await c.switchMaintenance(MaintenanceSemantics()).body.underMaintenance == false)
            #expect(try await c.tokenLogin(device: s.device, accessToken: s.token).resultCode == .success)
            _ = try await c.startMaintenance(durationSeconds: 600)
            #expect(try await c.testReset().resultCode == .success)
            #expect(try await c.maintenance().body.maintenance == MaintenanceSemantics())
        }
    }

    @Test(
        "The Server API (E17, ours) reads and switches maintenance as test control does, only with the secret key"
    )
    func serverAPI() async throws {
        try await withServer(Semantics()) { server in
            try await server.freeze()
            let c = server.client
            let s = try await server.guest()
            let off = try await c.maintenance(via: .serverAPI)
            #expect(off.resultCode == .success && off.body.maintenance == MaintenanceSemantics())
            #expect(off.body.underMaintenance == false)
            let started = try await c.startMaintenance(durationSeconds: 60, via: .serverAPI)
            #expect(started.resultCode == .success && started.body.underMaintenance == true)
            #expect(try await c.tokenLogin(device: s.device, accessToken: s.token).resultCode == .notPlayable)
            // One switch, seen the same through both families and the knobs.
            let viaTestControl = try await c.maintenance().body
            #expect(viaTestControl.maintenance == started.body.maintenance && viaTestControl.underMaintenance == true)
            #expect(try await c.testSemantics().body.semantics?.maintenance == started.body.maintenance)
            #expect(
                try await c.switchMaintenance(
                    MaintenanceSemantics(periodSeconds: 60, durationSeconds: 61),
                    via: .serverAPI
                ).resultCode
                    == .inappropriateValue
            )
            #expect(try await c.startMaintenance(durationSeconds: 0, via: .serverAPI).resultCode == .inappropriateValue)
            #expect(try await c.maintenance(via: .serverAPI).body.maintenance == started.body.maintenance)
            // Without the secret key nothing is read or switched.
            var wrong = c.target
            wrong.secretKey = "not-the-secret"
            let stranger = GamebaseClient(transport: SharedTransport.curl, target: wrong)
            #expect(try await stranger.maintenance(via: .serverAPI).resultCode == .invalidSecretKey)
            #expect(
                try await stranger.switchMaintenance(MaintenanceSemantics(), via: .serverAPI).resultCode
                    == .invalidSecretKey
            )
            #expect(try await c.maintenance(via: .serverAPI).body.underMaintenance == true)
            let cleared = try await c.switchMaintenance(MaintenanceSemantics(), via: .serverAPI)
            #expect(cleared.resultCode == .success && cleared.body.underMaintenance == false)
            #expect(try await c.tokenLogin(device: s.device, accessToken: s.token).resultCode == .success)
        }
    }
}
