import Model
import Protocol
import Testing

@Suite("Withdrawal and ban rules (PROTOCOL.md §2.10, §2.11, §3, §4)")
struct WithdrawalBanRuleTests {
    typealias S = Sim

    @Test("W1: withdraw makes the user D, frees its mappings (re-login creates a new user) and revokes its tokens")
    func w1() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        sim.expect(.success, .withdraw(device: S.d0, token: S.token(s)), rule: .W1)
        #expect(sim.valid(u) == .withdrawn && sim.authList(u).isEmpty && sim.tokenRevoked(s) == .W1)
        sim.expect(.authInvalidGamebaseToken, .getMember(device: S.d0, token: S.token(s)), rule: .W1)
        let o = sim.run(.serverIdP(idPCode: .google, accounts: [S.g1]))
        #expect(o.expectations == [.idPMembers(mapped: [:], asked: [S.g1])])
        let again = sim.expect(
            .success,
            .loginIdP(device: S.d0, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false),
            rule: .W1
        )
        #expect(sim.user(of: again) != u)
    }

    @Test(
        "W2: a withdrawn user: E3 answers D without lastLoginDate or memberInfo, E1 rejects its tokens, E14 again gets -4100401"
    )
    func w2() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        sim.expect(.success, .serverWithdraw(user: .user(u), regUser: "ops"), rule: .W1)
        #expect(
            sim.state.users[u]!.withdrawal
                == WithdrawalRecord(eventLogType: "WAES", regUser: "ops", date: Deadline(exactly: sim.now))
        )
        let o = sim.run(.serverMember(user: .user(u)))
        #expect(o.code == .success && o.rule == .W2 && o.expectations == [.serverMember(user: u)])
        sim.expect(
            .gatewayInvalidAccessToken,
            .serverToken(user: .user(u), token: S.token(s), linkedIdP: false),
            rule: .W1
        )
        sim.expect(.memberAlreadyWithdrawn, .serverWithdraw(user: .user(u), regUser: "ops"), rule: .W2)
        sim.expect(.memberNotExist, .serverWithdraw(user: .unknown, regUser: "ops"))
        sim.expect(.inappropriateValue, .serverWithdraw(user: .user(u), regUser: "has space"))
    }

    @Test("W4: temporary withdrawal makes the user T; again gets 3602; cancel when not T gets 3603")
    func w4() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        sim.expect(
            .withdrawNotTemporaryWithdraw,
            .cancelTemporaryWithdrawal(device: S.d0, token: S.token(s)),
            rule: .W4
        )
        let o = sim.run(.requestTemporaryWithdrawal(device: S.d0, token: S.token(s)))
        #expect(o.code == .success && sim.valid(sim.user(of: s)) == .temporaryWithdrawal)
        #expect(sim.state.users[sim.user(of: s)]!.temporaryWithdrawal == Deadline(exactly: sim.now + 7 * 86_400_000))
        sim.expect(
            .withdrawAlreadyTemporaryWithdraw,
            .requestTemporaryWithdrawal(device: S.d0, token: S.token(s)),
            rule: .W4
        )
        sim.expect(.success, .cancelTemporaryWithdrawal(device: S.d0, token: S.token(s)))
        #expect(sim.valid(sim.user(of: s)) == .normal)
    }

    @Test("W5: when the clock reaches gracePeriodDate a T user is withdrawn (WAGE)")
    func w5() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        sim.expect(.success, .requestTemporaryWithdrawal(device: S.d0, token: S.token(s)))
        sim.advance(seconds: 7 * 86_400 - 1)
        sim.expect(.success, .serverMember(user: .user(u)))
        #expect(sim.valid(u) == .temporaryWithdrawal)
        sim.advance(seconds: 1)
        sim.expect(.success, .serverMember(user: .user(u)), rule: .W2)
        #expect(sim.valid(u) == .withdrawn && sim.state.users[u]!.withdrawal?.eventLogType == "WAGE")
        #expect(sim.state.freedBy[S.g1] == .W1)
    }

    @Test("W6: a T user logs in normally and the answer carries temporaryWithdrawal")
    func w6() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        sim.expect(.success, .requestTemporaryWithdrawal(device: S.d0, token: S.token(s)))
        let o = sim.run(.loginIdP(device: S.d1, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false))
        guard case .member(let m)? = o.expectations.first else { Issue.record("no member"); return }
        #expect(o.code == .success && m.valid == .temporaryWithdrawal && m.user == sim.user(of: s))
    }

    @Test("W7: immediate withdrawal works the same for a T user")
    func w7() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        sim.expect(.success, .requestTemporaryWithdrawal(device: S.d0, token: S.token(s)))
        sim.expect(.success, .withdraw(device: S.d0, token: S.token(s)), rule: .W1)
        #expect(
            sim.valid(sim.user(of: s)) == .withdrawn && sim.state.users[sim.user(of: s)]!.temporaryWithdrawal == nil
        )
    }

    @Test("B1: a banned user cannot log in (7); its live tokens get 7; E1 answers -4010204; logout still works")
    func b1() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        sim.expect(.success, .serverBan(users: [.user(u)], ban: BanSpec(banType: "PERMANENT")))
        #expect(sim.valid(u) == .banned)
        sim.expect(
            .bannedMember,
            .loginIdP(device: S.d1, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false),
            rule: .B1
        )
        sim.expect(.bannedMember, .loginToken(device: S.d0, token: S.token(s)), rule: .B1)
        sim.expect(.bannedMember, .getMember(device: S.d0, token: S.token(s)), rule: .B1)
        sim.expect(.gatewayInvalidUser, .serverToken(user: .user(u), token: S.token(s), linkedIdP: false), rule: .B1)
        sim.expect(.success, .logout(device: S.d0, token: S.token(s)))
    }

    @Test("B2: a temporary ban needs end and ends then; a permanent ban has no end")
    func b2() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        sim.expect(.missingParameter, .serverBan(users: [.user(u)], ban: BanSpec(banType: "TEMPORARY")), rule: .B2)
        sim.expect(
            .inappropriateValue,
            .serverBan(users: [.user(u)], ban: BanSpec(banType: "TEMPORARY", endInSeconds: 0)),
            rule: .B2
        )
        sim.expect(.undefinedValue, .serverBan(users: [.user(u)], ban: BanSpec(banType: "FOREVER")))
        sim.expect(.success, .serverBan(users: [.user(u)], ban: BanSpec(banType: "TEMPORARY", endInSeconds: 60)))
        #expect(sim.state.users[u]!.ban?.end == sim.now + 60_000)
        sim.advance(seconds: 59)
        sim.expect(.bannedMember, .loginToken(device: S.d0, token: S.token(s)))
        sim.advance(seconds: 1)
        sim.expect(.success, .loginToken(device: S.d0, token: S.token(s)))
        #expect(sim.valid(u) == .normal)
    }

    @Test("B4: ban and ban release report the users they could not process")
    func b4() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        let w = sim.login(S.d1, S.f1)
        sim.expect(.success, .withdraw(device: S.d1, token: S.token(w)))
        let o = sim.run(
            .serverBan(users: [.user(u), .unknown, .user(sim.user(of: w))], ban: BanSpec(banType: "PERMANENT"))
        )
        #expect(o.rule == .B4 && o.expectations == [.failedUsers([.unknown, .user(sim.user(of: w))])])
        let r = sim.run(.serverRelease(users: [.user(u), .user(u)]))
        #expect(r.expectations == [.failedUsers([.user(u)])])
    }

    @Test("B5: grace ban: P, login works with graceBanInfo; at its end the user is banned")
    func b5() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        sim.expect(.success, .graceBan(user: .user(u), seconds: 3600), rule: .B5)
        #expect(sim.valid(u) == .graceBan)
        sim.expect(.success, .loginIdP(device: S.d0, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false))
        sim.advance(seconds: 3600)
        sim.expect(
            .bannedMember,
            .loginIdP(device: S.d1, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false),
            rule: .B1
        )
        #expect(sim.state.users[u]!.ban?.permanent == true)
        sim.expect(.memberNotExist, .graceBan(user: .unknown, seconds: 60))
    }

    @Test("X1: the transaction id is echoed in the response header and header.transactionId")
    func x1() {
        let h = ResponseHeader(transactionId: "tx-1", code: .success)
        #expect(Envelope.check(status: 200, header: h, sentTransactionId: "tx-1", echoedTransactionId: "tx-1") == nil)
        #expect(
            Envelope.check(status: 200, header: h, sentTransactionId: "tx-1", echoedTransactionId: nil)?.rule == .X1
        )
        #expect(
            Envelope.check(status: 200, header: h, sentTransactionId: "tx-2", echoedTransactionId: "tx-2")?.rule == .X1
        )
    }

    @Test("X2: HTTP 200 and a consistent envelope for every answer")
    func x2() {
        let h = ResponseHeader(transactionId: "t", code: .bannedMember, detail: "until tomorrow")
        #expect(Envelope.check(status: 200, header: h, sentTransactionId: "t", echoedTransactionId: "t") == nil)
        #expect(Envelope.check(status: 500, header: h, sentTransactionId: "t", echoedTransactionId: "t")?.rule == .X2)
        var bad = h
        bad.isSuccessful = true
        #expect(
            Envelope.check(status: 200, header: bad, sentTransactionId: "t", echoedTransactionId: "t")?.field
                == "header.isSuccessful"
        )
        bad = h
        bad.resultMessage = "banned"
        #expect(
            Envelope.check(status: 200, header: bad, sentTransactionId: "t", echoedTransactionId: "t")?.field
                == "header.resultMessage"
        )
    }
}
