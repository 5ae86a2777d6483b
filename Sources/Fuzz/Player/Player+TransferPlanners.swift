import Basics
import Model
import Protocol

// Planners for session-only calls, TransferAccount and TransferKey.
extension Player {
    mutating func planSessionCall(_ kind: OperationKind, _ adv: Bool) -> Action? {
        let preferred: (ModelState, Session) -> Bool
        switch kind {
        case .withdrawTemporary: preferred = { st, s in (st.users[s.user]!.temporaryWithdrawal == nil) != adv }
        case .withdrawCancel: preferred = { st, s in (st.users[s.user]!.temporaryWithdrawal != nil) != adv }
        case .transferIssue, .transferKeyIssue:
            preferred = { st, s in (st.users[s.user]!.isGuestOnly && st.users[s.user]!.transferAccount == nil) != adv }
        case .transferRenew, .transferQuery: preferred = { st, s in (st.users[s.user]!.transferAccount != nil) != adv }
        default: preferred = { _, _ in true }
        }
        guard let s = pickSession(where: preferred) ?? pick(sessions) else { return nil }
        let (d, t) = authToken(s, adversarial: adv && chance(0.4))
        switch kind {
        case .logout: return .logout(device: d, token: t)
        case .memberGet: return .getMember(device: d, token: t)
        case .mappingList: return .mappingList(device: d, token: t)
        case .withdraw: return .withdraw(device: d, token: t)
        case .withdrawTemporary: return .requestTemporaryWithdrawal(device: d, token: t)
        case .withdrawCancel: return .cancelTemporaryWithdrawal(device: d, token: t)
        case .transferIssue: return .issueTransferAccount(device: d, token: t)
        case .transferQuery: return .queryTransferAccount(device: d, token: t)
        case .transferKeyIssue:
            let e: Int64 =
                adv && chance(0.5)
                ? (chance(0.5) ? 0 : configuration.semantics.transferKey.maxExpiresInSeconds + 1) : int(60...3600)
            return .issueTransferKey(device: d, token: t, expiresIn: e)
        case .transferRenew: return .renewTransferAccount(device: d, token: t, renewal: planRenewal(s, adv))
        default: return nil
        }
    }

    mutating func planRenewal(_ s: Session, _ adv: Bool) -> Renewal {
        let op = nextOpId
        let manualOK = configuration.semantics.transferAccount.passwordFormat != .disabled
        if adv, manualOK {
            let st = belief.primary
            let others = st.transferAccounts.filter { $0.value.user != s.user && st.value(of: $0.value.id) != nil }
            switch rng.next() % 4 {
            case 0: return .manual(id: .badFormat, password: .fresh(Sym(.chosenPassword, op)))
            case 1: return .manual(id: .current, password: .fresh(Sym(.chosenPassword, op)))
            case 2: return .manual(id: .fresh(Sym(.chosenId, op)), password: .current)
            default:
                if let o = pick(others.keys.sorted()) {
                    return .manual(
                        id: .otherAccount(st.transferAccounts[o]!.id),
                        password: .fresh(Sym(.chosenPassword, op))
                    )
                }
                return .manual(id: .badFormat, password: .badFormat)
            }
        }
        switch rng.next() % 3 {
        case 0: return .autoPassword
        case 1: return .autoIdPassword
        default:
            return manualOK
                ? .manual(id: .fresh(Sym(.chosenId, op)), password: .fresh(Sym(.chosenPassword, op))) : .autoPassword
        }
    }

    /// Live TransferAccounts whose credentials we know.
    var knownAccounts: [Sym] {
        let st = belief.primary
        return st.transferAccounts.filter { st.value(of: $0.value.id) != nil && st.value(of: $0.value.password) != nil }
            .keys.sorted()
    }

    /// Devices a transfer can come from (logged out or guest), excluding `holder`.
    func transferDevices(excluding holder: DeviceRef?) -> [DeviceRef] {
        let st = belief.primary
        return devices.filter { d in
            d != holder && !sessions.contains { $0.device == d && !st.tokens[$0.token]!.loggedIn.isGuest }
        }
    }

    mutating func planTransferLogin(_ adv: Bool) -> Action? {
        let st = belief.primary
        // Drawn only when unknown ids count (T15), so other dialects keep their random streams.
        if adv, configuration.semantics.transferAccount.wrongIds == .perDevice, chance(0.4),
            let d = pick(transferDevices(excluding: nil))
        {
            // Unknown ids from one device, enough to reach its block and one more.
            idBurst = (d, configuration.semantics.transferAccount.failThreshold + 1)
            return planIdBurst(idBurst!)
        }
        guard let a = pick(knownAccounts) else {
            return adv
                ? .transferLogin(device: pickDevice(), credentials: TransferCredentials(id: .wrong, password: .wrong))
                : nil
        }
        let ta = st.transferAccounts[a]!
        let holder = st.users[ta.user]?.guestKey.map { DeviceRef($0.index) }
        let right = TransferCredentials(id: .value(ta.id), password: .value(ta.password))
        if adv {
            switch rng.next() % 5 {
            case 0, 1:
                // A burst of wrong passwords long enough to reach the block.
                burst = (a, configuration.semantics.transferAccount.failThreshold + 1)
                return planBurst(burst!)
            case 2: if let h = holder { return .transferLogin(device: h, credentials: right) }
            case 3:
                return .transferLogin(
                    device: pickDevice(),
                    credentials: TransferCredentials(id: .wrong, password: .value(ta.password))
                )
            default:
                if let s = pick(sessions.filter { !st.tokens[$0.token]!.loggedIn.isGuest }) {
                    return .transferLogin(device: s.device, credentials: right)
                }
            }
        }
        guard let d = pick(transferDevices(excluding: holder)) else { return nil }
        return .transferLogin(device: d, credentials: right)
    }

    /// The next wrong password of a burst (the last attempt uses the right one).
    mutating func planBurst(_ b: (account: Sym, remaining: Int)) -> Action? {
        let st = belief.primary
        guard let ta = st.transferAccounts[b.account], st.value(of: ta.id) != nil, b.remaining > 0 else {
            burst = nil
            return nil
        }
        let holder = st.users[ta.user]?.guestKey.map { DeviceRef($0.index) }
        guard let d = transferDevices(excluding: holder).first else {
            burst = nil
            return nil
        }
        burst = b.remaining > 1 ? (b.account, b.remaining - 1) : nil
        let pw: CredentialArg = b.remaining == 1 ? .value(ta.password) : .wrong
        return .transferLogin(device: d, credentials: TransferCredentials(id: .value(ta.id), password: pw))
    }

    /// The next unknown id of a device's burst; the last attempt uses a known account's right
    /// credentials when there is one (refused while the device is blocked).
    mutating func planIdBurst(_ b: (device: DeviceRef, remaining: Int)) -> Action? {
        guard b.remaining > 0, transferDevices(excluding: nil).contains(b.device) else {
            idBurst = nil
            return nil
        }
        idBurst = b.remaining > 1 ? (b.device, b.remaining - 1) : nil
        let st = belief.primary
        if b.remaining == 1, let a = knownAccounts.first, let ta = st.transferAccounts[a] {
            let right = TransferCredentials(id: .value(ta.id), password: .value(ta.password))
            return .transferLogin(device: b.device, credentials: right)
        }
        return .transferLogin(device: b.device, credentials: TransferCredentials(id: .wrong, password: .wrong))
    }

    mutating func planTransferKeyLogin(_ adv: Bool) -> Action? {
        let st = belief.primary
        let keys = st.transferKeys.keys.filter { st.value(of: $0) != nil }.sorted()
        // Adversarial: a consumed key again (3032), a made-up one, or the key on its holder's device.
        if adv, chance(0.4), let used = pick(keys.filter { st.transferKeys[$0]!.consumed }) {
            return .transferKeyLogin(device: pickDevice(), key: .key(used))
        }
        guard let k = pick(keys), !adv || chance(0.5) else {
            return .transferKeyLogin(device: pickDevice(), key: .garbage)
        }
        let holder = st.users[st.transferKeys[k]!.user]?.guestKey.map { DeviceRef($0.index) }
        if adv, let h = holder { return .transferKeyLogin(device: h, key: .key(k)) }
        guard let d = pick(transferDevices(excluding: holder)) else { return nil }
        return .transferKeyLogin(device: d, key: .key(k))
    }
}
