import Protocol
import Testing

@Suite("TransferAccount and TransferKey rules (T1–T14)", .timeLimit(.minutes(2)))
struct TransferRuleTests {
    func transfer(_ server: TestServer, _ device: String, _ id: String, _ password: String) async throws -> ClientReply
    {
        try await server.client.transferAccountLogin(
            device: device,
            TransferAccountLoginRequest(accountId: id, accountPassword: password)
        )
    }

    @Test("T1: with TransferAccount disabled every TransferAccount call answers 3045")
    func t1() async throws {
        var semantics = Semantics()
        semantics.transferAccount.enabled = false
        try await withServer(semantics) { server in
            let s = try await server.guest()
            #expect(
                try await server.client.issueTransferAccount(device: s.device, accessToken: s.token).resultCode
                    == .transferAccountConsoleNoCondition
            )
            #expect(
                try await server.client.queryTransferAccount(device: s.device, accessToken: s.token).resultCode
                    == .transferAccountConsoleNoCondition
            )
            #expect(
                try await server.client.renewTransferAccount(device: s.device, accessToken: s.token, .auto("PASSWORD"))
                    .resultCode == .transferAccountConsoleNoCondition
            )
            #expect(
                try await transfer(server, newDevice(), "123456789012", "x").resultCode
                    == .transferAccountConsoleNoCondition
            )
        }
    }

    @Test("T2: a TransferAccount is issued only for a guest-only account (9)")
    func t2() async throws {
        try await withServer { server in
            let s = try await server.idp(.google, "t2-g")
            #expect(
                try await server.client.issueTransferAccount(device: s.device, accessToken: s.token).resultCode
                    == .notGuestOrHasOthers
            )
        }
    }

    @Test(
        "T3: transfer login works logged out or as guest, answers 9 on a device logged in with an IdP, and logs in as the issuer"
    )
    func t3() async throws {
        try await withServer { server in
            let issuer = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(issuer)
            let idpDevice = try await server.idp(.google, "t3-g")
            #expect(try await transfer(server, idpDevice.device, id, password).resultCode == .notGuestOrHasOthers)
            let r = try await transfer(server, newDevice(), id, password)
            #expect(r.resultCode == .success)
            #expect(r.body.member?.userId == issuer.userId)
            #expect(r.body.lastLoggedInProvider == .guest)
            let guestDevice = try await server.guest()
            let r2 = try await transfer(server, guestDevice.device, id, password)
            #expect(r2.resultCode == .success)
            #expect(r2.body.member?.userId == issuer.userId)
        }
    }

    @Test(
        "T4: after a transfer the guest key is on the new device, old tokens are dead, the target's guest account is lost, the source gets a new user"
    )
    func t4() async throws {
        try await withServer { server in
            let issuer = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(issuer)
            let target = try await server.guest()
            let r = try await transfer(server, target.device, id, password)
            #expect(r.resultCode == .success)
            #expect(r.body.member?.authList.map(\.authKey) == [target.device])
            #expect(
                try await server.client.tokenLogin(device: issuer.device, accessToken: issuer.token).resultCode
                    == .tokenLoginInvalidTokenInfo
            )
            let lost = try await server.member(target.userId).member
            #expect(lost?.valid == .lost)
            #expect(lost?.authList?.isEmpty == true)
            let source = try await server.guest(issuer.device)
            #expect(source.userId != issuer.userId)
            #expect(try await server.owner(.guest, target.device) == issuer.userId)
        }
    }

    @Test("T5: a transfer on the device that holds the account answers 8")
    func t5() async throws {
        try await withServer { server in
            let issuer = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(issuer)
            #expect(try await transfer(server, issuer.device, id, password).resultCode == .sameRequestor)
            #expect(
                try await server.client.logout(device: issuer.device, accessToken: issuer.token).resultCode == .success
            )
            #expect(try await transfer(server, issuer.device, id, password).resultCode == .sameRequestor)
        }
    }

    @Test("T6: query without an account answers 3046; issuing twice answers 3047")
    func t6() async throws {
        try await withServer { server in
            let s = try await server.guest()
            #expect(
                try await server.client.queryTransferAccount(device: s.device, accessToken: s.token).resultCode
                    == .transferAccountNotExist
            )
            let (id, _) = try await server.issueTransferAccount(s)
            #expect(
                try await server.client.issueTransferAccount(device: s.device, accessToken: s.token).resultCode
                    == .transferAccountAlreadyExistID
            )
            let q = try await server.client.queryTransferAccount(device: s.device, accessToken: s.token)
            #expect(q.body.transferAccount?.account.id == id)
            #expect(q.body.transferAccount?.account.password == nil)
            #expect(q.body.transferAccount?.issuedType == "ISSUED")
        }
    }

    @Test("T7: renew replaces the credentials at once; manual renew validates format and change (3, 3047)")
    func t7() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(s)
            let p = try await server.client.renewTransferAccount(
                device: s.device,
                accessToken: s.token,
                .auto("PASSWORD")
            )
            #expect(p.body.transferAccount?.issuedType == "RENEWED")
            #expect(p.body.transferAccount?.account.id == id)
            let newPassword = try #require(p.body.transferAccount?.account.password)
            #expect(newPassword != password)
            #expect(try await transfer(server, newDevice(), id, password).resultCode == .transferAccountInvalidPassword)
            let ip = try await server.client.renewTransferAccount(
                device: s.device,
                accessToken: s.token,
                .auto("ID_PASSWORD")
            )
            let newId = try #require(ip.body.transferAccount?.account.id)
            #expect(newId != id)
            #expect(try await transfer(server, newDevice(), id, newPassword).resultCode == .transferAccountInvalidID)
            func manual(_ i: String, _ pw: String) async throws -> ResultCode {
                try await server.client.renewTransferAccount(
                    device: s.device,
                    accessToken: s.token,
                    .manual(id: i, password: pw)
                ).resultCode
            }
            #expect(try await manual("12345", "Abcdefgh12") == .invalidParameter)
            #expect(try await manual("111122223333", "short") == .invalidParameter)
            #expect(try await manual(newId, "Abcdefgh12") == .invalidParameter)
            let other = try await server.guest()
            let (otherId, _) = try await server.issueTransferAccount(other)
            #expect(try await manual(otherId, "Abcdefgh12") == .transferAccountAlreadyExistID)
            #expect(try await manual("111122223333", "Abcdefgh12") == .success)
            #expect(try await manual("444455556666", "Abcdefgh12") == .invalidParameter)
            let r = try await transfer(server, newDevice(), "111122223333", "Abcdefgh12")
            #expect(r.resultCode == .success)
            #expect(r.body.member?.userId == s.userId)
        }
    }

    @Test(
        "T8: 3043 unknown id, 3044 wrong password, the N-th wrong password blocks until blockEndDate; the count resets"
    )
    func t8() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(s)
            #expect(
                try await transfer(server, newDevice(), "000000000000", password).resultCode
                    == .transferAccountInvalidID
            )
            for _ in 0..<4 {
                #expect(
                    try await transfer(server, newDevice(), id, "wrong").resultCode == .transferAccountInvalidPassword
                )
            }
            #expect(try await transfer(server, newDevice(), id, password).resultCode == .success)  // resets the count
            for _ in 0..<4 {
                #expect(
                    try await transfer(server, newDevice(), id, "wrong").resultCode == .transferAccountInvalidPassword
                )
            }
            let blocked = try await transfer(server, newDevice(), id, "wrong")
            #expect(blocked.resultCode == .transferAccountBlock)
            let info = try #require(blocked.body.failTransferAccount)
            #expect(info.id == id && info.status == "B" && info.failCount == 5 && info.appId == "gbfuzz")
            let clock = try #require(try await server.client.testClock().body.clock)
            #expect(abs(info.blockEndDate - (clock.now + 300_000)) < 5_000)
            #expect(try await transfer(server, newDevice(), id, password).resultCode == .transferAccountBlock)
            try await server.advance(seconds: 300)
            // The block ended and the count was reset: four wrong passwords do not block again.
            for _ in 0..<4 {
                #expect(
                    try await transfer(server, newDevice(), id, "wrong").resultCode == .transferAccountInvalidPassword
                )
            }
            #expect(try await transfer(server, newDevice(), id, password).resultCode == .success)
        }
    }

    @Test("T10: an expired TransferAccount answers 3041; a used one-time account answers 3048")
    func t10() async throws {
        var semantics = Semantics()
        semantics.transferAccount.expirySeconds = 60
        semantics.transferAccount.oneTime = true
        try await withServer(semantics) { server in
            let s = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(s)
            let q = try await server.client.queryTransferAccount(device: s.device, accessToken: s.token)
            #expect(q.body.transferAccount?.condition.transferAccountType == "ONE_TIME")
            #expect(q.body.transferAccount?.condition.expirationType == "LIMITED")
            #expect(try await transfer(server, newDevice(), id, password).resultCode == .success)
            #expect(try await transfer(server, newDevice(), id, password).resultCode == .transferAccountAlreadyUsed)
            let t = try await server.guest()
            let (id2, password2) = try await server.issueTransferAccount(t)
            try await server.advance(seconds: 60)
            #expect(try await transfer(server, newDevice(), id2, password2).resultCode == .transferAccountExpired)
        }
    }

    @Test("T11: generated ids and passwords follow the configured formats")
    func t11() async throws {
        for (idFormat, passwordFormat) in [
            (CredentialFormat.digits, CredentialFormat.digitsLowerUpper), (.digitsLower, .lowerUpper),
            (.digitsUpper, .digits),
        ] {
            var semantics = Semantics()
            semantics.transferAccount.idFormat = idFormat
            semantics.transferAccount.passwordFormat = passwordFormat
            try await withServer(semantics) { server in
                let (id, password) = try await server.issueTransferAccount(try await server.guest())
                #expect(id.count == idFormat.minimumLength && idFormat.accepts(id), "\(idFormat): \(id)")
                #expect(
                    password.count == passwordFormat.minimumLength && passwordFormat.accepts(password),
                    "\(passwordFormat): \(password)"
                )
            }
        }
    }

    @Test("T12: E13 validates credentials without transferring or counting")
    func t12() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(s)
            for _ in 0..<10 {
                #expect(
                    try await server.client.validateTransferAccount(id: id, password: "bad").resultCode
                        == .transferAccountWrongPasswordServer
                )
            }
            #expect(
                try await server.client.validateTransferAccount(id: "999999999999", password: "x").resultCode
                    == .transferAccountIDNotFoundServer
            )
            let ok = try await server.client.validateTransferAccount(id: id, password: password)
            #expect(ok.resultCode == .success)
            #expect(ok.body.member?.userId == s.userId)
            #expect(try await server.client.tokenLogin(device: s.device, accessToken: s.token).resultCode == .success)
            for _ in 0..<5 { _ = try await transfer(server, newDevice(), id, "wrong") }
            #expect(
                try await server.client.validateTransferAccount(id: id, password: password).resultCode
                    == .transferAccountBlockedServer
            )
        }
    }

    @Test("T13: the legacy TransferKey answers 10 when disabled, 9, 3033, 3032, 3031, 8, and is single-use")
    func t13() async throws {
        try await withServer { server in
            let s = try await server.guest()
            #expect(
                try await server.client.issueTransferKey(device: s.device, accessToken: s.token, expiresIn: 60)
                    .resultCode == .notSupported
            )
            #expect(
                try await server.client.transferKeyLogin(device: newDevice(), transferKey: "abcdefgh").resultCode
                    == .notSupported
            )
        }
        var semantics = Semantics()
        semantics.transferKey.enabled = true
        try await withServer(semantics) { server in
            let i = try await server.idp(.google, "t13-g")
            #expect(
                try await server.client.issueTransferKey(device: i.device, accessToken: i.token, expiresIn: 60)
                    .resultCode == .notGuestOrHasOthers
            )
            let s = try await server.guest()
            #expect(
                try await server.client.issueTransferKey(device: s.device, accessToken: s.token, expiresIn: 0)
                    .resultCode == .invalidParameter
            )
            let issued = try await server.client.issueTransferKey(device: s.device, accessToken: s.token, expiresIn: 60)
            let key = try #require(issued.body.transferKey?.transferKey)
            #expect(key.count == 8)
            #expect(
                try await server.client.transferKeyLogin(device: i.device, transferKey: key).resultCode
                    == .notGuestOrHasOthers
            )
            #expect(
                try await server.client.transferKeyLogin(device: s.device, transferKey: key).resultCode
                    == .sameRequestor
            )
            #expect(
                try await server.client.transferKeyLogin(device: newDevice(), transferKey: "zzzzzzzz").resultCode
                    == .transferKeyNotExist
            )
            let r = try await server.client.transferKeyLogin(device: newDevice(), transferKey: key)
            #expect(r.resultCode == .success)
            #expect(r.body.member?.userId == s.userId)
            #expect(
                try await server.client.transferKeyLogin(device: newDevice(), transferKey: key).resultCode
                    == .transferKeyConsumed
            )
            let t = try await server.guest()
            let k2 = try #require(
                try await server.client.issueTransferKey(device: t.device, accessToken: t.token, expiresIn: 60).body
                    .transferKey?.transferKey
            )
            let k3 = try #require(
                try await server.client.issueTransferKey(device: t.device, accessToken: t.token, expiresIn: 60).body
                    .transferKey?.transferKey
            )
            #expect(
                try await server.client.transferKeyLogin(device: newDevice(), transferKey: k2).resultCode
                    == .transferKeyNotExist
            )
            try await server.advance(seconds: 60)
            #expect(
                try await server.client.transferKeyLogin(device: newDevice(), transferKey: k3).resultCode
                    == .transferKeyExpired
            )
        }
    }

    @Test("T14: a TransferAccount dies when its user stops being guest-only")
    func t14() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(s)
            #expect(try await server.addMapping(s, .google, "t14-g").resultCode == .success)
            #expect(
                try await server.client.queryTransferAccount(device: s.device, accessToken: s.token).resultCode
                    == .transferAccountNotExist
            )
            #expect(try await transfer(server, newDevice(), id, password).resultCode == .transferAccountInvalidID)
        }
    }

    @Test("T14 with mapping.transferCredentials keep: the credentials survive a mapping and their transfer gets 9 (T2)")
    func t14Keep() async throws {
        var semantics = Semantics()
        semantics.mapping.transferCredentials = .keep
        semantics.transferKey.enabled = true
        try await withServer(semantics) { server in
            let s = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(s)
            let key = try await server.client.issueTransferKey(device: s.device, accessToken: s.token, expiresIn: 600)
            let k = try #require(key.body.transferKey?.transferKey)
            #expect(try await server.addMapping(s, .google, "t14-keep").resultCode == .success)
            #expect(
                try await server.client.queryTransferAccount(device: s.device, accessToken: s.token).resultCode
                    == .success
            )
            #expect(try await transfer(server, newDevice(), id, password).resultCode == .notGuestOrHasOthers)
            #expect(
                try await transfer(server, newDevice(), id, password + "x").resultCode
                    == .transferAccountInvalidPassword
            )
            #expect(
                try await server.client.transferKeyLogin(device: newDevice(), transferKey: k).resultCode
                    == .notGuestOrHasOthers
            )
        }
    }
}
