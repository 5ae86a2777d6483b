import Protocol

/// `gbfuzz calibrate`: a short, deterministic probe campaign that decides, from a target's own
/// answers, the knobs of docs/PROTOCOL.md §5 where backends legitimately differ, so that a
/// campaign against that target judges it by its own dialect instead of reporting every
/// difference as a violation.
///
/// Each probe uses devices and IdP accounts of its own (named after ``Settings/salt``), so probes
/// never see each other's state and the same salt sends the same requests. A probe that does not
/// get the answers that would decide its knob leaves it undecided, saying why; it never guesses.
/// Probes that need what the target did not grant (an IdP token it accepts, the Server API) are
/// undecided for that reason.
package struct Calibrator: Sendable {
    package struct Settings: Sendable {
        /// Prefix of every device id and IdP id the probes use (fresh per calibration).
        package var salt: String
        /// The test IdP's HMAC secret, to mint IdP tokens the target accepts.
        package var idpSecret: String
        /// How the target checks IdP tokens, when known; `nil`: found out (``idp.tokenMode``).
        package var tokenMode: IdPTokenMode?
        /// Wrong passwords a probe sends at most before it calls the block threshold undecided.
        package var maxWrongPasswords: Int

        package init(
            salt: String,
            idpSecret: String = IdPTokenSigner.defaultSecret,
            tokenMode: IdPTokenMode? = nil,
            maxWrongPasswords: Int = 20
        ) {
            self.salt = salt
            self.idpSecret = idpSecret
            self.tokenMode = tokenMode
            self.maxWrongPasswords = maxWrongPasswords
        }
    }

    package let client: GamebaseClient
    package let settings: Settings
    let signer: IdPTokenSigner

    package init(client: GamebaseClient, settings: Settings) {
        self.client = client
        self.settings = settings
        self.signer = IdPTokenSigner(secret: settings.idpSecret)
    }

    var appId: String { client.appId }

    /// A device id of this calibration (`gbfuzz-cal-<salt>-<name>`).
    func device(_ name: String) -> String { "gbfuzz-cal-\(settings.salt)-\(name)" }

    /// An IdP account of this calibration.
    func account(_ code: IdPCode, _ name: String) -> IdPAccount {
        IdPAccount(code, "gbfuzz-cal-\(settings.salt)-\(name)")
    }

    /// Runs every probe, in a fixed order, and returns a decision for each knob.
    package func run() async -> [KnobDecision] {
        var out: [KnobDecision] = []
        out.append(await deviceBound())
        let idp = await idPAccess()
        out.append(await perDevice(idp.access))
        out.append(await messageForm())
        out.append(idp.decision)
        out.append(await configuredCodes(idp.access))
        out.append(await alreadyLoggedIn(idp.access))
        out.append(await missingIdPToken(idp.access))
        out += await forcing(idp.access)
        out.append(await unconfigured())
        out += await banCode()
        let transfer = await transferAccountEnabled()
        out.append(transfer.decision)
        let threshold = await failThreshold(transfer.credentials)
        out.append(threshold)
        out.append(await wrongIds(threshold: threshold.value.flatMap { Int($0) }))
        out.append(await transferKeyEnabled())
        out.append(await transferCredentials(idp.access))
        out.append(await fromGuest(idp.access))
        out.append(await goneMember())
        return out
    }

    /// A new guest session on `device`: its token and user, or `nil` (the probe is undecided).
    func guestLogin(_ what: String, _ device: String, _ log: inout ProbeLog) async -> (token: String, user: String)? {
        let a = await log.send(what, "POST \(Endpoint.login(appId)) {idPCode: guest} (device \(device))") {
            try await client.login(device: device, LoginRequest(idPCode: .guest))
        }
        guard a.isSuccess, let token = a.body?.token?.accessToken, let user = a.body?.member?.userId else { return nil }
        return (token, user)
    }

    /// The decision for `knob` from `verdict`, with `log`'s exchanges as its evidence.
    func decision<V>(_ knob: String, _ verdict: Verdict<V>, _ log: ProbeLog, yaml: (V) -> String) -> KnobDecision {
        KnobDecision(knob: knob, value: verdict.value.map(yaml), because: verdict.because, evidence: log.exchanges)
    }
}
