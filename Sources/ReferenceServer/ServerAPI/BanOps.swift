import Protocol
import RequestInput

/// E8 Ban, E11 Ban Release, E14 Withdraw (docs/PROTOCOL.md §3).
enum BanOps {
    /// E8 (B2, B4): unknown, withdrawn or lost users fail; others are banned from now.
    static func ban(_ s: OperationScope, _ input: BanInput) throws -> BanResponse {
        var failed: [String] = []
        for id in input.userIds {
            guard var user = try UserRow.fetch(s.db, id), user.valid != .withdrawn, user.valid != .lost else {
                failed.append(id)
                continue
            }
            user.banType = input.banType
            user.banBegin = s.now
            user.banEnd = input.banType == "TEMPORARY" ? input.end : nil
            user.banMessage = input.reason
            user.clearGraceBan()
            try user.update(s.db)
            if let end = user.banEnd { s.backend.noteDeadline(end) }
        }
        return BanResponse(s.caller.header(), failedUserIdList: failed)
    }

    /// E11: unknown or not currently banned users fail; others are released.
    static func release(_ s: OperationScope, _ ids: [String]) throws -> BanResponse {
        var failed: [String] = []
        for id in ids {
            guard var user = try UserRow.fetch(s.db, id), user.isBanned else {
                failed.append(id)
                continue
            }
            user.clearBan()
            try user.update(s.db)
        }
        return BanResponse(s.caller.header(), failedUserIdList: failed)
    }

    /// E14: withdrawn as §2.10 with event `WAES`.
    static func withdraw(_ s: OperationScope, userId: String, regUser: String) throws -> EmptyResponse {
        guard let user = try UserRow.fetch(s.db, userId) else { throw Rejection(.memberNotExist) }
        guard user.valid != .withdrawn else { throw Rejection(.memberAlreadyWithdrawn) }
        try Effects.withdraw(s.db, s.backend, user: user, at: s.now, event: "WAES", regUser: regUser)
        return EmptyResponse(header: s.caller.header())
    }
}
