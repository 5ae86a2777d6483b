import Protocol

/// Get own member, get mapping list, withdraw immediately (docs/PROTOCOL.md §2.9, §2.10).
enum OwnMember {
    static func get(_ s: OperationScope) throws -> ClientReplyBody {
        let (_, user) = try s.authenticate()
        return ClientReplyBody(header: s.caller.header(), member: try s.member(user, lastLoginDate: user.lastLoginDate))
    }

    static func mappingList(_ s: OperationScope) throws -> ClientReplyBody {
        let (_, user) = try s.authenticate()
        let codes = try MappingRow.of(s.db, user: user.userId).map { IdPCode($0.idPCode) }
        return ClientReplyBody(header: s.caller.header(), authMappingList: codes)
    }

    /// W1, W7: withdrawn at once, also from temporary withdrawal; history `WAA`.
    static func withdraw(_ s: OperationScope) throws -> ClientReplyBody {
        let (_, user) = try s.authenticate()
        try Effects.withdraw(s.db, s.backend, user: user, at: s.now, event: "WAA", regUser: nil)
        return ClientReplyBody(header: s.caller.header())
    }
}
