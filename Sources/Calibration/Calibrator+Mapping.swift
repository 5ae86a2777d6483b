import Protocol

// What a mapping does to a guest-only user: mapping.fromGuest (M4: its guest entry and logged-in
// IdP) and mapping.transferCredentials (T14: its TransferAccount or TransferKey).
extension Calibrator {
    /// A guest user maps a fresh IdP account: the answer's `authList` and `lastLoggedInProvider`
    /// tell whether the guest entry went and the session moved to the new IdP (replace) or both
    /// stayed (keep).
    func fromGuest(_ access: IdPAccess?) async -> KnobDecision {
        var log = ProbeLog()
        let knob = "mapping.fromGuest"
        let yaml: (MappingFromGuest) -> String = { $0.rawValue }
        guard let access else {
            return decision(
                knob,
                Verdict<MappingFromGuest>.undecided("no IdP token form the target accepts"),
                log,
                yaml: yaml
            )
        }
        let d = device("from-guest")
        guard let s = await guestLogin("guest login", d, &log) else {
            return decision(knob, Verdict<MappingFromGuest>.undecided("a guest login failed"), log, yaml: yaml)
        }
        let mapped = account(access.code, "from-guest")
        let m = await log.send("map an IdP account", "POST \(Endpoint.mappings(appId)) {idPCode: \(mapped.idPCode)}") {
            try await client.addMapping(
                device: d,
                accessToken: s.token,
                AddMappingRequest(idPCode: mapped.idPCode, accessToken: token(mapped, access.mode))
            )
        }
        let verdict: Verdict<MappingFromGuest>
        if m.isSuccess, let body = m.body, let member = body.member {
            verdict = Self.fromGuest(
                authList: member.authList.map(\.idPCode),
                loggedIn: body.lastLoggedInProvider,
                mapped: mapped.idPCode
            )
        } else {
            verdict = .undecided("mapping a fresh IdP account got \(Self.text(m.code)) without a member")
        }
        return decision(knob, verdict, log, yaml: yaml)
    }

    /// The decision of ``fromGuest(_:)`` from the mapping's answer.
    package static func fromGuest(authList: [IdPCode], loggedIn: IdPCode?, mapped: IdPCode) -> Verdict<MappingFromGuest>
    {
        let keptGuest = authList.contains(.guest)
        switch (keptGuest, loggedIn) {
        case (false, mapped?):
            return .decided(.replace, because: "the guest entry went and the session moved to \(mapped)")
        case (true, .guest?): return .decided(.keep, because: "the guest entry and the guest session stayed")
        default:
            return .undecided(
                "authList \(keptGuest ? "kept" : "lost") guest, logged-in IdP \(loggedIn.map(\.rawValue) ?? "absent"): neither reading"
            )
        }
    }

    /// The transfer credentials a probe issued: a TransferAccount's id and password, or a TransferKey.
    enum IssuedCredentials: Sendable {
        case account(id: String, password: String)
        case key(String)
    }

    /// A guest user issues a TransferAccount (or, where those are off, a TransferKey), maps an IdP
    /// account, and a fresh device logs in with the credentials: 3043 or 3033 (deleted) or 9
    /// (kept, refused because the account is no longer guest-only).
    func transferCredentials(_ access: IdPAccess?) async -> KnobDecision {
        var log = ProbeLog()
        let knob = "mapping.transferCredentials"
        let yaml: (TransferCredentialsOnMapping) -> String = { $0.rawValue }
        func undecided(_ why: String) -> KnobDecision {
            decision(knob, Verdict<TransferCredentialsOnMapping>.undecided(why), log, yaml: yaml)
        }
        guard let access else { return undecided("no IdP token form the target accepts") }
        let d = device("transfer-mapping")
        guard let s = await guestLogin("guest login", d, &log) else { return undecided("a guest login failed") }
        guard let issued = await issueCredentials(d, s.token, &log) else {
            return undecided("neither a TransferAccount nor a TransferKey could be issued")
        }
        let mapped = account(access.code, "transfer-mapping")
        let m = await log.send("map an IdP account", "POST \(Endpoint.mappings(appId)) {idPCode: \(mapped.idPCode)}") {
            try await client.addMapping(
                device: d,
                accessToken: s.token,
                AddMappingRequest(idPCode: mapped.idPCode, accessToken: token(mapped, access.mode))
            )
        }
        guard m.isSuccess else { return undecided("mapping a fresh IdP account got \(Self.text(m.code))") }
        let target = device("transfer-mapping-target")
        let login: ProbeAnswer
        switch issued {
        case .account(let id, let password):
            login = await log.send(
                "transfer login with the mapped user's TransferAccount",
                "POST \(Endpoint.transferAccountLogin(appId)) {accountId: \(id)} (device \(target))"
            ) {
                try await client.transferAccountLogin(
                    device: target,
                    TransferAccountLoginRequest(accountId: id, accountPassword: password)
                )
            }
        case .key(let key):
            login = await log.send(
                "transfer login with the mapped user's TransferKey",
                "POST \(Endpoint.transferKeyLogin(appId)) {transferKey: \(key)} (device \(target))"
            ) {
                try await client.transferKeyLogin(device: target, transferKey: key)
            }
        }
        return decision(knob, Self.transferCredentials(login.code), log, yaml: yaml)
    }

    /// Issues a TransferAccount, or a TransferKey when that fails; `nil` when neither is issued.
    private func issueCredentials(_ d: String, _ token: String, _ log: inout ProbeLog) async -> IssuedCredentials? {
        let a = await log.send("issue a TransferAccount", "POST \(Endpoint.transferAccount(appId))") {
            try await client.issueTransferAccount(device: d, accessToken: token)
        }
        if a.isSuccess, let c = a.body?.transferAccount?.account, let password = c.password {
            return .account(id: c.id, password: password)
        }
        let k = await log.send("issue a TransferKey", "POST \(Endpoint.transferKey(appId)) {expiresIn: 600}") {
            try await client.issueTransferKey(device: d, accessToken: token, expiresIn: 600)
        }
        guard k.isSuccess, let key = k.body?.transferKey?.transferKey else { return nil }
        return .key(key)
    }

    /// The decision of ``transferCredentials(_:)`` from the transfer login's answer.
    package static func transferCredentials(_ login: ResultCode?) -> Verdict<TransferCredentialsOnMapping> {
        switch login {
        case .transferAccountInvalidID?, .transferKeyNotExist?:
            return .decided(.delete, because: "the mapped user's credentials got \(text(login)): deleted")
        case .notGuestOrHasOthers?:
            return .decided(.keep, because: "the mapped user's credentials got 9: kept, refused")
        default:
            return .undecided("the mapped user's credentials got \(text(login)), neither 3043/3033 nor 9")
        }
    }

    /// A guest user maps an IdP account another user owns: 3302 with a forcing ticket
    /// (`mapping.forcing: ticket`), which carries `idPId` (`shapes.ticketIdPId: required`) or not
    /// (`optional`); or 3302 without one, and add mapping forcibly has no route (`forcing: none`).
    func forcing(_ access: IdPAccess?) async -> [KnobDecision] {
        var log = ProbeLog()
        let knobs = ("mapping.forcing", "shapes.ticketIdPId")
        func both(_ why: String) -> [KnobDecision] {
            [
                decision(knobs.0, Verdict<ForcingRemedy>.undecided(why), log, yaml: \.rawValue),
                decision(knobs.1, Verdict<FieldPresence>.undecided(why), log, yaml: \.rawValue),
            ]
        }
        guard let access else { return both("no IdP token form the target accepts") }
        let owned = account(access.code, "ticket")
        let owner = await idPLogin("IdP login that creates its owner", device("ticket-owner"), owned, access.mode, &log)
        guard owner.isSuccess, let s = await guestLogin("guest login", device("ticket"), &log) else {
            return both("a login to set the probe up failed")
        }
        let a = await log.send("map the owned account", "POST \(Endpoint.mappings(appId)) {idPCode: \(owned.idPCode)}")
        {
            try await client.addMapping(
                device: device("ticket"),
                accessToken: s.token,
                AddMappingRequest(idPCode: owned.idPCode, accessToken: token(owned, access.mode))
            )
        }
        let ticket = a.code == .addMappingAlreadyMappedToOtherMember ? a.body?.forcingMappingTicket : nil
        var route: ProbeAnswer?
        if a.code == .addMappingAlreadyMappedToOtherMember, ticket == nil {
            let f = await log.send(
                "add mapping forcibly with a key never issued",
                "POST \(Endpoint.mappingsForcibly(appId)) {forcingMappingKey: gbfuzz-cal-none}"
            ) {
                try await client.addMappingForcibly(
                    device: device("ticket"),
                    accessToken: s.token,
                    ForcingMappingRequest(
                        forcingMappingKey: "gbfuzz-cal-none",
                        idPCode: owned.idPCode,
                        accessToken: token(owned, access.mode)
                    )
                )
            }
            route = f
        }
        let shape: Verdict<FieldPresence> =
            if let ticket {
                ticket.idPId == nil
                    ? .decided(.optional, because: "the 3302 ticket has no idPId")
                    : .decided(.required, because: "the 3302 ticket carries idPId")
            } else {
                .undecided("mapping an owned account got \(Self.text(a.code)) without a forcing ticket")
            }
        return [
            decision(
                knobs.0,
                Self.forcing(
                    conflict: a.code,
                    hasTicket: ticket != nil,
                    forcedRoute: route?.code,
                    foreignStatus: route?.foreignStatus
                ),
                log,
                yaml: \.rawValue
            ),
            decision(knobs.1, shape, log, yaml: \.rawValue),
        ]
    }

    /// The decision of ``forcing(_:)``: the mapping's answer, and (when its 3302 carried no ticket)
    /// what add mapping forcibly answered: a Gamebase code, or `foreignStatus`, the HTTP status of
    /// an answer that is not a Gamebase envelope (both `nil`: no answer at all).
    package static func forcing(conflict: ResultCode?, hasTicket: Bool, forcedRoute: ResultCode?, foreignStatus: Int?)
        -> Verdict<ForcingRemedy>
    {
        guard conflict == .addMappingAlreadyMappedToOtherMember else {
            return .undecided("mapping an owned account got \(text(conflict)), not 3302")
        }
        if hasTicket { return .decided(.ticket, because: "3302 carries a forcing ticket") }
        if forcedRoute == .wrongURI {
            return .decided(
                .noTicket,
                because: "3302 carries no ticket and add mapping forcibly answers -4060003: no such route"
            )
        }
        if forcedRoute == nil, let status = foreignStatus, [404, 405].contains(status) {
            return .decided(
                .noTicket,
                because: "3302 carries no ticket and add mapping forcibly gets HTTP \(status): no such route"
            )
        }
        if forcedRoute == nil, foreignStatus == nil {
            return .undecided("3302 carries no ticket; add mapping forcibly got no answer")
        }
        return .undecided(
            "3302 carries no ticket, yet add mapping forcibly answers \(forcedRoute.map(text) ?? "HTTP \(foreignStatus ?? 0)")"
        )
    }
}
