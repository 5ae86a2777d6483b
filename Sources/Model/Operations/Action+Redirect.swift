import Protocol

extension Action {
    /// The action with its references to `from`'s producer pointed at step `producer` instead: every
    /// reference that moves with `from` (``Sym/movesWith(_:)``: the same value class, and a
    /// TransferAccount id with its password) takes the new producer and keeps its kind, or takes its
    /// twin of the origin `chosen` names (a chosen id for a generated one, or back). Values the
    /// action produces (a manual renew's fresh id and password) are not references and stay.
    ///
    /// When `device` is given and a reference changed, a client operation is also sent from that
    /// device: a token is only live from the device it was issued to (L11), so a step redirected to
    /// an earlier token moves to that token's device. Redirecting to the same producer, or an
    /// action that does not refer to `from`'s producer, is the action itself.
    package func redirecting(_ from: Sym, to producer: Int, chosen: Bool? = nil, device: DeviceRef? = nil) -> Action {
        let redirected = mapping(references: { $0.redirected(from, to: producer, chosen: chosen) })
        guard let device, redirected != self else { return redirected }
        return redirected.mapping(device: { _ in device })
    }

    /// The action with every reference mapped by `references` and its device (a client operation's)
    /// by `device`; every other field stays. One exhaustive walk over the cases, so a new case must
    /// say what it refers to.
    package func mapping(
        references r: (Sym) -> Sym = { $0 },
        device dv: (DeviceRef) -> DeviceRef = { $0 }
    ) -> Action {
        switch self {
        case .loginGuest(let d, let ignore):
            .loginGuest(device: dv(d), ignoreAlreadyLoggedIn: ignore)
        case .loginIdP(let d, let c, let ignore):
            .loginIdP(device: dv(d), credential: c, ignoreAlreadyLoggedIn: ignore)
        case .loginToken(let d, let t):
            .loginToken(device: dv(d), token: t.mapReferences(r))
        case .changeLogin(let d, let t, let k, let c):
            .changeLogin(device: dv(d), token: t.mapReferences(r), ticket: k.mapReferences(r), credential: c)
        case .logout(let d, let t):
            .logout(device: dv(d), token: t.mapReferences(r))
        case .getMember(let d, let t):
            .getMember(device: dv(d), token: t.mapReferences(r))
        case .mappingList(let d, let t):
            .mappingList(device: dv(d), token: t.mapReferences(r))
        case .addMapping(let d, let t, let c):
            .addMapping(device: dv(d), token: t.mapReferences(r), credential: c)
        case .addMappingForcibly(let d, let t, let k, let c):
            .addMappingForcibly(device: dv(d), token: t.mapReferences(r), ticket: k.mapReferences(r), credential: c)
        case .removeMapping(let d, let t, let idP):
            .removeMapping(device: dv(d), token: t.mapReferences(r), idPCode: idP)
        case .withdraw(let d, let t):
            .withdraw(device: dv(d), token: t.mapReferences(r))
        case .requestTemporaryWithdrawal(let d, let t):
            .requestTemporaryWithdrawal(device: dv(d), token: t.mapReferences(r))
        case .cancelTemporaryWithdrawal(let d, let t):
            .cancelTemporaryWithdrawal(device: dv(d), token: t.mapReferences(r))
        case .issueTransferAccount(let d, let t):
            .issueTransferAccount(device: dv(d), token: t.mapReferences(r))
        case .queryTransferAccount(let d, let t):
            .queryTransferAccount(device: dv(d), token: t.mapReferences(r))
        case .renewTransferAccount(let d, let t, let renewal):
            .renewTransferAccount(device: dv(d), token: t.mapReferences(r), renewal: renewal.mapReferences(r))
        case .transferLogin(let d, let c):
            .transferLogin(device: dv(d), credentials: c.mapReferences(r))
        case .issueTransferKey(let d, let t, let expiresIn):
            .issueTransferKey(device: dv(d), token: t.mapReferences(r), expiresIn: expiresIn)
        case .transferKeyLogin(let d, let k):
            .transferKeyLogin(device: dv(d), key: k.mapReferences(r))
        case .serverToken(let u, let t, let linked):
            .serverToken(user: u.mapReferences(r), token: t.mapReferences(r), linkedIdP: linked)
        case .serverMember(let u):
            .serverMember(user: u.mapReferences(r))
        case .serverProfile(let u, let t):
            .serverProfile(user: u.mapReferences(r), token: t.mapReferences(r))
        case .serverMembers(let us):
            .serverMembers(users: us.map { $0.mapReferences(r) })
        case .serverIdP:
            self
        case .serverBan(let us, let ban):
            .serverBan(users: us.map { $0.mapReferences(r) }, ban: ban)
        case .serverRelease(let us):
            .serverRelease(users: us.map { $0.mapReferences(r) })
        case .serverValidate(let c):
            .serverValidate(credentials: c.mapReferences(r))
        case .serverWithdraw(let u, let regUser):
            .serverWithdraw(user: u.mapReferences(r), regUser: regUser)
        case .serverWithdrawals(let q):
            .serverWithdrawals(query: q.mapReferences(r))
        case .advanceClock:
            self
        case .graceBan(let u, let seconds, let rule):
            .graceBan(user: u.mapReferences(r), seconds: seconds, rule: rule)
        case .payment(let u, let amount, let currency):
            .payment(user: u.mapReferences(r), amount: amount, currency: currency)
        }
    }
}
