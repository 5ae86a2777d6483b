import Protocol
import ReferenceServer
import Testing

/// Every bug switch breaks its rule observably when on, and the rule holds when off.
@Suite("Bug switches", .timeLimit(.minutes(3)))
struct BugSwitchTests {
    static let onOff = [true, false]

    func server(
        _ bug: ServerBug,
        on: Bool,
        _ semantics: Semantics = .default,
        _ body: (TestServer) async throws -> Void
    ) async throws {
        try await withServer(semantics, bugs: on ? [bug] : []) { server in
            let reported = try await server.client.testBugs().body.bugs
            #expect(reported == (on ? [bug.rawValue] : []))
            try await body(server)
        }
    }

    @Test("M4 guest-kept-after-mapping: the guest entry survives a mapping", arguments: onOff)
    func guestKept(on: Bool) async throws {
        try await server(.guestKeptAfterMapping, on: on) { server in
            let g = try await server.guest()
            let r = try await server.addMapping(g, .google, "bug-m4")
            #expect(r.resultCode == .success)
            #expect(r.body.member?.authList.contains { $0.idPCode == .guest } == on)
        }
    }

    @Test("L15 idp-credential-lost-on-mapping: a guest session moved by a mapping has no IdP token", arguments: onOff)
    func idPCredentialLost(on: Bool) async throws {
        try await server(.idPCredentialLostOnMapping, on: on) { server in
            let g = try await server.guest()
            #expect(try await server.addMapping(g, .google, "bug-l15").resultCode == .success)
            let r = try await server.client.idPTokenAndProfile(userId: g.userId, accessToken: g.token)
            #expect(r.resultCode == (on ? .idPTokenNotFound : .success))
            // An IdP login's own session is unaffected.
            let s = try await server.idp(.facebook, "bug-l15-f")
            #expect(
                try await server.client.idPTokenAndProfile(userId: s.userId, accessToken: s.token).resultCode
                    == .success
            )
        }
    }

    @Test("W2 grace-withdrawal-dated-late: E15 dates a WAGE withdrawal when the server noticed it", arguments: onOff)
    func graceWithdrawalDatedLate(on: Bool) async throws {
        var semantics = Semantics()
        semantics.withdrawal.gracePeriodDays = 1
        try await server(.graceWithdrawalDatedLate, on: on, semantics) { server in
            try await server.freeze()
            let s = try await server.idp(.google, "bug-w2")
            let r = try await server.client.requestTemporaryWithdrawal(device: s.device, accessToken: s.token)
            let grace = try #require(r.body.temporaryWithdrawal?.gracePeriodDate)
            // The clock passes the grace period's end by an hour before anything looks.
            try await server.advance(seconds: 86_400 + 3600)
            #expect(try await server.member(s.userId).member?.valid == .withdrawn)
            let h = try await server.client.withdrawHistories(
                begin: "2000-01-01T00:00:00Z",
                end: "2200-01-01T00:00:00Z",
                eventLogType: "WAGE"
            )
            let row = try #require(h.body.result?.first { $0.userId == s.userId })
            #expect(GamebaseDate.parseISO8601(row.date) == (on ? grace + 3_600_000 : grace))
        }
    }

    @Test("M1 same-idp-twice: a second account of one IdP type is added", arguments: onOff)
    func sameIdPTwice(on: Bool) async throws {
        try await server(.sameIdPTwice, on: on) { server in
            let s = try await server.idp(.google, "bug-m1-a")
            let r = try await server.addMapping(s, .google, "bug-m1-b")
            #expect((r.resultCode == .success) == on)
            let googles = try await server.member(s.userId).member?.authList?.filter { $0.idPCode == .google }.count
            #expect(googles == (on ? 2 : 1))
        }
    }

    @Test("M6 remove-last-idp: the last IdP can be removed", arguments: onOff)
    func removeLastIdP(on: Bool) async throws {
        try await server(.removeLastIdP, on: on) { server in
            let s = try await server.idp(.google, "bug-m6")
            let r = try await server.client.removeMapping(device: s.device, accessToken: s.token, idPCode: .google)
            #expect(r.resultCode == (on ? .success : .removeMappingLastMappedIdP))
            #expect(try await server.member(s.userId).member?.authList?.isEmpty == on)
        }
    }

    @Test("M8 ticket-reusable: a used forcing ticket works again", arguments: onOff)
    func ticketReusable(on: Bool) async throws {
        try await server(.ticketReusable, on: on) { server in
            let owner = try await server.idp(.google, "bug-m8")
            var g = try await server.guest()
            let ticket = try #require(try await server.addMapping(g, .google, "bug-m8").body.forcingMappingTicket)
            let request = ForcingMappingRequest(
                forcingMappingKey: ticket.forcingMappingKey,
                idPCode: .google,
                accessToken: server.token(.google, "bug-m8")
            )
            let first = try await server.client.changeLogin(device: g.device, accessToken: g.token, request)
            #expect(first.body.member?.userId == owner.userId)
            g = try await server.guest(g.device, ignoreAlreadyLoggedIn: true)
            let second = try await server.client.changeLogin(device: g.device, accessToken: g.token, request)
            #expect(second.resultCode == (on ? .success : .forciblyAlreadyUsedKey))
        }
    }

    @Test("L5 token-survives-logout: the token still works after logout", arguments: onOff)
    func tokenSurvivesLogout(on: Bool) async throws {
        try await server(.tokenSurvivesLogout, on: on) { server in
            let s = try await server.guest()
            #expect(try await server.client.logout(device: s.device, accessToken: s.token).resultCode == .success)
            let r = try await server.client.tokenLogin(device: s.device, accessToken: s.token)
            #expect(r.resultCode == (on ? .success : .tokenLoginInvalidTokenInfo))
        }
    }

    @Test("W1 withdraw-keeps-mappings: a withdrawn user's accounts still resolve", arguments: onOff)
    func withdrawKeepsMappings(on: Bool) async throws {
        try await server(.withdrawKeepsMappings, on: on) { server in
            let s = try await server.idp(.google, "bug-w1")
            #expect(try await server.client.withdraw(device: s.device, accessToken: s.token).resultCode == .success)
            #expect(try await server.owner(.google, "bug-w1") == (on ? s.userId : nil))
            let again = try await server.idp(.google, "bug-w1")
            #expect((again.userId == s.userId) == on)
        }
    }

    @Test("W4 temp-withdraw-twice: a second temporary-withdrawal request succeeds", arguments: onOff)
    func tempWithdrawTwice(on: Bool) async throws {
        try await server(.tempWithdrawTwice, on: on) { server in
            let s = try await server.guest()
            #expect(
                try await server.client.requestTemporaryWithdrawal(device: s.device, accessToken: s.token).resultCode
                    == .success
            )
            try await server.advance(seconds: 3_600)
            let r = try await server.client.requestTemporaryWithdrawal(device: s.device, accessToken: s.token)
            #expect(r.resultCode == (on ? .success : .withdrawAlreadyTemporaryWithdraw))
        }
    }

    @Test("T8 transfer-no-block: wrong passwords never block", arguments: onOff)
    func transferNoBlock(on: Bool) async throws {
        try await server(.transferNoBlock, on: on) { server in
            let (id, _) = try await server.issueTransferAccount(try await server.guest())
            var codes: [ResultCode] = []
            for _ in 0..<6 {
                codes.append(
                    try await server.client.transferAccountLogin(
                        device: newDevice(),
                        TransferAccountLoginRequest(accountId: id, accountPassword: "x")
                    ).resultCode
                )
            }
            #expect(codes.contains(.transferAccountBlock) == !on)
        }
    }

    @Test("T5 transfer-same-device: a transfer to the device holding the account succeeds", arguments: onOff)
    func transferSameDevice(on: Bool) async throws {
        try await server(.transferSameDevice, on: on) { server in
            let s = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(s)
            let r = try await server.client.transferAccountLogin(
                device: s.device,
                TransferAccountLoginRequest(accountId: id, accountPassword: password)
            )
            #expect(r.resultCode == (on ? .success : .sameRequestor))
        }
    }

    @Test("B1 banned-token-login: token login ignores bans", arguments: onOff)
    func bannedTokenLogin(on: Bool) async throws {
        try await server(.bannedTokenLogin, on: on) { server in
            let s = try await server.guest()
            #expect(
                try await server.client.ban(BanRequest(userIdList: [s.userId], banTypeCode: "PERMANENT")).resultCode
                    == .success
            )
            let r = try await server.client.tokenLogin(device: s.device, accessToken: s.token)
            #expect(r.resultCode == (on ? .success : .bannedMember))
        }
    }

    @Test("F1 forged-idp-token: a forged IdP token logs in", arguments: onOff)
    func forgedIdPToken(on: Bool) async throws {
        try await server(.forgedIdPToken, on: on) { server in
            let forged = server.signer.forge(IdPAccount(.google, "bug-f1"))
            let r = try await server.client.login(
                device: newDevice(),
                LoginRequest(idPCode: .google, accessToken: forged)
            )
            #expect(r.resultCode == (on ? .success : .idpLoginFailed))
        }
    }

    @Test("M2 race-mapping: concurrent add-mappings give one account several owners", arguments: onOff)
    func raceMapping(on: Bool) async throws {
        try await server(.raceMapping, on: on) { server in
            var violations = 0
            for round in 0..<4 {
                let r = try await Scenarios.contendedMapping(server, account: "race-\(round)")
                if r.winners.count > 1 { violations += 1 }
                if on, violations > 0 { break }
            }
            #expect((violations > 0) == on)
        }
    }

    @Test("T8 race-transfer-failcount: concurrent wrong passwords lose fail-count updates", arguments: onOff)
    func raceTransferFailCount(on: Bool) async throws {
        try await server(.raceTransferFailCount, on: on) { server in
            let threshold = server.semantics.transferAccount.failThreshold
            var violations = 0
            for _ in 0..<4 {
                let r = try await Scenarios.contendedTransfer(server)
                if r.codes.filter({ $0 == .transferAccountInvalidPassword }).count != threshold - 1 { violations += 1 }
                if on, violations > 0 { break }
            }
            #expect((violations > 0) == on)
        }
    }

    @Test("M3 race-first-login: concurrent first logins with one IdP account create several users", arguments: onOff)
    func raceFirstLogin(on: Bool) async throws {
        try await server(.raceFirstLogin, on: on) { server in
            var violations = 0
            for round in 0..<20 {
                let account = "race-l-\(round)"
                let token = server.token(.google, account)
                let replies = try await withThrowingTaskGroup(of: ClientReply.self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            try await server.client.login(
                                device: newDevice("l"),
                                LoginRequest(idPCode: .google, accessToken: token)
                            )
                        }
                    }
                    var out: [ClientReply] = []
                    for try await r in group { out.append(r) }
                    return out
                }
                #expect(replies.allSatisfy { $0.resultCode == .success })
                let users = Set(replies.compactMap { $0.body.member?.userId })
                if users.count > 1 {
                    violations += 1
                    // Each user created holds the account: it is mapped to several users (M2).
                    for u in users {
                        let authList = try await server.member(u).member?.authList ?? []
                        #expect(authList.contains { $0.idPCode == .google && $0.authKey == account })
                    }
                }
                if on, violations > 0 { break }
            }
            #expect((violations > 0) == on)
        }
    }

    @Test("M6 race-remove-mapping: two sessions removing each other's IdP both succeed", arguments: onOff)
    func raceRemoveMapping(on: Bool) async throws {
        try await server(.raceRemoveMapping, on: on) { server in
            var violations = 0
            for round in 0..<20 {
                // One user, logged in with google on one device and with facebook on another.
                let g = try await server.idp(.google, "race-r-g-\(round)")
                #expect(try await server.addMapping(g, .facebook, "race-r-f-\(round)").resultCode == .success)
                let f = try await server.idp(.facebook, "race-r-f-\(round)")
                #expect(f.userId == g.userId)
                // Each removes the IdP the other is logged in with. In any order the first success
                // revokes the other session (3011) and makes repeats 3401: one success in all.
                let replies = try await withThrowingTaskGroup(of: (IdPCode, ResultCode).self) { group in
                    for i in 0..<8 {
                        let (s, code): (Session, IdPCode) = i.isMultiple(of: 2) ? (g, .facebook) : (f, .google)
                        group.addTask {
                            let r = try await server.client.removeMapping(
                                device: s.device,
                                accessToken: s.token,
                                idPCode: code
                            )
                            return (code, r.resultCode)
                        }
                    }
                    var out: [(IdPCode, ResultCode)] = []
                    for try await r in group { out.append(r) }
                    return out
                }
                let removed = replies.filter { $0.1 == .success }
                #expect(!removed.isEmpty)
                let authList = try await server.member(g.userId).member?.authList ?? []
                if Set(removed.map(\.0)).count > 1 {
                    violations += 1
                    #expect(authList.isEmpty)  // M6: a normal user left without any IdP
                } else if !on {
                    #expect(removed.count == 1 && authList.count == 1)
                }
                if on, violations > 0 { break }
            }
            #expect((violations > 0) == on)
        }
    }
}
