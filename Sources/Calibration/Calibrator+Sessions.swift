import Protocol

// L11 (tokens.deviceBound) and L10 (tokens.perDevice): guest logins only, so every target that
// offers guest login decides them.
extension Calibrator {
    /// A guest token presented from another device: refused as an invalid token while it still
    /// works from its own device (bound), or accepted as the same user (not bound).
    func deviceBound() async -> KnobDecision {
        var log = ProbeLog()
        let a = device("bound-a")
        let b = device("bound-b")
        guard let s = await guestLogin("guest login on device A", a, &log) else {
            return decision(
                "tokens.deviceBound",
                Verdict<Bool>.undecided("a guest login on a fresh device failed"),
                log
            ) {
                "\($0)"
            }
        }
        let path = "GET \(Endpoint.ownMember(appId))"
        let other = await log.send("A's token from device B", "\(path) (device \(b))") {
            try await client.getOwnMember(device: b, accessToken: s.token)
        }
        var own: ProbeAnswer?
        if other.code == .authInvalidGamebaseToken {
            own = await log.send("A's token from device A", "\(path) (device \(a))") {
                try await client.getOwnMember(device: a, accessToken: s.token)
            }
        }
        let verdict = Self.deviceBound(
            fromOtherDevice: other.code,
            sameUser: other.body?.member?.userId == s.user,
            fromOwnDevice: own?.code
        )
        return decision("tokens.deviceBound", verdict, log) { "\($0)" }
    }

    /// The decision of ``deviceBound()`` from its answers.
    package static func deviceBound(fromOtherDevice: ResultCode?, sameUser: Bool, fromOwnDevice: ResultCode?)
        -> Verdict<Bool>
    {
        switch fromOtherDevice {
        case .success? where sameUser:
            return .decided(false, because: "a token works from a device it was not issued to")
        case .authInvalidGamebaseToken?:
            guard fromOwnDevice == .success else {
                return .undecided("the token was refused from its own device too (\(Self.text(fromOwnDevice)))")
            }
            return .decided(true, because: "a token is refused (3011) from another device and works from its own")
        default:
            return .undecided("another device's token got \(Self.text(fromOtherDevice)), neither 3011 nor its user")
        }
    }

    /// Two guest logins on one device, then the first token: revoked (one token per device) or
    /// still live (several). With an IdP token the target accepts, also one user on two devices:
    /// a target that revokes per user (one session per user) is not per device, and stays undecided.
    func perDevice(_ access: IdPAccess?) async -> KnobDecision {
        var log = ProbeLog()
        let d = device("perdevice")
        guard let first = await guestLogin("guest login", d, &log),
            let second = await guestLogin("guest login again on the same device", d, &log)
        else {
            return decision("tokens.perDevice", Verdict<TokensPerDevice>.undecided("a guest login failed"), log) {
                $0.rawValue
            }
        }
        var earlier: ResultCode?
        if first.token != second.token {
            earlier = await log.send("the first token, after the second login", "GET \(Endpoint.ownMember(appId))") {
                try await client.getOwnMember(device: d, accessToken: first.token)
            }.code
        }
        var verdict = Self.perDevice(sameToken: first.token == second.token, earlierToken: earlier)
        if verdict.value != nil, let access {
            let acct = account(access.code, "peruser")
            let p = await idPLogin("IdP login on device P", device("peruser-p"), acct, access.mode, &log)
            let q = await idPLogin("the same account on device Q", device("peruser-q"), acct, access.mode, &log)
            if let t = p.body?.token?.accessToken, q.isSuccess {
                let onP = await log.send("P's token after the login on Q", "GET \(Endpoint.ownMember(appId))") {
                    try await client.getOwnMember(device: device("peruser-p"), accessToken: t)
                }
                if onP.code != .success {
                    verdict = .undecided(
                        "a login on another device revoked the user's token (\(Self.text(onP.code))): sessions per user, not per device"
                    )
                }
            }
        }
        return decision("tokens.perDevice", verdict, log) { $0.rawValue }
    }

    /// The decision of ``perDevice()`` from its answers.
    package static func perDevice(sameToken: Bool, earlierToken: ResultCode?) -> Verdict<TokensPerDevice> {
        if sameToken {
            return .undecided("the second login returned the same token (gbfuzz models a new token per login)")
        }
        switch earlierToken {
        case .authInvalidGamebaseToken?:
            return .decided(.one, because: "a second login on a device revokes its first token (3011)")
        case .success?:
            return .decided(.many, because: "a device's earlier token stays live after another login there")
        default:
            return .undecided("the earlier token got \(Self.text(earlierToken)), neither 3011 nor success")
        }
    }

    /// Whether `header.resultMessage` is the code's name (optionally `": "` and a detail), on a
    /// success and on three kinds of failure.
    func messageForm() async -> KnobDecision {
        var log = ProbeLog()
        let d = device("message")
        let success = await log.send("guest login", "POST \(Endpoint.login(appId)) {idPCode: guest}") {
            try await client.login(device: d, LoginRequest(idPCode: .guest))
        }
        let failure = await log.send("a token nobody issued", "GET \(Endpoint.ownMember(appId))") {
            try await client.getOwnMember(device: d, accessToken: "gbfuzz-calibration-not-a-token")
        }
        let noToken = await log.send("token login without a token", "POST \(Endpoint.tokenLogin(appId))") {
            try await client.tokenLogin(device: d, accessToken: nil)
        }
        let unknownIdP = await log.send("login with an IdP code nobody has", "POST \(Endpoint.login(appId))") {
            try await client.login(device: d, LoginRequest(idPCode: "gbfuzzcalibration", accessToken: "x"))
        }
        let headers = [success, failure, noToken, unknownIdP].compactMap { a -> ResponseHeader? in
            if case .reply(let r) = a { return r.header }
            return nil
        }
        return decision("shapes.resultMessage", Self.messageForm(headers), log) { $0.rawValue }
    }

    /// The decision of ``messageForm()``: every message the code's name is `codeName`, any other `free`.
    package static func messageForm(_ headers: [ResponseHeader]) -> Verdict<ResultMessageForm> {
        guard headers.count >= 2 else { return .undecided("fewer than two Gamebase answers") }
        let named = headers.allSatisfy { h in
            let name = h.resultCode.name
            return h.resultMessage == name || h.resultMessage.hasPrefix(name + ": ")
        }
        return named
            ? .decided(.codeName, because: "every resultMessage is its code's name")
            : .decided(.free, because: "a resultMessage is not its code's name")
    }

    /// A guest withdraws; its token then asks for its member and logs in: 3011 and 3102 as any dead
    /// token (`invalidToken`), or one member code for both (3003, 6 or 3004).
    func goneMember() async -> KnobDecision {
        var log = ProbeLog()
        let knob = "tokens.goneMember"
        let d = device("gone")
        guard let s = await guestLogin("guest login", d, &log) else {
            return decision(knob, Verdict<GoneMember>.undecided("a guest login on a fresh device failed"), log) {
                $0.rawValue
            }
        }
        let w = await log.send("withdraw", "DELETE \(Endpoint.ownMember(appId))") {
            try await client.withdraw(device: d, accessToken: s.token)
        }
        guard w.isSuccess else {
            return decision(knob, Verdict<GoneMember>.undecided("the withdrawal got \(Self.text(w.code))"), log) {
                $0.rawValue
            }
        }
        let member = await log.send("the withdrawn member's token", "GET \(Endpoint.ownMember(appId))") {
            try await client.getOwnMember(device: d, accessToken: s.token)
        }
        let login = await log.send("token login with it", "POST \(Endpoint.tokenLogin(appId))") {
            try await client.tokenLogin(device: d, accessToken: s.token)
        }
        return decision(knob, Self.goneMember(member: member.code, tokenLogin: login.code), log) { $0.rawValue }
    }

    /// The decision of ``goneMember()`` from what the withdrawn member's token got.
    package static func goneMember(member: ResultCode?, tokenLogin: ResultCode?) -> Verdict<GoneMember> {
        if member == .authInvalidGamebaseToken, tokenLogin == .tokenLoginInvalidTokenInfo {
            return .decided(
                .invalidToken,
                because: "the withdrawn member's token gets 3011 and 3102, as any dead token"
            )
        }
        if let value = GoneMember.allCases.first(where: { $0.code != nil && $0.code == member }), tokenLogin == member {
            return .decided(value, because: "the withdrawn member's token gets \(text(member)) for both calls")
        }
        return .undecided(
            "the withdrawn member's token got \(text(member)) and \(text(tokenLogin)) (token login): not one documented answer"
        )
    }

    static func text(_ code: ResultCode?) -> String { code.map { "\($0)" } ?? "no Gamebase answer" }
}
