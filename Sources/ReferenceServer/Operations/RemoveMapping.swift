import Protocol

/// Remove mapping (docs/PROTOCOL.md §2.8, M6).
enum RemoveMapping {
    static func run(_ s: OperationScope, idPCode x: String) throws -> ClientReplyBody {
        let (session, user) = try check(s, idPCode: x)
        return try apply(s, user: user.userId, idPCode: x, keeping: session.token)
    }

    /// The preamble, 3401, then the configured precedence of 3402 / 3403.
    static func check(_ s: OperationScope, idPCode x: String) throws -> (SessionRow, UserRow) {
        let (session, user) = try s.authenticate()
        let mappings = try MappingRow.of(s.db, user: user.userId)
        guard mappings.contains(where: { $0.idPCode == x }) else { throw Rejection(.removeMappingFailed) }
        let lone = mappings.count == 1
        // remove-last-idp: a backend that only guards users with several mappings.
        let unguarded = lone && s.bug(.removeLastIdP)
        for code in s.semantics.mapping.removePrecedence where !unguarded {
            switch code {
            case .removeMappingLastMappedIdP where lone: throw Rejection(.removeMappingLastMappedIdP)
            case .removeMappingLoggedInIdP where session.idPCode == x: throw Rejection(.removeMappingLoggedInIdP)
            default: break
            }
        }
        return (session, user)
    }

    /// The mapping goes, and so does every other session of the user logged in with it.
    static func apply(_ s: OperationScope, user userId: String, idPCode x: String, keeping token: String) throws
        -> ClientReplyBody
    {
        try MappingRow.delete(s.db, user: userId, idPCode: x)
        try SessionRow.revoke(s.db, user: userId, loggedInWith: x, keeping: token)
        return ClientReplyBody(header: s.caller.header())
    }
}
