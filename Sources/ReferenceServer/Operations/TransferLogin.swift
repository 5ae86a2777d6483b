import GRDB
import Protocol
import RequestInput

/// Transfer login with a TransferAccount (docs/PROTOCOL.md §2.13): the fail counter, the block,
/// and the move of the guest account to this device.
enum TransferLogin {
    enum Step: Sendable {
        case answer(ClientReplyBody)
        /// A wrong password; the count read before this attempt.
        case wrongPassword(TransferAccountRow)
    }

    /// One transaction: steps 1–10.
    static func run(_ s: OperationScope, _ input: TransferLoginInput) throws -> ClientReplyBody {
        switch try attempt(s, input) {
        case .answer(let body): return body
        case .wrongPassword(let row): return try recordFailure(s, row, failCount: row.failCount + 1)
        }
    }

    /// Steps 1–5, then either the wrong-password outcome (left to the caller) or steps 7–10.
    static func attempt(_ s: OperationScope, _ input: TransferLoginInput) throws -> Step {
        try s.requirePlayable()  // L14
        let cfg = s.semantics.transferAccount
        guard cfg.enabled else { throw Rejection(.transferAccountConsoleNoCondition) }  // T1
        try requireGuestOrLoggedOut(s)  // T3
        let perDevice = cfg.wrongIds == .perDevice
        let device = perDevice ? try WrongIdDeviceRow.fetch(s.db, device: s.caller.device, at: s.now) : nil
        if let device, device.isBlocked(at: s.now) {
            var r = Rejection(.transferAccountBlock)  // T15
            r.failTransferAccount = failInfo(s, device, id: input.accountId)
            throw r
        }
        guard let row = try TransferAccountRow.fetch(s.db, accountId: input.accountId) else {
            guard perDevice else { throw Rejection(.transferAccountInvalidID) }
            return .answer(try countWrongId(s, device, id: input.accountId))  // T15
        }
        guard !row.isExpired(at: s.now) else { throw Rejection(.transferAccountExpired) }  // T10
        guard !(cfg.oneTime && row.used) else { throw Rejection(.transferAccountAlreadyUsed) }
        guard !row.isBlocked(at: s.now) else {
            var r = Rejection(.transferAccountBlock)  // T8
            r.failTransferAccount = failInfo(s, row)
            throw r
        }
        if cfg.passwordFormat != .disabled, input.accountPassword != row.password { return .wrongPassword(row) }
        if row.failCount != 0 {
            try TransferAccountRow.setFailures(s.db, accountId: row.accountId, failCount: 0, blockEnd: nil)
        }
        if device != nil { try WrongIdDeviceRow.clear(s.db, device: s.caller.device) }
        // From here a failure keeps the reset count, so it is answered, not thrown.
        guard let user = try UserRow.fetch(s.db, row.userId) else {
            return .answer(ClientReplyBody(header: s.caller.header(.transferAccountInvalidID)))
        }
        if let failure = try refusal(s, user) { return .answer(failure) }
        if cfg.oneTime { try s.db.run("UPDATE transferAccount SET used = 1 WHERE userId = ?", [row.userId]) }
        return .answer(try transfer(s, user))
    }

    /// Counts a wrong password: the N-th consecutive one blocks (3042), earlier ones answer 3044.
    static func recordFailure(_ s: OperationScope, _ row: TransferAccountRow, failCount: Int) throws -> ClientReplyBody
    {
        var updated = row
        updated.failCount = failCount
        if failCount >= s.semantics.transferAccount.failThreshold, !s.bug(.transferNoBlock) {
            let end =
                s.semantics.transferAccount.blockSeconds.map { s.now + $0 * 1000 }
                ?? TransferAccountRow.permanentBlockEnd
            updated.blockEnd = end
            try TransferAccountRow.setFailures(s.db, accountId: row.accountId, failCount: failCount, blockEnd: end)
            s.backend.noteDeadline(end)
            return ClientReplyBody(
                header: s.caller.header(.transferAccountBlock),
                failTransferAccount: failInfo(s, updated)
            )
        }
        try TransferAccountRow.setFailures(s.db, accountId: row.accountId, failCount: failCount, blockEnd: nil)
        return ClientReplyBody(header: s.caller.header(.transferAccountInvalidPassword))
    }

    /// Counts an unknown id against the device (T15): the N-th consecutive one blocks the device
    /// (3042), earlier ones answer 3043.
    static func countWrongId(_ s: OperationScope, _ before: WrongIdDeviceRow?, id: String) throws -> ClientReplyBody {
        let cfg = s.semantics.transferAccount
        var device = before ?? WrongIdDeviceRow(deviceId: s.caller.device, failCount: 0, regDate: s.now)
        device.failCount += 1
        guard device.failCount >= cfg.failThreshold else {
            try device.save(s.db)
            return ClientReplyBody(header: s.caller.header(.transferAccountInvalidID))
        }
        let end = cfg.blockSeconds.map { s.now + $0 * 1000 } ?? TransferAccountRow.permanentBlockEnd
        device.blockEnd = end
        try device.save(s.db)
        s.backend.noteDeadline(end)
        return ClientReplyBody(
            header: s.caller.header(.transferAccountBlock),
            failTransferAccount: failInfo(s, device, id: id)
        )
    }

    /// A device block's fail info: the id it was asked for, the device's count and block.
    static func failInfo(_ s: OperationScope, _ device: WrongIdDeviceRow, id: String) -> TransferAccountFailInfo {
        TransferAccountFailInfo(
            appId: s.backend.appId,
            id: id,
            failCount: device.failCount,
            blockEndDate: device.blockEnd ?? 0,
            regDate: device.regDate
        )
    }

    static func failInfo(_ s: OperationScope, _ row: TransferAccountRow) -> TransferAccountFailInfo {
        TransferAccountFailInfo(
            appId: s.backend.appId,
            id: row.accountId,
            failCount: row.failCount,
            blockEndDate: row.blockEnd ?? 0,
            regDate: row.regDate
        )
    }

    /// 9 when the device's live session is logged in with an IdP other than guest.
    static func requireGuestOrLoggedOut(_ s: OperationScope) throws {
        if let current = try s.liveDeviceSession(), current.idPCode != IdPCode.guest.rawValue {
            throw Rejection(.notGuestOrHasOthers)
        }
    }

    /// 9 when the account is no longer guest-only (T2: only reachable with
    /// `mapping.transferCredentials: keep`, else its mapping deleted the credentials), 8 when this
    /// device already holds the account's guest key (T5), 7 when it is banned.
    static func refusal(_ s: OperationScope, _ user: UserRow) throws -> ClientReplyBody? {
        let mappings = try MappingRow.of(s.db, user: user.userId)
        if !(mappings.count == 1 && mappings[0].idPCode == IdPCode.guest.rawValue) {
            return ClientReplyBody(header: s.caller.header(.notGuestOrHasOthers))
        }
        if !s.bug(.transferSameDevice),
            try MappingRow.owner(s.db, IdPCode.guest.rawValue, s.caller.device)?.userId == user.userId
        {
            return ClientReplyBody(header: s.caller.header(.sameRequestor))
        }
        if user.isBanned {
            return ClientReplyBody(
                header: s.caller.header(s.semantics.ban.code),
                banInfo: MemberView.banInfo(user, s.semantics)
            )
        }
        return nil
    }

    /// Step 10 (T4): the guest key moves here, the account's tokens die, this device's previous
    /// guest account is lost, and a guest session for the account opens on this device.
    static func transfer(_ s: OperationScope, _ user: UserRow) throws -> ClientReplyBody {
        let guest = IdPCode.guest.rawValue
        let device = s.caller.device
        if let previous = try MappingRow.owner(s.db, guest, device), previous.userId != user.userId {
            try s.db.run("DELETE FROM mapping WHERE idPCode = ? AND idPId = ?", [guest, device])
            try Effects.loseIfEmpty(
                s.db,
                user: previous.userId,
                remember: s.semantics.tokens.goneMember != .invalidToken
            )
        }
        try s.db.run("UPDATE mapping SET idPId = ? WHERE userId = ? AND idPCode = ?", [device, user.userId, guest])
        try SessionRow.revokeAll(s.db, user: user.userId)
        let (session, before) = try Effects.login(
            s.db,
            s.backend,
            user: user,
            device: device,
            account: IdPAccount(.guest, device),
            at: s.now
        )
        return try s.authToken(session, user: before, lastLoginDate: before.lastLoginDate)
    }
}
