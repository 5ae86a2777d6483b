import Model
import Protocol
import Testing

@Suite("Transfer rules (PROTOCOL.md §2.12–2.14)")
struct TransferRuleTests {
    typealias S = Sim

    /// Credentials as issued by step `i`.
    static func creds(_ i: Int, wrongPassword: Bool = false) -> TransferCredentials {
        TransferCredentials(
            id: .value(Sym(.transferId, i)),
            password: wrongPassword ? .wrong : .value(Sym(.transferPassword, i))
        )
    }

    /// A guest on d0 with a TransferAccount; returns (login step, issue step).
    static func guestWithAccount(_ sim: inout Sim) -> (Int, Int) {
        let s = sim.login(S.d0)
        let i = sim.expect(.success, .issueTransferAccount(device: S.d0, token: S.token(s)))
        return (s, i)
    }

    @Test("T1: TransferAccount disabled gets 3045 (and E13 -4040201)")
    func t1() {
        var sem = Semantics()
        sem.transferAccount.enabled = false
        var sim = Sim(sem)
        let s = sim.login(S.d0)
        sim.expect(
            .transferAccountConsoleNoCondition,
            .issueTransferAccount(device: S.d0, token: S.token(s)),
            rule: .T1
        )
        sim.expect(
            .transferAccountConsoleNoCondition,
            .queryTransferAccount(device: S.d0, token: S.token(s)),
            rule: .T1
        )
        sim.expect(
            .transferAccountConsoleNoCondition,
            .transferLogin(device: S.d1, credentials: Self.creds(1)),
            rule: .T1
        )
        sim.expect(.productNotEnabled, .serverValidate(credentials: Self.creds(1)))
    }

    @Test("T2: only a guest-only account can issue (9)")
    func t2() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        sim.expect(.notGuestOrHasOthers, .issueTransferAccount(device: S.d0, token: S.token(s)), rule: .T2)
    }

    @Test("T3: transfer login only when the device is logged out or a guest (9); it logs in as the issuing user")
    func t3() {
        var sim = Sim()
        let (s, i) = Self.guestWithAccount(&sim)
        sim.login(S.d1, S.g1)
        sim.expect(.notGuestOrHasOthers, .transferLogin(device: S.d1, credentials: Self.creds(i)), rule: .T3)
        let t = sim.expect(.success, .transferLogin(device: S.d2, credentials: Self.creds(i)), rule: .T4)
        #expect(sim.user(of: t) == sim.user(of: s))
        #expect(sim.last!.expectations.contains(.lastLoggedInProvider(.guest, .T3)))
    }

    @Test(
        "T4: after a transfer the key is on the new device, old tokens die, the device's previous guest is lost, the source device gets a new user"
    )
    func t4() {
        var sim = Sim()
        let (s, i) = Self.guestWithAccount(&sim)
        let u = sim.user(of: s)
        let other = sim.login(S.d1)
        let g = sim.user(of: other)
        sim.expect(.success, .transferLogin(device: S.d1, credentials: Self.creds(i)))
        #expect(sim.authList(u) == [.guest(S.d1)] && sim.tokenRevoked(s) == .T4)
        #expect(sim.valid(g) == .lost && sim.tokenRevoked(other) != nil)
        let n = sim.expect(.success, .loginGuest(device: S.d0, ignoreAlreadyLoggedIn: false), rule: .T4)
        #expect(sim.user(of: n) != u)
    }

    @Test("T5: transfer on the device that holds the account gets 8")
    func t5() {
        var sim = Sim()
        let (_, i) = Self.guestWithAccount(&sim)
        sim.expect(.sameRequestor, .transferLogin(device: S.d0, credentials: Self.creds(i)), rule: .T5)
    }

    @Test("T6: query without an account gets 3046; issuing twice gets 3047")
    func t6() {
        var sim = Sim()
        let s = sim.login(S.d0)
        sim.expect(.transferAccountNotExist, .queryTransferAccount(device: S.d0, token: S.token(s)), rule: .T6)
        sim.expect(
            .transferAccountNotExist,
            .renewTransferAccount(device: S.d0, token: S.token(s), renewal: .autoPassword),
            rule: .T6
        )
        sim.expect(.success, .issueTransferAccount(device: S.d0, token: S.token(s)))
        sim.expect(.transferAccountAlreadyExistID, .issueTransferAccount(device: S.d0, token: S.token(s)), rule: .T6)
        sim.expect(.success, .queryTransferAccount(device: S.d0, token: S.token(s)))
    }

    @Test("T7: renew replaces the credentials at once; manual renew validates format and change (3, 3047)")
    func t7() {
        var sim = Sim()
        let (s, i) = Self.guestWithAccount(&sim)
        let r = sim.expect(
            .success,
            .renewTransferAccount(device: S.d0, token: S.token(s), renewal: .autoPassword),
            rule: .T7
        )
        sim.expect(.transferAccountInvalidPassword, .transferLogin(device: S.d1, credentials: Self.creds(i)))
        let fresh = TransferCredentials(id: .value(Sym(.transferId, i)), password: .value(Sym(.transferPassword, r)))
        sim.expect(.transferAccountIDNotFoundServer, .serverValidate(credentials: Self.creds(r)))
        sim.expect(.success, .serverValidate(credentials: fresh))
        let r2 = sim.expect(.success, .renewTransferAccount(device: S.d0, token: S.token(s), renewal: .autoIdPassword))
        sim.expect(.transferAccountIDNotFoundServer, .serverValidate(credentials: fresh))
        sim.expect(.success, .serverValidate(credentials: Self.creds(r2)))
        let tok = S.token(s)
        sim.expect(
            .invalidParameter,
            .renewTransferAccount(
                device: S.d0,
                token: tok,
                renewal: .manual(id: .badFormat, password: .fresh(Sym(.chosenPassword, 99)))
            ),
            rule: .T7
        )
        sim.expect(
            .invalidParameter,
            .renewTransferAccount(
                device: S.d0,
                token: tok,
                renewal: .manual(id: .current, password: .fresh(Sym(.chosenPassword, 99)))
            ),
            rule: .T7
        )
        sim.expect(
            .invalidParameter,
            .renewTransferAccount(
                device: S.d0,
                token: tok,
                renewal: .manual(id: .fresh(Sym(.chosenId, 99)), password: .current)
            ),
            rule: .T7
        )
        // Another live account's id → 3047.
        let s2 = sim.login(S.d1)
        let i2 = sim.expect(.success, .issueTransferAccount(device: S.d1, token: S.token(s2)))
        sim.expect(
            .transferAccountAlreadyExistID,
            .renewTransferAccount(
                device: S.d0,
                token: tok,
                renewal: .manual(id: .otherAccount(Sym(.transferId, i2)), password: .fresh(Sym(.chosenPassword, 98)))
            ),
            rule: .T7
        )
        let m = sim.expect(
            .success,
            .renewTransferAccount(
                device: S.d0,
                token: tok,
                renewal: .manual(id: .fresh(Sym(.chosenId, 97)), password: .fresh(Sym(.chosenPassword, 97)))
            )
        )
        _ = m
        sim.expect(
            .success,
            .serverValidate(
                credentials: TransferCredentials(
                    id: .value(Sym(.chosenId, 97)),
                    password: .value(Sym(.chosenPassword, 97))
                )
            )
        )
    }

    @Test("T8: the fifth consecutive wrong password blocks; the right password is refused until blockEndDate")
    func t8() {
        var sim = Sim()
        let (_, i) = Self.guestWithAccount(&sim)
        // A right password resets the count.
        for _ in 0..<4 {
            sim.expect(
                .transferAccountInvalidPassword,
                .transferLogin(device: S.d1, credentials: Self.creds(i, wrongPassword: true)),
                rule: .T8
            )
        }
        sim.expect(.sameRequestor, .transferLogin(device: S.d0, credentials: Self.creds(i)))
        for _ in 0..<4 {
            sim.expect(
                .transferAccountInvalidPassword,
                .transferLogin(device: S.d1, credentials: Self.creds(i, wrongPassword: true))
            )
        }
        let o = sim.run(.transferLogin(device: S.d1, credentials: Self.creds(i, wrongPassword: true)))
        #expect(
            o.code == .transferAccountBlock
                && o.expectations == [.failInfo(account: Sym(.transferAccount, i), failCount: 5)]
        )
        sim.expect(.transferAccountBlock, .transferLogin(device: S.d1, credentials: Self.creds(i)), rule: .T8)
        sim.expect(.transferAccountBlockedServer, .serverValidate(credentials: Self.creds(i)))
        sim.expect(
            .transferAccountInvalidID,
            .transferLogin(device: S.d1, credentials: TransferCredentials(id: .wrong, password: .wrong)),
            rule: .T8
        )
        sim.advance(seconds: 299)
        sim.expect(.transferAccountBlock, .transferLogin(device: S.d1, credentials: Self.creds(i)))
        sim.advance(seconds: 1)
        #expect(sim.state.transferAccounts.isEmpty == false)
        sim.expect(.success, .transferLogin(device: S.d1, credentials: Self.creds(i)))
        #expect(sim.state.transferAccounts[Sym(.transferAccount, i)]!.failCount == 0)
    }

    @Test("T8 (permanent block): with blockSeconds null the block never ends")
    func t8Permanent() {
        var sem = Semantics()
        sem.transferAccount.blockSeconds = nil
        sem.transferAccount.failThreshold = 2
        var sim = Sim(sem)
        let (_, i) = Self.guestWithAccount(&sim)
        sim.expect(
            .transferAccountInvalidPassword,
            .transferLogin(device: S.d1, credentials: Self.creds(i, wrongPassword: true))
        )
        sim.expect(.transferAccountBlock, .transferLogin(device: S.d1, credentials: Self.creds(i, wrongPassword: true)))
        sim.advance(seconds: 86_400 * 365)
        sim.expect(.transferAccountBlock, .transferLogin(device: S.d1, credentials: Self.creds(i)))
    }

    @Test("T10: an expired account gets 3041; a used one-time account gets 3048 until renewed")
    func t10() {
        var sem = Semantics()
        sem.transferAccount.expirySeconds = 3600
        sem.transferAccount.oneTime = true
        var sim = Sim(sem)
        let (s, i) = Self.guestWithAccount(&sim)
        sim.expect(.success, .transferLogin(device: S.d1, credentials: Self.creds(i)))
        sim.expect(.transferAccountAlreadyUsed, .transferLogin(device: S.d0, credentials: Self.creds(i)), rule: .T10)
        sim.expect(.transferAccountAlreadyUsedServer, .serverValidate(credentials: Self.creds(i)))
        _ = s
        let s2 = sim.login(S.d1, ignore: true)
        let r = sim.expect(.success, .renewTransferAccount(device: S.d1, token: S.token(s2), renewal: .autoPassword))
        let c = TransferCredentials(id: .value(Sym(.transferId, i)), password: .value(Sym(.transferPassword, r)))
        sim.expect(.success, .serverValidate(credentials: c))
        sim.advance(seconds: 3601)
        sim.expect(.transferAccountExpired, .transferLogin(device: S.d2, credentials: c), rule: .T10)
        sim.expect(.transferAccountExpiredServer, .serverValidate(credentials: c))
    }

    @Test("T11: generated ids and passwords must follow the configured formats")
    func t11() throws {
        var sim = Sim()
        let s = sim.login(S.d0)
        let o = sim.run(.issueTransferAccount(device: S.d0, token: S.token(s)))
        let m = Matcher(identities: Identities(salt: "t"), semantics: .default)
        func answer(_ id: String, _ pw: String) -> Observation {
            .client(
                ClientReplyBody(
                    header: ResponseHeader(transactionId: "x", code: .success),
                    transferAccount: TransferAccountInfo(
                        issuedType: "ISSUED",
                        account: .init(id: id, password: pw),
                        condition: .init(transferAccountType: "UNLIMITED", expirationType: "UNLIMITED")
                    )
                )
            )
        }
        let op = Op(id: sim.nextId - 1, action: .issueTransferAccount(device: S.d0, token: S.token(s)))
        #expect(throws: Never.self) { try m.match(o, answer("123456789012", "aB3dE5gH9"), op: op).get() }
        #expect(throws: Mismatch.self) { try m.match(o, answer("12345678901a", "aB3dE5gH9"), op: op).get() }
        if case .failure(let f) = try m.match(o, answer("123456789012", "ab"), op: op) {
            #expect(f.rule == .T11)
        } else {
            Issue.record("accepted a bad password")
        }
    }

    @Test("T12: E13 validates credentials without transferring or counting toward the block")
    func t12() {
        var sim = Sim()
        let (_, i) = Self.guestWithAccount(&sim)
        for _ in 0..<10 {
            sim.expect(
                .transferAccountWrongPasswordServer,
                .serverValidate(credentials: Self.creds(i, wrongPassword: true)),
                rule: .T12
            )
        }
        sim.expect(
            .transferAccountIDNotFoundServer,
            .serverValidate(credentials: TransferCredentials(id: .wrong, password: .wrong))
        )
        sim.expect(.success, .serverValidate(credentials: Self.creds(i)), rule: .T12)
        sim.expect(
            .transferAccountInvalidPassword,
            .transferLogin(device: S.d1, credentials: Self.creds(i, wrongPassword: true))
        )
        #expect(sim.state.transferAccounts[Sym(.transferAccount, i)]!.failCount == 1)
    }

    @Test("T13: legacy TransferKey: 10 when disabled, then 9, 3, 3033, 3032, 3031, 8; single use")
    func t13() {
        var off = Sim()
        let s0 = off.login(S.d0)
        off.expect(.notSupported, .issueTransferKey(device: S.d0, token: S.token(s0), expiresIn: 600), rule: .T13)
        off.expect(.notSupported, .transferKeyLogin(device: S.d1, key: .garbage), rule: .T13)
        var sem = Semantics()
        sem.transferKey.enabled = true
        var sim = Sim(sem)
        let idp = sim.login(S.d2, S.g1)
        sim.expect(.notGuestOrHasOthers, .issueTransferKey(device: S.d2, token: S.token(idp), expiresIn: 600))
        let s = sim.login(S.d0)
        sim.expect(.invalidParameter, .issueTransferKey(device: S.d0, token: S.token(s), expiresIn: 0))
        sim.expect(.invalidParameter, .issueTransferKey(device: S.d0, token: S.token(s), expiresIn: 86_401))
        let k1 = sim.expect(.success, .issueTransferKey(device: S.d0, token: S.token(s), expiresIn: 600))
        let k2 = sim.expect(.success, .issueTransferKey(device: S.d0, token: S.token(s), expiresIn: 60))
        sim.expect(.transferKeyNotExist, .transferKeyLogin(device: S.d1, key: .key(Sym(.transferKey, k1))), rule: .T13)
        sim.expect(.notGuestOrHasOthers, .transferKeyLogin(device: S.d2, key: .key(Sym(.transferKey, k2))))
        sim.expect(.sameRequestor, .transferKeyLogin(device: S.d0, key: .key(Sym(.transferKey, k2))))
        let moved = sim.expect(.success, .transferKeyLogin(device: S.d1, key: .key(Sym(.transferKey, k2))))
        sim.expect(.transferKeyConsumed, .transferKeyLogin(device: S.d0, key: .key(Sym(.transferKey, k2))))
        let k3 = sim.expect(.success, .issueTransferKey(device: S.d1, token: S.token(moved), expiresIn: 60))
        sim.advance(seconds: 61)
        sim.expect(.transferKeyExpired, .transferKeyLogin(device: S.d0, key: .key(Sym(.transferKey, k3))))
    }

    @Test("T14: a TransferAccount dies when its user stops being guest-only")
    func t14() {
        var sim = Sim()
        let (s, i) = Self.guestWithAccount(&sim)
        sim.expect(.success, .addMapping(device: S.d0, token: S.token(s), credential: .valid(S.g1)))
        sim.expect(.transferAccountNotExist, .queryTransferAccount(device: S.d0, token: S.token(s)))
        sim.expect(.transferAccountInvalidID, .transferLogin(device: S.d1, credentials: Self.creds(i)))
    }

    @Test("T14 with mapping.transferCredentials keep: the credentials survive a mapping and their transfer gets 9 (T2)")
    func t14Keep() {
        var sem = Semantics()
        sem.mapping.transferCredentials = .keep
        sem.transferKey.enabled = true
        var sim = Sim(sem)
        let (s, i) = Self.guestWithAccount(&sim)
        let k = sim.expect(.success, .issueTransferKey(device: S.d0, token: S.token(s), expiresIn: 600))
        sim.expect(.success, .addMapping(device: S.d0, token: S.token(s), credential: .valid(S.g1)))
        sim.expect(.success, .queryTransferAccount(device: S.d0, token: S.token(s)))
        sim.expect(.notGuestOrHasOthers, .transferLogin(device: S.d1, credentials: Self.creds(i)), rule: .T2)
        sim.expect(.notGuestOrHasOthers, .transferKeyLogin(device: S.d1, key: .key(Sym(.transferKey, k))), rule: .T2)
        // A wrong password is still counted first: the refusal comes after the credentials' check.
        sim.expect(
            .transferAccountInvalidPassword,
            .transferLogin(device: S.d1, credentials: Self.creds(i, wrongPassword: true))
        )
        // Issuing again stays refused: the user is not guest-only.
        sim.expect(.notGuestOrHasOthers, .issueTransferAccount(device: S.d0, token: S.token(s)), rule: .T2)
    }
}
