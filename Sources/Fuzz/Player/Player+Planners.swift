import Basics
import Model
import Protocol

// Planners for client operations: each returns nil when the state offers nothing to do.
extension Player {
    mutating func plan(_ kind: OperationKind, adversarial adv: Bool) -> Action? {
        switch kind {
        case .loginGuest: return planLoginGuest(adv)
        case .loginIdP: return planLoginIdP(adv)
        case .loginToken: return planTokenLogin(adv)
        case .loginChange, .mappingForcibly: return planForcing(kind, adv)
        case .mappingAdd: return planAddMapping(adv)
        case .mappingRemove: return planRemoveMapping(adv)
        case .logout, .memberGet, .mappingList, .withdraw, .withdrawTemporary, .withdrawCancel, .transferIssue,
            .transferQuery, .transferRenew, .transferKeyIssue:
            return planSessionCall(kind, adv)
        case .transferLogin: return planTransferLogin(adv)
        case .transferKeyLogin: return planTransferKeyLogin(adv)
        default: return planServer(kind, adv)
        }
    }

    /// `ignoreAlreadyLoggedIn` for a login that lands on `account` from `device`.
    mutating func ignoreFlag(_ d: DeviceRef, _ account: AccountRef, _ adv: Bool) -> Bool {
        let st = belief.primary
        let switching = sessions.contains { $0.device == d && st.owners[account] != $0.user }
        if switching { return !adv }
        return chance(0.2)
    }

    mutating func planLoginGuest(_ adv: Bool) -> Action? {
        let d = pickDevice()
        return .loginGuest(device: d, ignoreAlreadyLoggedIn: ignoreFlag(d, .guest(d), adv))
    }

    mutating func planLoginIdP(_ adv: Bool) -> Action? {
        let d = pickDevice()
        guard let a = pick(accounts) else { return nil }
        var c = IdPCredential.valid(a)
        if a.idPCode == .line, chance(0.5) { c.lineRegion = pick(configuration.semantics.idp.lineRegions) }
        if adv, chance(0.6) { c = adversarialCredential(a) }
        return .loginIdP(device: d, credential: c, ignoreAlreadyLoggedIn: ignoreFlag(d, a, adv && chance(0.5)))
    }

    /// A credential that must not work: forged, malformed, naming another IdP, an unconfigured
    /// IdP, a LINE region that is not configured, or no token at all.
    mutating func adversarialCredential(_ a: AccountRef) -> IdPCredential {
        let plain = configuration.semantics.idp.tokenMode == .plain
        switch plain ? 3 + rng.next() % 2 * 2 : rng.next() % 6 {
        case 0: return IdPCredential(idPCode: a.idPCode, account: a, form: .forged)
        case 1: return IdPCredential(idPCode: a.idPCode, account: a, form: .malformed)
        case 2:
            let other = configuration.idPCodes.filter { $0 != a.idPCode }
            if let o = pick(other) { return IdPCredential(idPCode: o, account: a) }
            return IdPCredential(idPCode: a.idPCode, account: a, form: .forged)
        case 3: return IdPCredential(idPCode: "gbfuzz-unknown-idp", account: AccountRef("gbfuzz-unknown-idp", a.index))
        case 5: return IdPCredential(idPCode: a.idPCode, account: a, form: .absent)
        default:
            return IdPCredential(idPCode: .line, account: AccountRef(.line, a.index), lineRegion: "atlantis")
        }
    }

    mutating func planTokenLogin(_ adv: Bool) -> Action? {
        if adv {
            switch rng.next() % 4 {
            case 0: return .loginToken(device: pickDevice(), token: .none)
            case 1: return .loginToken(device: pickDevice(), token: .garbage)
            case 2:
                if let t = pick(staleTokens) {
                    return .loginToken(device: belief.primary.tokens[t]!.device, token: .token(t))
                }
            default:
                if let s = pick(sessions) {
                    return .loginToken(
                        device: pick(devices.filter { $0 != s.device }) ?? s.device,
                        token: .token(s.token)
                    )
                }
            }
        }
        guard let s = pick(sessions) else { return nil }
        return .loginToken(device: s.device, token: .token(s.token))
    }

    mutating func planAddMapping(_ adv: Bool) -> Action? {
        guard let s = pick(sessions) else { return nil }
        let st = belief.primary
        let user = st.users[s.user]!
        let (d, t) = authToken(s, adversarial: adv && chance(0.3))
        if adv {
            switch rng.next() % 3 {
            case 0: return .addMapping(device: d, token: t, credential: IdPCredential(idPCode: .guest, account: nil))
            case 1:
                if let have = pick(user.authList.sorted().filter { !$0.isGuest }.map(\.idPCode)),
                    let a = pick(accounts.filter { $0.idPCode == have })
                {
                    return .addMapping(device: d, token: t, credential: .valid(a))
                }
            default: break
            }
            if let a = pick(accounts) { return .addMapping(device: d, token: t, credential: adversarialCredential(a)) }
        }
        let lacking = accounts.filter { user.account(of: $0.idPCode) == nil }
        // Half the time aim at an account another of our users owns: a 3302 ticket.
        let owned = lacking.filter { st.owners[$0] != nil && st.owners[$0] != s.user }
        guard let a = (chance(0.5) ? pick(owned) : nil) ?? pick(lacking) else { return nil }
        return .addMapping(device: d, token: t, credential: .valid(a))
    }

    mutating func planForcing(_ kind: OperationKind, _ adv: Bool) -> Action? {
        let st = belief.primary
        let tickets = st.tickets.filter { st.value(of: $0.key) != nil }
        let open = tickets.filter { !$0.value.used }.keys.sorted()
        func make(_ s: Session, _ k: TicketArg, _ c: IdPCredential, _ t: TokenArg? = nil) -> Action {
            let tok = t ?? .token(s.token)
            return kind == .loginChange
                ? .changeLogin(device: s.device, token: tok, ticket: k, credential: c)
                : .addMappingForcibly(device: s.device, token: tok, ticket: k, credential: c)
        }
        if adv {
            guard let s = pick(sessions) else { return nil }
            let any = tickets.keys.sorted()
            switch rng.next() % 5 {
            case 0: if let a = pick(accounts) { return make(s, .garbage, .valid(a)) }
            case 1:
                // A used ticket replayed by its own requester (M8's 3312), else any ticket as it is.
                let replays = any.filter { k in
                    st.tickets[k]!.used && sessions.contains { $0.user == st.tickets[k]!.requester }
                }
                if let k = pick(replays), let owner = pick(sessions.filter { $0.user == st.tickets[k]!.requester }) {
                    return make(owner, .ticket(k), .valid(st.tickets[k]!.account))
                }
                if let k = pick(any) { return make(s, .ticket(k), .valid(st.tickets[k]!.account)) }
            case 2:
                if let k = pick(any.filter { st.tickets[$0]!.requester == s.user }) {
                    let acct = st.tickets[k]!.account
                    let sameCode = accounts.filter { $0.idPCode == acct.idPCode && $0 != acct }
                    let otherCode = accounts.filter { $0.idPCode != acct.idPCode }
                    if let a = pick(chance(0.5) ? sameCode : otherCode) { return make(s, .ticket(k), .valid(a)) }
                }
            case 3:
                if let k = pick(any) { return make(s, .ticket(k), adversarialCredential(st.tickets[k]!.account)) }
            default:
                if let k = pick(any), let s2 = pick(sessions.filter { $0.user == st.tickets[k]!.requester }) {
                    let (d, t) = authToken(s2, adversarial: true)
                    return kind == .loginChange
                        ? .changeLogin(
                            device: d,
                            token: t,
                            ticket: .ticket(k),
                            credential: .valid(st.tickets[k]!.account)
                        )
                        : .addMappingForcibly(
                            device: d,
                            token: t,
                            ticket: .ticket(k),
                            credential: .valid(st.tickets[k]!.account)
                        )
                }
            }
            return nil
        }
        for k in open.shuffledDeterministically(&rng) {
            let ticket = st.tickets[k]!
            if let s = pick(sessions.filter { $0.user == ticket.requester }) {
                return make(s, .ticket(k), .valid(ticket.account))
            }
        }
        return planAddMappingForTicket()
    }

    /// Asks for an account another of our users owns, to get a ticket.
    mutating func planAddMappingForTicket() -> Action? {
        let st = belief.primary
        for s in sessions.shuffledDeterministically(&rng) {
            let user = st.users[s.user]!
            let targets = accounts.filter {
                st.owners[$0] != nil && st.owners[$0] != s.user && user.account(of: $0.idPCode) == nil
            }
            if let a = pick(targets) {
                return .addMapping(device: s.device, token: .token(s.token), credential: .valid(a))
            }
        }
        return nil
    }

    mutating func planRemoveMapping(_ adv: Bool) -> Action? {
        guard let s = pick(sessions) else { return nil }
        let st = belief.primary
        let user = st.users[s.user]!
        let loggedIn = st.tokens[s.token]!.loggedIn.idPCode
        let (d, t) = authToken(s, adversarial: adv && chance(0.3))
        let removable = user.authList.sorted().map(\.idPCode).filter { $0 != loggedIn }
        if !adv, user.authList.count > 1, let x = pick(removable) {
            return .removeMapping(device: d, token: t, idPCode: x)
        }
        // Now and then an IdP code nobody configures: 3401 up to 1,024 characters, -4000008 past it.
        if adv, chance(0.15) { return .removeMapping(device: d, token: t, idPCode: .madeUp) }
        let any = user.authList.sorted().map(\.idPCode) + [pick(configuration.idPCodes) ?? .google]
        return pick(any).map { .removeMapping(device: d, token: t, idPCode: $0) }
    }
}

extension Array {
    /// A permutation drawn from `rng` (Fisher–Yates), so runs stay reproducible.
    func shuffledDeterministically(_ rng: inout SplitMix64) -> [Element] {
        var a = self
        if a.count < 2 { return a }
        for i in stride(from: a.count - 1, to: 0, by: -1) {
            let j = Int(rng.next() % UInt64(i + 1))
            a.swapAt(i, j)
        }
        return a
    }
}
