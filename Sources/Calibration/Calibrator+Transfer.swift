import Protocol

// TransferAccount (enabled, block threshold) and the legacy TransferKey (enabled).
extension Calibrator {
    /// A guest user issues a TransferAccount: success (enabled) or 3045 (disabled). Returns the
    /// credentials for ``failThreshold(_:)``.
    func transferAccountEnabled() async -> (decision: KnobDecision, credentials: TransferAccountCredentials?) {
        var log = ProbeLog()
        let d = device("transfer")
        guard let s = await guestLogin("guest login", d, &log) else {
            return (
                decision("transferAccount.enabled", Verdict<Bool>.undecided("a guest login failed"), log) { "\($0)" },
                nil
            )
        }
        let a = await log.send("issue a TransferAccount", "POST \(Endpoint.transferAccount(appId))") {
            try await client.issueTransferAccount(device: d, accessToken: s.token)
        }
        let verdict: Verdict<Bool>
        switch a.code {
        case .success?: verdict = .decided(true, because: "a guest user's TransferAccount is issued")
        case .transferAccountConsoleNoCondition?: verdict = .decided(false, because: "issuing gets 3045")
        default: verdict = .undecided("issuing got \(Self.text(a.code)), neither success nor 3045")
        }
        let credentials = a.isSuccess ? a.body?.transferAccount?.account : nil
        return (decision("transferAccount.enabled", verdict, log) { "\($0)" }, credentials)
    }

    /// Wrong passwords for one TransferAccount id from a fresh device until the block (3042):
    /// the threshold is the number of wrong passwords the 3042 answered.
    func failThreshold(_ credentials: TransferAccountCredentials?) async -> KnobDecision {
        var log = ProbeLog()
        let knob = "transferAccount.failThreshold"
        guard let credentials, let password = credentials.password else {
            return decision(knob, Verdict<Int>.undecided("no TransferAccount with a password was issued"), log) {
                "\($0)"
            }
        }
        let wrong = password == "gbfuzzWrong1" ? "gbfuzzWrong2" : "gbfuzzWrong1"
        var answers: [ResultCode?] = []
        for n in 1...max(1, settings.maxWrongPasswords) {
            let a = await log.send(
                "wrong password \(n)",
                "POST \(Endpoint.transferAccountLogin(appId)) {accountId: \(credentials.id)} (device \(device("block")))"
            ) {
                try await client.transferAccountLogin(
                    device: device("block"),
                    TransferAccountLoginRequest(accountId: credentials.id, accountPassword: wrong)
                )
            }
            answers.append(a.code)
            if a.code != .transferAccountInvalidPassword { break }
        }
        return decision(knob, Self.failThreshold(answers), log) { "\($0)" }
    }

    /// The decision of ``failThreshold(_:)`` from the answers to consecutive wrong passwords.
    package static func failThreshold(_ answers: [ResultCode?]) -> Verdict<Int> {
        guard let last = answers.last else { return .undecided("no wrong password was sent") }
        let before = answers.dropLast()
        guard before.allSatisfy({ $0 == .transferAccountInvalidPassword }) else {
            return .undecided(
                "a wrong password got \(Self.text(before.first { $0 != .transferAccountInvalidPassword } ?? nil))"
            )
        }
        switch last {
        case .transferAccountBlock?:
            return .decided(answers.count, because: "wrong password \(answers.count) got 3042, the ones before 3044")
        case .transferAccountInvalidPassword?:
            return .undecided("\(answers.count) wrong passwords in a row never blocked (3042)")
        default:
            return .undecided("wrong password \(answers.count) got \(Self.text(last))")
        }
    }

    /// Unknown ids from a fresh device (T15), one more than the account block's threshold: 3043
    /// every time → `ignored`; 3043s, then 3042 at the threshold → `perDevice`. Needs the threshold (the model blocks devices at
    /// the same count as accounts), so it is undecided when that is.
    func wrongIds(threshold: Int?) async -> KnobDecision {
        var log = ProbeLog()
        let knob = "transferAccount.wrongIds"
        guard let threshold else {
            return decision(knob, Verdict<WrongTransferIds>.undecided("the block threshold is undecided"), log) {
                $0.rawValue
            }
        }
        var answers: [ResultCode?] = []
        for n in 1...max(1, threshold) + 1 {
            let id = device("no-such-id-\(n)")
            let a = await log.send(
                "unknown id \(n)",
                "POST \(Endpoint.transferAccountLogin(appId)) {accountId: \(id)} (device \(device("wrong-ids")))"
            ) {
                try await client.transferAccountLogin(
                    device: device("wrong-ids"),
                    TransferAccountLoginRequest(accountId: id, accountPassword: "gbfuzzWrong1")
                )
            }
            answers.append(a.code)
            if a.code != .transferAccountInvalidID { break }
        }
        return decision(knob, Self.wrongIds(answers, threshold: threshold), log) { $0.rawValue }
    }

    /// The decision of ``wrongIds(threshold:)`` from the answers to consecutive unknown ids.
    package static func wrongIds(_ answers: [ResultCode?], threshold: Int) -> Verdict<WrongTransferIds> {
        guard let last = answers.last else { return .undecided("no unknown id was sent") }
        let before = answers.dropLast()
        guard before.allSatisfy({ $0 == .transferAccountInvalidID }) else {
            return .undecided(
                "an unknown id got \(Self.text(before.first { $0 != .transferAccountInvalidID } ?? nil))"
            )
        }
        switch last {
        case .transferAccountInvalidID? where answers.count > threshold:
            return .decided(.ignored, because: "\(answers.count) unknown ids from one device all got 3043")
        case .transferAccountBlock? where answers.count == threshold:
            return .decided(
                .perDevice,
                because: "unknown id \(answers.count) from one device got 3042, the ones before 3043"
            )
        case .transferAccountBlock?:
            return .undecided(
                "unknown id \(answers.count) got 3042, but wrong passwords block at \(threshold)"
            )
        default:
            return .undecided("unknown id \(answers.count) got \(Self.text(last))")
        }
    }

    /// A guest user issues a legacy TransferKey: success (enabled) or 10 (not supported).
    func transferKeyEnabled() async -> KnobDecision {
        var log = ProbeLog()
        let d = device("transferkey")
        guard let s = await guestLogin("guest login", d, &log) else {
            return decision("transferKey.enabled", Verdict<Bool>.undecided("a guest login failed"), log) { "\($0)" }
        }
        let a = await log.send("issue a TransferKey", "POST \(Endpoint.transferKey(appId)) {expiresIn: 600}") {
            try await client.issueTransferKey(device: d, accessToken: s.token, expiresIn: 600)
        }
        let verdict: Verdict<Bool>
        switch a.code {
        case .success?: verdict = .decided(true, because: "a guest user's TransferKey is issued")
        case .notSupported?: verdict = .decided(false, because: "issuing gets 10 NOT_SUPPORTED")
        default: verdict = .undecided("issuing got \(Self.text(a.code)), neither success nor 10")
        }
        return decision("transferKey.enabled", verdict, log) { "\($0)" }
    }
}
