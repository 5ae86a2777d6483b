import Model
import Protocol

/// The end-of-run audit: asks the server, through the Server API, for its view of each player's
/// world — E4 and E3 for every user the player observed, E7 for every account it used, E1 for
/// every token it holds (live or dead) — and judges the answers with the player's own oracle, at
/// the audit's clock window (deadlines that passed meanwhile are applied).
package struct Auditor: Sendable {
    package let executor: any OperationExecutor
    package let clock: ClockTracker

    package init(executor: any OperationExecutor, clock: ClockTracker) {
        self.executor = executor
        self.clock = clock
    }

    /// The audit operations for `player`'s current world.
    package static func actions(for player: Player) -> [Action] {
        let st = player.belief.primary
        let users = st.boundUsers
        var out: [Action] = []
        if !users.isEmpty { out.append(.serverMembers(users: users.prefix(300).map { .user($0) })) }
        out += users.map { .serverMember(user: .user($0)) }
        for code in player.configuration.idPCodes {
            let accounts = (1...max(1, player.configuration.accountsPerIdP)).map { AccountRef(code, $0) }
            out.append(.serverIdP(idPCode: code, accounts: accounts))
        }
        out.append(
            .serverIdP(
                idPCode: .guest,
                accounts: (0..<max(1, player.configuration.devicesPerPlayer)).map { .guest(DeviceRef($0)) }
            )
        )
        for (t, tok) in st.tokens.sorted(by: { $0.key < $1.key })
        where st.value(of: t) != nil && st.value(of: tok.user) != nil {
            out.append(.serverToken(user: .user(tok.user), token: .token(t), linkedIdP: true))
        }
        return out
    }

    /// Audits every player (sequentially per player); returns the violations found.
    package func audit(_ players: inout [Player]) async -> [Violation] {
        guard players.first?.configuration.capabilities.serverAPI ?? false else { return [] }
        var found: [Violation] = []
        for i in players.indices {
            for a in Self.actions(for: players[i]) {
                guard players[i].canSend(a) else { continue }
                let planned = players[i].make(a, now: clock.now())
                let (_, v) = await players[i].execute(planned, with: executor, clock: clock)
                found += v.violations
                if !v.violations.isEmpty { break }
            }
        }
        return found
    }
}
