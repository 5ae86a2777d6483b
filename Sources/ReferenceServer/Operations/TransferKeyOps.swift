import Protocol

/// The legacy TransferKey API (docs/PROTOCOL.md §2.14, T13), behind `transferKey.enabled`.
enum TransferKeyOps {
    static func issue(_ s: OperationScope, expiresIn: Int64) throws -> ClientReplyBody {
        let (_, user) = try s.authenticate()
        guard s.semantics.transferKey.enabled else { throw Rejection(.notSupported) }
        guard try TransferAccountOps.isGuestOnly(s.db, user.userId) else { throw Rejection(.notGuestOrHasOthers) }
        guard expiresIn >= 1, expiresIn <= s.semantics.transferKey.maxExpiresInSeconds else {
            throw Rejection(.invalidParameter, "expiresIn out of range")
        }
        var key = Identifiers.transferKey()
        while try TransferKeyRow.keyExists(s.db, key) { key = Identifiers.transferKey() }
        let row = TransferKeyRow(
            userId: user.userId,
            transferKey: key,
            regDate: s.now,
            expireDate: s.now + expiresIn * 1000
        )
        try row.save(s.db)
        return ClientReplyBody(
            header: s.caller.header(),
            transferKey: TransferKeyInfo(transferKey: key, regDate: row.regDate, expireDate: row.expireDate)
        )
    }

    static func login(_ s: OperationScope, key: String) throws -> ClientReplyBody {
        try s.requirePlayable()  // L14
        guard s.semantics.transferKey.enabled else { throw Rejection(.notSupported) }
        try TransferLogin.requireGuestOrLoggedOut(s)
        guard var row = try TransferKeyRow.fetch(s.db, key: key) else { throw Rejection(.transferKeyNotExist) }
        guard !row.consumed else { throw Rejection(.transferKeyConsumed) }
        guard s.now < row.expireDate else { throw Rejection(.transferKeyExpired) }
        guard let user = try UserRow.fetch(s.db, row.userId) else { throw Rejection(.transferKeyNotExist) }
        if let failure = try TransferLogin.refusal(s, user) {
            throw Rejection(failure.header.resultCode, banInfo: failure.banInfo)
        }
        row.consumed = true
        try row.save(s.db)
        return try TransferLogin.transfer(s, user)
    }
}
