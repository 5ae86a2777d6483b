import Basics
import Model
import Protocol

// Model-guided generation: pick a kind by weight, then arguments from the primary model state —
// mostly ones whose preconditions hold, a configurable share adversarial.
extension Player {
    /// The next operation to send. `now` is the estimated server time (for absolute inputs).
    package mutating func next(now: Int64, preferring preferred: OperationKind? = nil) -> PlannedOperation {
        var action: Action?
        if let b = burst { action = planBurst(b) } else if let b = idBurst { action = planIdBurst(b) }
        if action == nil, let f = focus { action = planFocused(f, preferring: preferred) }
        var tries = 0
        var adversarial = false
        while action == nil, tries < 24 {
            tries += 1
            let kind = chooseKind()
            adversarial = chance(configuration.adversarialShare)
            action = plan(kind, adversarial: adversarial)
        }
        let a = action ?? .loginGuest(device: pickDevice(), ignoreAlreadyLoggedIn: true)
        let edge = adversarial && chance(Self.edgeShare) ? pickEdge(for: a) : nil
        return make(a, edge: edge, now: now)
    }

    /// The share of adversarial steps that also send a value at or past a documented limit.
    static let edgeShare = 0.2

    /// A made-up value at 1,024 or 1,025 characters (ASCII or not) when the step sends one, else
    /// (or half the time) a transaction id at one of ``EdgeValue/transactionIdLengths``.
    mutating func pickEdge(for action: Action) -> EdgeValue {
        if action.hasLimitedMadeUpValue, chance(0.5) {
            return pick(EdgeValue.madeUpValueEdges) ?? .longValue(EdgeValue.maxStringLength)
        }
        if action.hasIntegerField, chance(0.5) {
            return .numberForm(pick(EdgeValue.NumberForm.allCases) ?? .exponent)
        }
        if action.hasDateField, chance(0.5) {
            return .dateForm(pick(EdgeValue.DateForm.allCases) ?? .offset)
        }
        // A header edge: the transaction id's length, or (client operations) a broken device id;
        // one pick and one chance either way, so the random stream keeps its length.
        let header =
            EdgeValue.transactionIdLengths.map { EdgeValue.transactionId(length: $0, unicode: false) }
            + (action.device != nil ? EdgeValue.deviceIdEdges : [])
        let e = pick(header) ?? .transactionId(length: 64, unicode: false)
        let unicode = chance(0.3)
        if case .transactionId(let n, _) = e { return .transactionId(length: n, unicode: unicode) }
        return e
    }

    /// Concretises `action` as this player's next step (also used to replay scripted steps, with
    /// their `edge`).
    package mutating func make(_ action: Action, id: Int? = nil, edge: EdgeValue? = nil, now: Int64) -> PlannedOperation
    {
        let opId = id ?? nextOpId
        nextOpId = max(nextOpId, opId) + 1
        var op = Op(id: opId, action: action, edge: edge)
        let st = belief.primary
        let known = focus?.values ?? [:]
        for s in action.references { if let v = st.value(of: s) ?? known[s] { op.values[s] = v } }
        if case .renewTransferAccount(_, let arg, .manual(let i, let p)) = action {
            let sem = configuration.semantics.transferAccount
            for (m, isId) in [(i, true), (p, false)] {
                if case .fresh(let s) = m {
                    let f = isId ? sem.idFormat : sem.passwordFormat
                    op.values[s] = identities.chosen(f == .disabled ? .digitsLowerUpper : f, s.description, op: opId)
                }
            }
            // The account the renew acts on is its token's user's, as the model reads it: with
            // two users holding TransferAccounts, "the first session's" sent the other one's
            // password as "current" (a false T7 the 10-minute soak found).
            if case .token(let t) = arg, let user = st.tokens[t]?.user, let a = st.users[user]?.transferAccount,
                let ta = st.transferAccounts[a]
            {
                op.values[PlannedOperation.currentIdKey] = st.value(of: ta.id)
                op.values[PlannedOperation.currentPasswordKey] = st.value(of: ta.password)
            }
        }
        if let c = action.credential { op.idPToken = idPToken(c, op: opId) }
        if case .serverBan(_, let spec) = action, let secs = spec.endInSeconds { op.banEnd = now + secs * 1000 }
        if case .serverWithdrawals(let q) = action { op.historySpan = q.span(in: st, now: now) }
        return PlannedOperation(op: op, player: index, identities: identities)
    }

    /// Whether every symbol `action` refers to has a known value (so it can be sent).
    package func canSend(_ action: Action) -> Bool {
        let known = focus?.values ?? [:]
        return action.references.allSatisfy { belief.primary.value(of: $0) != nil || known[$0] != nil }
    }

    func idPToken(_ c: IdPCredential, op: Int) -> String? {
        guard let a = c.account, c.form != .absent else { return nil }
        let acct = identities.idPAccount(a)
        if configuration.semantics.idp.tokenMode == .plain { return acct.idPId }
        switch c.form {
        case .valid: return signer.mint(acct, issuedAt: Int64(op))
        case .forged: return signer.forge(acct, issuedAt: Int64(op))
        case .malformed: return identities.malformedIdPToken(op: op)
        case .absent: return nil
        }
    }

    // MARK: Randomness

    mutating func chance(_ p: Double) -> Bool { Double(rng.next() >> 11) / Double(1 << 53) < p }
    mutating func pick<T>(_ xs: [T]) -> T? { xs.isEmpty ? nil : xs[Int(rng.next() % UInt64(xs.count))] }
    mutating func int(_ r: ClosedRange<Int64>) -> Int64 { r.lowerBound + Int64(rng.next() % UInt64(r.count)) }

    mutating func chooseKind() -> OperationKind {
        let kinds = OperationKind.allCases
        let weights = shared.kindWeights
        let total = shared.kindWeightTotal
        var x = Double(rng.next() >> 11) / Double(1 << 53) * total
        for (k, w) in zip(kinds, weights) {
            if x < w { return k }
            x -= w
        }
        return .loginGuest
    }

    // MARK: World queries (on the primary state)

    var devices: [DeviceRef] {
        if case .device(let d) = focus { return [d] }
        return shared.devices
    }
    var accounts: [AccountRef] {
        if case .account(let a) = focus { return [a] }
        return shared.accounts
    }
    mutating func pickDevice() -> DeviceRef { pick(devices)! }

    struct Session {
        var device: DeviceRef
        var token: Sym
        var user: Sym
    }

    /// Devices whose current token is bound, unrevoked and not surely expired (with a user in
    /// focus, only that user's sessions).
    var sessions: [Session] {
        let st = belief.primary
        let focusUser = focus?.userId
        return devices.compactMap { d in
            guard let t = st.devices[d], let tok = st.tokens[t], tok.revoked == nil, st.value(of: t) != nil,
                tok.expiry.latest > st.timeFloor, st.users[tok.user] != nil
            else { return nil }
            if let focusUser, st.value(of: tok.user) != focusUser { return nil }
            return Session(device: d, token: t, user: tok.user)
        }
    }

    /// Tokens that are bound but dead (or from another device): stale tokens to replay.
    var staleTokens: [Sym] {
        let st = belief.primary
        return st.tokens.keys.filter { st.value(of: $0) != nil && st.tokens[$0]!.revoked != nil }.sorted()
    }

    mutating func pickSession(where ok: (ModelState, Session) -> Bool = { _, _ in true }) -> Session? {
        let st = belief.primary
        return pick(sessions.filter { ok(st, $0) })
    }

    /// An authenticated call's token: the session's, or (adversarially) a stale, missing,
    /// unknown or other device's token.
    mutating func authToken(_ s: Session, adversarial: Bool) -> (DeviceRef, TokenArg) {
        guard adversarial else { return (s.device, .token(s.token)) }
        switch rng.next() % 4 {
        case 0: return (s.device, .none)
        case 1: return (s.device, .garbage)
        case 2: if let t = pick(staleTokens) { return (belief.primary.tokens[t]!.device, .token(t)) }
        default: break
        }
        let other = devices.filter { $0 != s.device }
        return (pick(other) ?? s.device, .token(s.token))
    }
}
