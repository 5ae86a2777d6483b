import Protocol

/// E1, E3, E4, E7, E13 and E16: reads of the Server API (docs/PROTOCOL.md §3).
enum MemberQueries {
    /// E1: -4010203 for an unknown, revoked, expired or foreign token; -4010204 when banned.
    static func tokenAuthentication(_ s: OperationScope, userId: String, token: String, linkedIdP: Bool) throws
        -> TokenAuthenticationResponse
    {
        let (session, user) = try liveSession(s, userId: userId, token: token)
        return TokenAuthenticationResponse(
            s.caller.header(),
            linkedIdP: linkedIdP ? LinkedIdP(idPCode: IdPCode(session.idPCode), idPId: session.idPId) : nil,
            member: try MemberView.server(s.db, s.backend, user: user, includeTemporaryWithdrawal: true)
        )
    }

    /// E16 (L15): E1's checks, then the IdP account the session logged in with and the IdP token
    /// that logged it in; -4040204 for a session without one (guest, transfer).
    static func idPTokenAndProfile(_ s: OperationScope, userId: String, token: String) throws
        -> IdPTokenAndProfileResponse
    {
        let (session, _) = try liveSession(s, userId: userId, token: token)
        guard session.idPCode != IdPCode.guest.rawValue,
            let credential = try SessionRow.idPAccessToken(s.db, token: token)
        else { throw Rejection(.idPTokenNotFound) }
        return IdPTokenAndProfileResponse(
            s.caller.header(),
            account: IdPAccount(IdPCode(session.idPCode), session.idPId),
            idPAccessToken: credential
        )
    }

    /// E1's checks, shared by E16: the session of `token`, live and `userId`'s, and its user.
    static func liveSession(_ s: OperationScope, userId: String, token: String) throws -> (SessionRow, UserRow) {
        guard let session = try SessionRow.fetch(s.db, token: token), session.userId == userId,
            session.isUnexpired(at: s.now), let user = try UserRow.fetch(s.db, userId)
        else { throw Rejection(.gatewayInvalidAccessToken) }
        guard !user.isBanned else { throw Rejection(.gatewayInvalidUser) }
        return (session, user)
    }

    /// E3: withdrawn users answer `D` without lastLoginDate or memberInfo (W2).
    static func getMember(_ s: OperationScope, userId: String) throws -> GetMemberResponse {
        guard let user = try UserRow.fetch(s.db, userId) else { throw Rejection(.memberNotExist) }
        let withdrawn = user.valid == .withdrawn
        return GetMemberResponse(
            s.caller.header(),
            member: try MemberView.server(s.db, s.backend, user: user, includeTemporaryWithdrawal: false),
            temporaryWithdrawal: MemberView.temporaryWithdrawal(user),
            memberInfo: withdrawn ? nil : placeholderInfo
        )
    }

    /// E4: unknown ids omitted; each known id once, in request order.
    static func getMembers(_ s: OperationScope, _ ids: [String]) throws -> GetMembersResponse {
        var seen = Set<String>()
        var list: [MemberSummary] = []
        for id in ids where seen.insert(id).inserted {
            if let user = try UserRow.fetch(s.db, id) { list.append(MemberView.summary(s.backend, user: user)) }
        }
        return GetMembersResponse(s.caller.header(), memberList: list)
    }

    /// E7: idPId → userId for mapped accounts; an unconfigured IdP resolves nothing.
    static func idPMembers(_ s: OperationScope, idPCode: String, _ ids: [String]) throws -> IdPMembersResponse {
        var result: [String: String] = [:]
        if s.backend.isConfigured(idPCode) {
            for id in ids {
                if let owner = try MappingRow.owner(s.db, idPCode, id) { result[id] = owner.userId }
            }
        }
        return IdPMembersResponse(s.caller.header(), result: result)
    }

    /// E13 (T12): validates without transferring or counting.
    static func validateTransferAccount(_ s: OperationScope, id: String, password: String) throws
        -> ValidateTransferAccountResponse
    {
        let cfg = s.semantics.transferAccount
        guard cfg.enabled else { throw Rejection(.productNotEnabled) }
        guard let row = try TransferAccountRow.fetch(s.db, accountId: id) else {
            throw Rejection(.transferAccountIDNotFoundServer)
        }
        guard !row.isExpired(at: s.now) else { throw Rejection(.transferAccountExpiredServer) }
        guard !(cfg.oneTime && row.used) else { throw Rejection(.transferAccountAlreadyUsedServer) }
        guard !row.isBlocked(at: s.now) else { throw Rejection(.transferAccountBlockedServer) }
        guard cfg.passwordFormat == .disabled || password == row.password else {
            throw Rejection(.transferAccountWrongPasswordServer)
        }
        guard let user = try UserRow.fetch(s.db, row.userId) else { throw Rejection(.transferAccountIDNotFoundServer) }
        return ValidateTransferAccountResponse(s.caller.header(), member: MemberView.summary(s.backend, user: user))
    }

    static let placeholderInfo = MemberInfo(
        "KR",
        usimCountryCode: "KR",
        language: "en",
        osCode: "IOS",
        telecom: "gbfuzz",
        storeCode: "AS",
        network: "WIFI",
        deviceModel: "gbfuzz-device",
        osVersion: "17.0",
        sdkVersion: "2.70.0",
        clientVersion: "1.0.0"
    )
}
