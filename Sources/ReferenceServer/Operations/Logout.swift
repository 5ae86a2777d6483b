import Protocol

/// Logout (docs/PROTOCOL.md §2.4, L5).
enum Logout {
    static func run(_ s: OperationScope) throws -> ClientReplyBody {
        let (session, _) = try s.authenticate(checkBan: false)
        let shed = s.bug(.logoutLostUnderLoad) && s.backend.arrivals.perSecond > ServerBug.overloadRate
        if !s.bug(.tokenSurvivesLogout), !shed {
            try SessionRow.revoke(s.db, token: session.token)
        }
        return ClientReplyBody(header: s.caller.header())
    }
}
