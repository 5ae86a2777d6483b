import Protocol

// Codes the editions give differently: an IdP code the app does not have (L13) and a banned
// member (B1).
extension Calibrator {
    /// An IdP code no app configures, in a login and in a mapping: 3202 / 3304 (the console has
    /// no information on it) or 3002 (not a supported method).
    func unconfigured() async -> KnobDecision {
        var log = ProbeLog()
        let code = IdPCode("gbfuzzcalibration")
        let login = await log.send(
            "login with an IdP code nobody configures",
            "POST \(Endpoint.login(appId)) {idPCode: \(code)}"
        ) {
            try await client.login(
                device: device("unconfigured"),
                LoginRequest(idPCode: code, accessToken: "gbfuzz-calibration")
            )
        }
        var mapping: ResultCode?
        if let s = await guestLogin("guest login", device("unconfigured-map"), &log) {
            mapping = await log.send("mapping with that code", "POST \(Endpoint.mappings(appId)) {idPCode: \(code)}") {
                try await client.addMapping(
                    device: device("unconfigured-map"),
                    accessToken: s.token,
                    AddMappingRequest(idPCode: code, accessToken: "gbfuzz-calibration")
                )
            }.code
        }
        return decision("idp.unconfigured", Self.unconfigured(login: login.code, mapping: mapping), log) { $0.rawValue }
    }

    /// The decision of ``unconfigured()`` from its answers.
    package static func unconfigured(login: ResultCode?, mapping: ResultCode?) -> Verdict<UnconfiguredIdP> {
        switch (login, mapping) {
        case (.idpLoginInvalidIdPInfo?, .addMappingInvalidIdPInfo?):
            return .decided(.console, because: "3202 for the login and 3304 for the mapping")
        case (.authNotSupportedProvider?, .authNotSupportedProvider?):
            return .decided(.notSupported, because: "3002 for the login and the mapping")
        default:
            return .undecided("the login got \(Self.text(login)) and the mapping \(Self.text(mapping))")
        }
    }

    /// A guest user banned through the Server API (E8) logs in again: 7 or 3005, and whether its
    /// `banInfo` carries `csInfo` and `csUrl` (`shapes.banInfoContact`). The ban is released
    /// afterwards (E11).
    func banCode() async -> [KnobDecision] {
        var log = ProbeLog()
        let d = device("ban")
        guard let s = await guestLogin("guest login", d, &log) else {
            return banDecisions(.undecided("a guest login failed"), nil, nil, log)
        }
        let banned = await log.sendServer("E8 permanent ban of that user", "POST \(Endpoint.ban(appId))") {
            try await client.ban(
                BanRequest(userIdList: [s.user], banTypeCode: "PERMANENT", banReason: "gbfuzz calibrate")
            )
        }
        guard banned == .success else {
            let why = "the Server API did not ban (\(Self.text(banned))): no secret key, or no E8"
            return banDecisions(.undecided(why), nil, nil, log)
        }
        // The login first (refused, so the token stays), then the token: a cache of the session
        // from before the ban has had the login's time to expire.
        let login = await log.send("guest login of the banned user", "POST \(Endpoint.login(appId)) {idPCode: guest}") {
            try await client.login(device: d, LoginRequest(idPCode: .guest))
        }
        let call = await log.send("the banned user's live token", "GET \(Endpoint.ownMember(appId))") {
            try await client.getOwnMember(device: d, accessToken: s.token)
        }
        _ = await log.sendServer("E11 release", "DELETE \(Endpoint.ban(appId))") {
            try await client.banRelease(BanReleaseRequest(userIdList: [s.user], banReleaseReason: "gbfuzz calibrate"))
        }
        var verdict = Self.banCode(login.code)
        if let code = verdict.value, let other = call.code, BanSemantics.codes.contains(other), other != code {
            verdict = .undecided("the login got \(code) and an authenticated call \(other): gbfuzz has one ban code")
        }
        return banDecisions(verdict, verdict.value == nil ? nil : login.body?.banInfo, call.code, log)
    }

    /// `ban.code` and `shapes.banInfoContact` from one probe (the contact fields of the banned
    /// login's `banInfo`: both present is required, both absent optional, else undecided).
    private func banDecisions(
        _ code: Verdict<ResultCode>,
        _ info: BanInfo?,
        _ call: ResultCode?,
        _ log: ProbeLog
    ) -> [KnobDecision] {
        [
            decision("ban.code", code, log) { "\($0.rawValue)" },
            decision("ban.scope", Self.banScope(call, code: code), log) { $0.rawValue },
            decision("shapes.banInfoContact", Self.banInfoContact(info, code: code), log) { $0.rawValue },
        ]
    }

    /// The decision of `ban.scope` from the banned user's authenticated call: the ban code (every
    /// call) or success (logins only).
    package static func banScope(_ call: ResultCode?, code: Verdict<ResultCode>) -> Verdict<BanScope> {
        guard let banCode = code.value else { return .undecided(code.because) }
        switch call {
        case banCode?: return .decided(.everyCall, because: "a banned user's live token gets \(banCode) too")
        case .success?: return .decided(.loginsOnly, because: "a banned user's live token still works")
        default: return .undecided("a banned user's live token got \(Self.text(call))")
        }
    }

    /// The decision of `shapes.banInfoContact` from the banned login's `banInfo`.
    package static func banInfoContact(_ info: BanInfo?, code: Verdict<ResultCode>) -> Verdict<FieldPresence> {
        guard let info else {
            return .undecided(code.value == nil ? code.because : "the banned login carried no banInfo")
        }
        switch (info.csInfo, info.csUrl) {
        case (.some, .some): return .decided(.required, because: "banInfo carries csInfo and csUrl")
        case (nil, nil): return .decided(.optional, because: "banInfo carries neither csInfo nor csUrl")
        default: return .undecided("banInfo carries one of csInfo and csUrl")
        }
    }

    /// The decision of ``banCode()`` from its answer.
    package static func banCode(_ login: ResultCode?) -> Verdict<ResultCode> {
        guard let login, BanSemantics.codes.contains(login) else {
            return .undecided("the banned user's login got \(Self.text(login)), neither 7 nor 3005")
        }
        return .decided(login, because: "a banned user's login gets \(login)")
    }
}
