import GRDB
import Protocol
import RequestInput

/// Add mapping (docs/PROTOCOL.md §2.5).
enum AddMapping {
    /// What the checks decided: answer now, or map this account.
    enum Decision: Sendable {
        case answer(ClientReplyBody)
        case map(IdPAccount)
    }

    static func run(_ s: OperationScope, _ input: AddMappingInput) throws -> ClientReplyBody {
        switch try check(s, input) {
        case .answer(let body): return body
        case .map(let account): return try apply(s, account, idPAccessToken: input.accessToken)
        }
    }

    /// Steps 1–3: the preamble, 3304, then the configured precedence of 3305 / 3303 / 3302.
    static func check(_ s: OperationScope, _ input: AddMappingInput) throws -> Decision {
        let (_, user) = try s.authenticate()
        let x = input.idPCode
        guard s.backend.isConfigured(x) else { throw Rejection(s.semantics.unconfiguredIdPCode(mapping: true)) }  // L13
        var account: IdPAccount?
        for code in s.semantics.mapping.addPrecedence {
            switch code {
            case .addMappingCannotAddGuestIdP where x == IdPCode.guest.rawValue:
                throw Rejection(.addMappingCannotAddGuestIdP)  // M5
            case .addMappingAlreadyHasSameIdP where !s.bug(.sameIdPTwice):
                if try hasIdPType(s.db, user: user.userId, x) { throw Rejection(.addMappingAlreadyHasSameIdP) }  // M1
            case .addMappingAlreadyMappedToOtherMember where x != IdPCode.guest.rawValue:
                // Verification happens immediately before the ownership check (F1).
                guard let a = s.verify(input.accessToken ?? "", idPCode: x) else {
                    throw Rejection(.idpLoginFailed, "forged IdP token")
                }
                guard s.lineRegionOK(x, input.lineChannelRegion) else {
                    throw Rejection(.idpLoginFailed, "unknown LINE region")
                }
                account = a
                if let owner = try MappingRow.owner(s.db, x, a.idPId), owner.userId != user.userId {
                    // M2: another user's account.
                    return .answer(try ticket(s, requester: user, owner: owner, idPToken: input.accessToken ?? ""))
                }
            default: break
            }
        }
        guard let account else { throw Rejection(.addMappingCannotAddGuestIdP) }  // unreachable: guest fails above
        return .map(account)
    }

    static func hasIdPType(_ db: Database, user: String, _ idPCode: String) throws -> Bool {
        try db.int("SELECT 1 FROM mapping WHERE userId = ? AND idPCode = ? LIMIT 1", [user, idPCode]) != nil
    }

    /// 3302 with a forcing-mapping ticket naming the owner (docs/PROTOCOL.md §1.9). The ticket is
    /// stored, so this failure commits; with `mapping.forcing: none` it is a plain 3302.
    static func ticket(_ s: OperationScope, requester: UserRow, owner: MappingRow, idPToken: String) throws
        -> ClientReplyBody
    {
        guard s.semantics.mapping.forcing == .ticket else { throw Rejection(.addMappingAlreadyMappedToOtherMember) }
        let ownerValid = try UserRow.fetch(s.db, owner.userId)?.valid ?? .normal
        var key = Identifiers.forcingMappingKey()
        while try TicketRow.fetch(s.db, key: key) != nil { key = Identifiers.forcingMappingKey() }
        let row = TicketRow(
            forcingMappingKey: key,
            userId: requester.userId,
            mappedUserId: owner.userId,
            idPCode: owner.idPCode,
            idPId: owner.idPId,
            expiresAt: s.now + s.semantics.mapping.forcingTicketLifetimeSeconds * 1000
        )
        try row.insert(s.db)
        return ClientReplyBody(
            header: s.caller.header(.addMappingAlreadyMappedToOtherMember),
            forcingMappingTicket: ForcingMappingTicket(
                userId: requester.userId,
                mappedUserId: owner.userId,
                mappedUserValid: ownerValid,
                idPCode: IdPCode(owner.idPCode),
                idPId: s.semantics.shapes.ticketIdPId == .required ? owner.idPId : nil,
                forcingMappingKey: key,
                expirationDate: row.expiresAt,
                accessToken: idPToken
            )
        )
    }

    /// Step 4 (also the end of add mapping forcibly): the account joins the caller's user; a
    /// guest-only user loses its guest entry and the session switches to the new IdP unless
    /// `mapping.fromGuest` keeps both (M4), and its TransferAccount and TransferKey go unless
    /// `mapping.transferCredentials` keeps them (T14).
    /// `idPAccessToken`: the IdP token that mapped `account`; a session it moves to `account` keeps it (E16).
    static func apply(_ s: OperationScope, _ account: IdPAccount, idPAccessToken: String?) throws -> ClientReplyBody {
        var (session, user) = try s.authenticate()
        let before = try MappingRow.of(s.db, user: user.userId)
        if before.contains(where: { $0.idPCode == account.idPCode.rawValue && $0.idPId == account.idPId }) {
            // Only reachable with same-idp-twice: the account is already this user's.
            return try s.authToken(session, user: user, lastLoginDate: user.lastLoginDate)
        }
        do {
            try MappingRow(idPCode: account.idPCode.rawValue, idPId: account.idPId, userId: user.userId, regDate: s.now)
                .insert(s.db)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            // The UNIQUE indexes decide races the checks did not see (only possible with race-mapping).
            throw Rejection(.addMappingAlreadyHasSameIdP, "constraint: \(error.message ?? "")")
        }
        let hadGuest = before.contains(where: { $0.idPCode == IdPCode.guest.rawValue })
        let replaces = s.semantics.mapping.fromGuest == .replace
        if replaces, hadGuest {
            if !s.bug(.guestKeptAfterMapping) {
                try MappingRow.delete(s.db, user: user.userId, idPCode: IdPCode.guest.rawValue)
            }
            try SessionRow.setLoggedInIdP(
                s.db,
                token: session.token,
                idPCode: account.idPCode.rawValue,
                idPId: account.idPId,
                idPAccessToken: s.bug(.idPCredentialLostOnMapping) ? nil : idPAccessToken
            )
            session.idPCode = account.idPCode.rawValue
            session.idPId = account.idPId
        }
        // The user stopped being guest-only (with fromGuest keep: it was guest-only before).
        let wasGuestOnly = replaces ? hadGuest : (hadGuest && before.count == 1)
        if wasGuestOnly, s.semantics.mapping.transferCredentials == .delete {
            try Effects.dropTransferCredentials(s.db, user: user.userId)
        }
        user = try UserRow.fetch(s.db, user.userId) ?? user
        return try s.authToken(session, user: user, lastLoginDate: user.lastLoginDate)
    }
}
