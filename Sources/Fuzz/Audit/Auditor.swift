import Model
import Protocol

/// The end-of-run audit: asks the server, through the Server API, for its view of each player's
/// world — E4 and E3 for every user the player observed, E7 for every account it used, E1 for
/// every token it holds (live or dead) — and judges the answers with the player's own oracle, at
/// the audit's clock window (deadlines that passed meanwhile are applied).
///
/// Bounded: players are audited `concurrency` at a time, and no new request starts after the
/// deadline (each request is itself bounded by the transport's timeout); what was not audited is
/// counted, never silently skipped.
package struct Auditor: Sendable {
    package let executor: any OperationExecutor
    package let clock: ClockTracker

    package init(executor: any OperationExecutor, clock: ClockTracker) {
        self.executor = executor
        self.clock = clock
    }

    /// What the audit found and how far it got.
    package struct Result: Sendable {
        package var violations: [Violation] = []
        /// Players whose every audit request was answered and judged.
        package var audited = 0
        /// Players left (partly) unaudited because the time budget ran out or the run was stopped.
        package var unfinished = 0
        /// Requests sent.
        package var requests = 0
        /// The players after their audit, in the order given (their model-health counts include
        /// what the audit's answers did to their beliefs).
        package var players: [Player] = []

        package init() {}
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

    /// Audits `players`, `concurrency` at a time, starting no request after `deadline`.
    /// `progress(done, total)` is called as players finish.
    package func audit(
        _ players: [Player],
        concurrency: Int = 8,
        deadline: ContinuousClock.Instant? = nil,
        progress: @Sendable (Int, Int) -> Void = { _, _ in }
    ) async -> Result {
        guard players.first?.configuration.capabilities.serverAPI ?? false else { return Result() }
        var result = Result()
        result.players = players
        var next = 0
        var done = 0
        await withTaskGroup(of: Audited.self) { group in
            func launch() {
                let (index, player) = (next, players[next])
                next += 1
                group.addTask { await self.audit(player, index: index, deadline: deadline) }
            }
            while next < min(players.count, max(1, concurrency)) { launch() }
            for await r in group {
                done += 1
                result.violations += r.violations
                result.requests += r.requests
                result.players[r.index] = r.player
                if r.finished { result.audited += 1 } else { result.unfinished += 1 }
                progress(done, players.count)
                if next < players.count { launch() }
            }
        }
        return result
    }

    /// One player's audit.
    private struct Audited: Sendable {
        var index: Int
        var player: Player
        var violations: [Violation] = []
        var requests = 0
        var finished = true
    }

    /// Audits one player; stops at its first violation, at the deadline or on cancellation.
    private func audit(_ original: Player, index: Int, deadline: ContinuousClock.Instant?) async -> Audited {
        var out = Audited(index: index, player: original)
        for a in Self.actions(for: original) {
            if Task.isCancelled || deadline.map({ ContinuousClock.now >= $0 }) ?? false {
                out.finished = false
                return out
            }
            guard out.player.canSend(a) else { continue }
            let planned = out.player.make(a, now: clock.now())
            let (_, v) = await out.player.execute(planned, with: executor, clock: clock)
            out.requests += 1
            if !v.violations.isEmpty {
                out.violations = v.violations
                return out
            }
        }
        return out
    }
}
