import Protocol

/// One operation in symbolic form: harness identities are per-player references, server-invented
/// values are ``Sym``s. Concretised with a salt and the oracle's bindings just before it is sent.
package enum Action: Hashable, Sendable, Codable {
    case loginGuest(device: DeviceRef, ignoreAlreadyLoggedIn: Bool)
    case loginIdP(device: DeviceRef, credential: IdPCredential, ignoreAlreadyLoggedIn: Bool)
    case loginToken(device: DeviceRef, token: TokenArg)
    case changeLogin(device: DeviceRef, token: TokenArg, ticket: TicketArg, credential: IdPCredential)
    case logout(device: DeviceRef, token: TokenArg)
    case getMember(device: DeviceRef, token: TokenArg)
    case mappingList(device: DeviceRef, token: TokenArg)
    case addMapping(device: DeviceRef, token: TokenArg, credential: IdPCredential)
    case addMappingForcibly(device: DeviceRef, token: TokenArg, ticket: TicketArg, credential: IdPCredential)
    case removeMapping(device: DeviceRef, token: TokenArg, idPCode: IdPCode)
    case withdraw(device: DeviceRef, token: TokenArg)
    case requestTemporaryWithdrawal(device: DeviceRef, token: TokenArg)
    case cancelTemporaryWithdrawal(device: DeviceRef, token: TokenArg)
    case issueTransferAccount(device: DeviceRef, token: TokenArg)
    case queryTransferAccount(device: DeviceRef, token: TokenArg)
    case renewTransferAccount(device: DeviceRef, token: TokenArg, renewal: Renewal)
    case transferLogin(device: DeviceRef, credentials: TransferCredentials)
    case issueTransferKey(device: DeviceRef, token: TokenArg, expiresIn: Int64)
    case transferKeyLogin(device: DeviceRef, key: KeyArg)
    /// E1 Token Authentication.
    case serverToken(user: UserArg, token: TokenArg, linkedIdP: Bool)
    /// E3 Get Member.
    case serverMember(user: UserArg)
    /// E4 Get Members.
    case serverMembers(users: [UserArg])
    /// E7 Get UserId Information with IdP Id.
    case serverIdP(idPCode: IdPCode, accounts: [AccountRef])
    /// E8 Ban.
    case serverBan(users: [UserArg], ban: BanSpec)
    /// E11 Ban Release.
    case serverRelease(users: [UserArg])
    /// E13 Validate TransferAccount.
    case serverValidate(credentials: TransferCredentials)
    /// E14 Withdraw.
    case serverWithdraw(user: UserArg, regUser: String)
    /// E16 Get IdP Token and Profile of a session.
    case serverProfile(user: UserArg, token: TokenArg)
    /// E15 Withdraw Histories.
    case serverWithdrawals(query: HistoryQuery)
    /// Test control: advance the server clock.
    case advanceClock(seconds: Int64)
    /// Test control: grace-ban a user, with release conditions or none.
    case graceBan(user: UserArg, seconds: Int64, rule: ReleaseRuleCondition? = nil)
    /// Test control: a payment by a user (towards a grace ban's release conditions, B6).
    case payment(user: UserArg, amount: Int, currency: String)

    package var kind: OperationKind {
        switch self {
        case .loginGuest: .loginGuest
        case .loginIdP: .loginIdP
        case .loginToken: .loginToken
        case .changeLogin: .loginChange
        case .logout: .logout
        case .getMember: .memberGet
        case .mappingList: .mappingList
        case .addMapping: .mappingAdd
        case .addMappingForcibly: .mappingForcibly
        case .removeMapping: .mappingRemove
        case .withdraw: .withdraw
        case .requestTemporaryWithdrawal: .withdrawTemporary
        case .cancelTemporaryWithdrawal: .withdrawCancel
        case .issueTransferAccount: .transferIssue
        case .queryTransferAccount: .transferQuery
        case .renewTransferAccount: .transferRenew
        case .transferLogin: .transferLogin
        case .issueTransferKey: .transferKeyIssue
        case .transferKeyLogin: .transferKeyLogin
        case .serverToken: .serverToken
        case .serverMember: .serverMember
        case .serverMembers: .serverMembers
        case .serverIdP: .serverIdP
        case .serverBan: .serverBan
        case .serverRelease: .serverRelease
        case .serverValidate: .serverValidate
        case .serverWithdraw: .serverWithdraw
        case .advanceClock: .testAdvance
        case .graceBan: .testGraceBan
        case .payment: .testPayment
        case .serverProfile: .serverProfile
        case .serverWithdrawals: .serverWithdrawals
        }
    }

    /// The device a client operation comes from.
    package var device: DeviceRef? {
        switch self {
        case .loginGuest(let d, _), .loginIdP(let d, _, _), .loginToken(let d, _), .changeLogin(let d, _, _, _),
            .logout(let d, _), .getMember(let d, _), .mappingList(let d, _), .addMapping(let d, _, _),
            .addMappingForcibly(let d, _, _, _), .removeMapping(let d, _, _), .withdraw(let d, _),
            .requestTemporaryWithdrawal(let d, _), .cancelTemporaryWithdrawal(let d, _),
            .issueTransferAccount(let d, _), .queryTransferAccount(let d, _), .renewTransferAccount(let d, _, _),
            .transferLogin(let d, _), .issueTransferKey(let d, _, _), .transferKeyLogin(let d, _):
            d
        default: nil
        }
    }

    /// Whether the step logs in (3701 under maintenance, L14): login, token login, change login,
    /// transfer login and TransferKey login.
    package var isLogin: Bool {
        switch self {
        case .loginGuest, .loginIdP, .loginToken, .changeLogin, .transferLogin, .transferKeyLogin: true
        default: false
        }
    }

    /// The Gamebase token a client operation presents.
    package var tokenArg: TokenArg? {
        switch self {
        case .loginToken(_, let t), .changeLogin(_, let t, _, _), .logout(_, let t), .getMember(_, let t),
            .mappingList(_, let t), .addMapping(_, let t, _), .addMappingForcibly(_, let t, _, _),
            .removeMapping(_, let t, _), .withdraw(_, let t), .requestTemporaryWithdrawal(_, let t),
            .cancelTemporaryWithdrawal(_, let t), .issueTransferAccount(_, let t), .queryTransferAccount(_, let t),
            .renewTransferAccount(_, let t, _), .issueTransferKey(_, let t, _), .serverToken(_, let t, _),
            .serverProfile(_, let t):
            t
        default: nil
        }
    }

    /// Every symbol the action refers to (which must have been produced by an earlier step).
    package var references: [Sym] {
        var out: [Sym] = []
        if let s = tokenArg?.symbol { out.append(s) }
        switch self {
        case .changeLogin(_, _, let k, _), .addMappingForcibly(_, _, let k, _):
            if let s = k.symbol { out.append(s) }
        case .renewTransferAccount(_, _, .manual(let i, let p)):
            for m in [i, p] { if case .otherAccount(let s) = m { out.append(s) } }
        case .transferLogin(_, let c), .serverValidate(let c):
            out += [c.id.symbol, c.password.symbol].compactMap { $0 }
        case .transferKeyLogin(_, let k):
            if let s = k.symbol { out.append(s) }
        case .serverToken(let u, _, _), .serverMember(let u), .serverWithdraw(let u, _), .graceBan(let u, _, _),
            .payment(let u, _, _), .serverProfile(let u, _):
            if let s = u.symbol { out.append(s) }
        case .serverMembers(let us), .serverBan(let us, _), .serverRelease(let us):
            out += us.compactMap(\.symbol)
        case .serverWithdrawals(let q):
            // The anchor's userId is not sent, but its withdrawal dates the window.
            if let s = q.around { out.append(s) }
        default: break
        }
        return out
    }

    /// The IdP credential a login or mapping presents.
    package var credential: IdPCredential? {
        switch self {
        case .loginIdP(_, let c, _), .changeLogin(_, _, _, let c), .addMapping(_, _, let c),
            .addMappingForcibly(_, _, _, let c):
            c
        default: nil
        }
    }
}
