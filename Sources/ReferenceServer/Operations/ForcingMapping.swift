import GRDB
import Protocol
import RequestInput

/// Add mapping forcibly and change login: both redeem a forcing-mapping ticket
/// (docs/PROTOCOL.md §2.6, §2.7).
enum ForcingMapping {
    /// Steps 2–8 of §2.6: 3304, 3201, 3311, 3312, 3313, 3314, 3315.
    static func redeemable(_ s: OperationScope, requester: UserRow, _ input: ForcingMappingInput) throws
        -> (TicketRow, IdPAccount)
    {
        guard s.backend.isConfigured(input.idPCode) else {
            throw Rejection(s.semantics.unconfiguredIdPCode(mapping: true))
        }
        guard let account = s.verify(input.accessToken, idPCode: input.idPCode) else {
            throw Rejection(.idpLoginFailed, "forged IdP token")  // F1
        }
        guard let ticket = try TicketRow.fetch(s.db, key: input.forcingMappingKey), ticket.userId == requester.userId
        else { throw Rejection(.forciblyNotExistKey) }
        guard !ticket.used else { throw Rejection(.forciblyAlreadyUsedKey) }
        guard s.now < ticket.expiresAt else { throw Rejection(.forciblyExpiredKey) }
        guard ticket.idPCode == input.idPCode else { throw Rejection(.forciblyDifferentIdP) }
        guard ticket.idPId == account.idPId else { throw Rejection(.forciblyDifferentAuthKey) }
        return (ticket, account)
    }

    static func markUsed(_ s: OperationScope, _ ticket: TicketRow) throws {
        if !s.bug(.ticketReusable) { try TicketRow.markUsed(s.db, key: ticket.forcingMappingKey) }  // M8
    }

    /// §2.6: the account moves from its owner to the caller (M7); an owner left without IdP is lost (M9).
    static func addForcibly(_ s: OperationScope, _ input: ForcingMappingInput) throws -> ClientReplyBody {
        let (_, user) = try s.authenticate()
        let (ticket, account) = try redeemable(s, requester: user, input)
        if !s.bug(.sameIdPTwice), try AddMapping.hasIdPType(s.db, user: user.userId, account.idPCode.rawValue) {
            throw Rejection(.addMappingAlreadyHasSameIdP)  // M1
        }
        try markUsed(s, ticket)
        let code = account.idPCode.rawValue
        if let owner = try MappingRow.owner(s.db, code, account.idPId), owner.userId != user.userId {
            try s.db.run("DELETE FROM mapping WHERE idPCode = ? AND idPId = ?", [code, account.idPId])
            try SessionRow.revoke(s.db, user: owner.userId, loggedInWith: code)
            try Effects.loseIfEmpty(
                s.db,
                user: owner.userId,
                remember: s.semantics.tokens.goneMember != .invalidToken
            )
        }
        return try AddMapping.apply(s, account, idPAccessToken: input.accessToken)
    }

    /// §2.7: the session moves to the account's owner (or a new user holding it); the requester's
    /// account is left as it was (M11).
    static func changeLogin(_ s: OperationScope, _ input: ForcingMappingInput) throws -> ClientReplyBody {
        try s.requirePlayable()  // L14
        let (_, requester) = try s.authenticate()
        let (ticket, account) = try redeemable(s, requester: requester, input)
        let code = account.idPCode.rawValue
        let owner = try MappingRow.owner(s.db, code, account.idPId).flatMap { try UserRow.fetch(s.db, $0.userId) }
        if let owner, owner.isBanned {
            throw Rejection(s.semantics.ban.code, banInfo: MemberView.banInfo(owner, s.semantics))
        }
        try markUsed(s, ticket)
        let target = try owner ?? Effects.createUser(s.db, account: account, at: s.now)
        let (session, before) = try Effects.login(
            s.db,
            s.backend,
            user: target,
            device: s.caller.device,
            account: account,
            idPAccessToken: input.accessToken,
            at: s.now
        )
        return try s.authToken(session, user: before, lastLoginDate: before.lastLoginDate)
    }
}
