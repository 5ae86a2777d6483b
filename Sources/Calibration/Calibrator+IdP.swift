import Protocol

/// An IdP account login the target accepts: the code, how its tokens are made, the device and the
/// user it created.
struct IdPAccess: Sendable {
    var code: IdPCode
    var mode: IdPTokenMode
}

// idp.tokenMode, idp.codes and L7 (login.alreadyLoggedIn): these need IdP tokens the target
// accepts (the test IdP's, signed with the shared secret, or plain ids).
extension Calibrator {
    /// The codes tried, in order, for an IdP login the target accepts (LINE needs a region).
    static let accessCandidates: [IdPCode] = [.google, .facebook, .appleid, .twitter, .naver, .payco, .steam]

    /// The token for `account` under `mode`.
    func token(_ account: IdPAccount, _ mode: IdPTokenMode) -> String {
        mode == .hmac ? signer.mint(account) : account.idPId
    }

    func idPLogin(
        _ what: String,
        _ device: String,
        _ account: IdPAccount,
        _ mode: IdPTokenMode,
        ignoreAlreadyLoggedIn: Bool? = nil,
        _ log: inout ProbeLog
    ) async -> ProbeAnswer {
        let region = account.idPCode == .line ? IdPCode.lineRegions.first : nil
        let flag = ignoreAlreadyLoggedIn.map { ", ignoreAlreadyLoggedIn: \($0)" } ?? ""
        return await log.send(
            what,
            "POST \(Endpoint.login(appId)) {idPCode: \(account.idPCode), \(mode) token of \(account.idPId)\(flag)} (device \(device))"
        ) {
            try await client.login(
                device: device,
                LoginRequest(
                    idPCode: account.idPCode,
                    accessToken: token(account, mode),
                    additionalInfo: region.map { AdditionalInfo(lineChannelRegion: $0) },
                    ignoreAlreadyLoggedIn: ignoreAlreadyLoggedIn
                )
            )
        }
    }

    /// Finds an IdP code and a token form the target accepts: a login with a fresh account per
    /// try. 3202/3002 (that code is not configured) moves to the next code, 3201 (the token was
    /// refused) to the next token form. Plain ids are tried first: a plain-mode target takes any
    /// token as the id, a signed one too, while an HMAC target refuses a bare id, so a success with
    /// a signed token only after a refused bare id is an HMAC target.
    func idPAccess() async -> (decision: KnobDecision, access: IdPAccess?) {
        var log = ProbeLog()
        let modes: [IdPTokenMode] = settings.tokenMode.map { [$0] } ?? [.plain, .hmac]
        var refused: Set<IdPTokenMode> = []
        var tries = 0
        candidates: for code in Self.accessCandidates {
            for mode in modes where !refused.contains(mode) {
                tries += 1
                let a = await idPLogin(
                    "IdP login with a fresh account",
                    device("idp-\(tries)"),
                    account(code, "idp-\(tries)"),
                    mode,
                    &log
                )
                switch a.code {
                case .success?:
                    let access = IdPAccess(code: code, mode: mode)
                    let because =
                        settings.tokenMode == nil
                        ? "the target accepts \(mode) IdP tokens (\(code))"
                        : "given (--idp-token-mode); the target accepts it (\(code))"
                    return (
                        decision("idp.tokenMode", Verdict.decided(mode, because: because), log) { $0.rawValue }, access
                    )
                case .idpLoginInvalidIdPInfo?, .authNotSupportedProvider?:
                    continue candidates  // not configured: the next code
                case .idpLoginFailed?:
                    refused.insert(mode)
                default:
                    let verdict = Verdict<IdPTokenMode>.undecided(
                        "an IdP login got \(Self.text(a.code)), neither success, 3201 nor 3202"
                    )
                    return (decision("idp.tokenMode", verdict, log) { $0.rawValue }, nil)
                }
            }
            if refused.count == modes.count { break }
        }
        let verdict = Verdict<IdPTokenMode>.undecided(
            refused.count == modes.count
                ? "the target refused every IdP token form tried (3201): its IdP secret or token form differs"
                : "none of \(Self.accessCandidates.map(\.rawValue).joined(separator: ", ")) is configured"
        )
        return (decision("idp.tokenMode", verdict, log) { $0.rawValue }, nil)
    }

    /// One login per documented IdP code (a fresh device and account each): configured unless it
    /// gets 3202 or 3002. Undecided when a code gets anything else.
    func configuredCodes(_ access: IdPAccess?) async -> KnobDecision {
        var log = ProbeLog()
        let yaml: ([IdPCode]) -> String = { "[\($0.map(\.rawValue).joined(separator: ", "))]" }
        guard let access else {
            return decision(
                "idp.codes",
                Verdict<[IdPCode]>.undecided("no IdP token form the target accepts"),
                log,
                yaml: yaml
            )
        }
        var configured: [IdPCode] = []
        for (i, code) in IdPCode.documented.enumerated() {
            let a: ProbeAnswer
            if code == .guest {
                a = await log.send("guest login", "POST \(Endpoint.login(appId)) {idPCode: guest}") {
                    try await client.login(device: device("codes-\(i)"), LoginRequest(idPCode: .guest))
                }
            } else {
                a = await idPLogin(
                    "login with \(code)",
                    device("codes-\(i)"),
                    account(code, "codes-\(i)"),
                    access.mode,
                    &log
                )
            }
            switch a.code {
            case .success?: configured.append(code)
            case .idpLoginInvalidIdPInfo?, .authNotSupportedProvider?: break
            default:
                return decision(
                    "idp.codes",
                    Verdict<[IdPCode]>.undecided("a login with \(code) got \(Self.text(a.code))"),
                    log,
                    yaml: yaml
                )
            }
        }
        guard !configured.isEmpty else {
            return decision("idp.codes", Verdict<[IdPCode]>.undecided("no code logged in"), log, yaml: yaml)
        }
        return decision(
            "idp.codes",
            .decided(configured, because: "a login succeeds with exactly these codes (3202 or 3002 with the others)"),
            log,
            yaml: yaml
        )
    }

    /// L7: a device logged in as a guest user logs in with an IdP account another user owns,
    /// without `ignoreAlreadyLoggedIn`: refused, then accepted with the flag (reject), or accepted
    /// at once (allow).
    func alreadyLoggedIn(_ access: IdPAccess?) async -> KnobDecision {
        var log = ProbeLog()
        let knob = "login.alreadyLoggedIn"
        guard let access else {
            return decision(knob, Verdict<AlreadyLoggedIn>.undecided("no IdP token form the target accepts"), log) {
                $0.rawValue
            }
        }
        let owned = account(access.code, "switch")
        let owner = await idPLogin("IdP login that creates its owner", device("switch-owner"), owned, access.mode, &log)
        guard owner.isSuccess, let ownerId = owner.body?.member?.userId,
            await guestLogin("guest login on device S", device("switch"), &log) != nil
        else {
            return decision(knob, Verdict<AlreadyLoggedIn>.undecided("a login to set the probe up failed"), log) {
                $0.rawValue
            }
        }
        let plain = await idPLogin("the owner's IdP account on device S", device("switch"), owned, access.mode, &log)
        var flagged: ProbeAnswer?
        if !plain.isSuccess {
            flagged = await idPLogin(
                "the same with the flag",
                device("switch"),
                owned,
                access.mode,
                ignoreAlreadyLoggedIn: true,
                &log
            )
        }
        let verdict = Self.alreadyLoggedIn(
            withoutFlag: plain.code,
            sameUser: plain.body?.member?.userId == ownerId,
            withFlag: flagged?.code,
            flaggedSameUser: flagged?.body?.member?.userId == ownerId
        )
        return decision(knob, verdict, log) { $0.rawValue }
    }

    /// The decision of ``alreadyLoggedIn(_:)`` from its answers.
    package static func alreadyLoggedIn(
        withoutFlag: ResultCode?,
        sameUser: Bool,
        withFlag: ResultCode?,
        flaggedSameUser: Bool = true
    ) -> Verdict<
        AlreadyLoggedIn
    > {
        switch withoutFlag {
        case .success? where sameUser:
            return .decided(.allow, because: "a logged-in device switches users without ignoreAlreadyLoggedIn")
        case .idpLoginFailed? where withFlag == .success && flaggedSameUser:
            return .decided(.reject, because: "switching users needs ignoreAlreadyLoggedIn (3201 without it)")
        case .idpLoginFailed?:
            return .undecided("3201 without the flag and \(Self.text(withFlag)) with it: not the L7 check")
        default:
            return .undecided("switching users got \(Self.text(withoutFlag))")
        }
    }

    /// An IdP login without `accessToken`: -4000002 (bad input) or 3203 (log in to the IdP first).
    func missingIdPToken(_ access: IdPAccess?) async -> KnobDecision {
        var log = ProbeLog()
        let code = access?.code ?? .google
        let a = await log.send("IdP login without an accessToken", "POST \(Endpoint.login(appId)) {idPCode: \(code)}") {
            try await client.login(device: device("notoken"), LoginRequest(idPCode: code))
        }
        return decision("login.missingIdPToken", Self.missingIdPToken(a.code), log) { $0.rawValue }
    }

    /// The decision of ``missingIdPToken(_:)`` from its answer.
    package static func missingIdPToken(_ code: ResultCode?) -> Verdict<MissingIdPToken> {
        switch code {
        case .missingParameter?: .decided(.badInput, because: "a login without its IdP token is -4000002")
        case .idpLoginExternalAuthRequired?:
            .decided(.externalAuthRequired, because: "a login without its IdP token is 3203")
        default: .undecided("a login without its IdP token got \(Self.text(code))")
        }
    }
}
