import Protocol
import RequestInput

/// Guest and IdP login (docs/PROTOCOL.md §2.1, §2.2).
enum Login {
    /// What the checks decided: answer now (an existing user logged in), or create a user (L1).
    enum Decision: Sendable {
        case answer(ClientReplyBody)
        case create(IdPAccount)
    }

    static func run(_ s: OperationScope, _ input: LoginInput) throws -> ClientReplyBody {
        switch try check(s, input) {
        case .answer(let body): return body
        case .create(let account): return try create(s, account, idPAccessToken: input.idPCredential)
        }
    }

    /// Everything up to the owner lookup: an owned account logs its owner in at once; an unowned
    /// one is to be created.
    static func check(_ s: OperationScope, _ input: LoginInput) throws -> Decision {
        try s.requirePlayable()  // L14
        guard s.backend.isConfigured(input.idPCode) else {
            throw Rejection(s.semantics.unconfiguredIdPCode(mapping: false))
        }  // L13
        let account: IdPAccount
        if input.idPCode == IdPCode.guest.rawValue {
            account = IdPAccount(.guest, s.caller.device)
        } else {
            guard let token = input.accessToken else { throw Rejection(.idpLoginExternalAuthRequired) }
            guard let a = s.verify(token, idPCode: input.idPCode) else {
                throw Rejection(.idpLoginFailed, "forged IdP token")  // F1
            }
            guard s.lineRegionOK(input.idPCode, input.lineChannelRegion) else {
                throw Rejection(.idpLoginFailed, "unknown LINE region")
            }
            account = a
        }
        let owner = try MappingRow.owner(s.db, account.idPCode.rawValue, account.idPId)
        let existing = try owner.flatMap { try UserRow.fetch(s.db, $0.userId) }
        // L7: switching users on a logged-in device needs ignoreAlreadyLoggedIn (knob login.alreadyLoggedIn).
        if s.semantics.login.alreadyLoggedIn == .reject, let current = try s.liveDeviceSession(),
            current.userId != existing?.userId, !input.ignoreAlreadyLoggedIn
        {
            throw Rejection(.idpLoginFailed, "the device is logged in as another user")
        }
        if let user = existing, user.isBanned {
            throw Rejection(s.semantics.ban.code, banInfo: MemberView.banInfo(user, s.semantics))  // B1
        }
        guard let user = existing else { return .create(account) }
        return .answer(try logIn(s, user, account, idPAccessToken: input.idPCredential))
    }

    /// L1: a new user holding `account`, logged in.
    static func create(_ s: OperationScope, _ account: IdPAccount, idPAccessToken: String?) throws -> ClientReplyBody {
        try logIn(s, try Effects.createUser(s.db, account: account, at: s.now), account, idPAccessToken: idPAccessToken)
    }

    /// `idPAccessToken`: the IdP token of an IdP login, kept with the session for E16.
    static func logIn(_ s: OperationScope, _ user: UserRow, _ account: IdPAccount, idPAccessToken: String?) throws
        -> ClientReplyBody
    {
        let (session, before) = try Effects.login(
            s.db,
            s.backend,
            user: user,
            device: s.caller.device,
            account: account,
            idPAccessToken: idPAccessToken,
            at: s.now
        )
        return try s.authToken(session, user: before, lastLoginDate: before.lastLoginDate)
    }
}
