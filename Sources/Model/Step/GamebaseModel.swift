import Protocol

/// The reference model of Gamebase semantics (docs/PROTOCOL.md) under a set of knobs. Pure: no I/O,
/// no clocks; time enters only as the ``ClockWindow`` of each step.
package struct GamebaseModel: Sendable {
    package var semantics: Semantics

    package init(semantics: Semantics = .default) { self.semantics = semantics }

    /// Every outcome the server may give to `op` in `state` when it handles it within `window`.
    /// More than one when a deadline falls inside the window, when the protocol leaves a choice
    /// open, or when an earlier answer was lost and that operation may have been applied first.
    package func step(_ state: ModelState, _ op: Op, _ window: ClockWindow) -> [Outcome] {
        var starts = [state]
        for p in state.pending {
            var applied: [ModelState] = []
            for st in starts where st.pending.contains(p) {
                var without = st
                without.pending.removeAll { $0 == p }
                let w = ClockWindow(lo: p.since, hi: max(p.since, window.hi))
                applied += evaluate(without, p.op, w).map(\.next)
            }
            starts += applied
        }
        return starts.flatMap { evaluate($0, op, window) }
    }

    /// Outcomes of `op` on one state, one per path through its choice points.
    func evaluate(_ state: ModelState, _ op: Op, _ window: ClockWindow) -> [Outcome] {
        var out: [Outcome] = []
        var script: [Bool] = []
        for _ in 0..<256 {
            var e = Evaluator(
                sem: semantics,
                op: op,
                s: state,
                paths: Paths(window: window, floor: state.timeFloor, script: script, known: state.passedDeadlines)
            )
            e.applyDeadlines()
            var o = e.run()
            o.next.timeFloor = e.paths.floor
            o.next.remember(e.paths.learned)
            out.append(o)
            guard let n = e.paths.nextScript() else { break }
            script = n
        }
        return out
    }

    /// The state after `state` has reached `window` with no operation (deadlines applied): one
    /// state per path through the deadlines that fall inside the window.
    package func settle(_ state: ModelState, at window: ClockWindow) -> [ModelState] {
        var out: [ModelState] = []
        var script: [Bool] = []
        for _ in 0..<256 {
            var e = Evaluator(
                sem: semantics,
                op: Op(id: -1, action: .advanceClock(seconds: 0)),
                s: state,
                paths: Paths(window: window, floor: state.timeFloor, script: script, known: state.passedDeadlines)
            )
            e.applyDeadlines()
            e.s.timeFloor = e.paths.floor
            out.append(e.s)
            guard let n = e.paths.nextScript() else { break }
            script = n
        }
        return out
    }
}

extension GamebaseModel {
    /// Every result code the model can predict (under some knobs), for coverage accounting.
    package static let predictableCodes: Set<ResultCode> = [
        .success, .notLoggedIn, .invalidParameter, .bannedMember, .sameRequestor, .notGuestOrHasOthers, .notSupported,
        .authInvalidGamebaseToken, .transferKeyExpired, .transferKeyConsumed, .transferKeyNotExist,
        .transferAccountExpired, .transferAccountBlock, .transferAccountInvalidID, .transferAccountInvalidPassword,
        .transferAccountConsoleNoCondition, .transferAccountNotExist, .transferAccountAlreadyExistID,
        .transferAccountAlreadyUsed, .tokenLoginInvalidTokenInfo, .tokenLoginInvalidLastLoggedInIdP, .idpLoginFailed,
        .idpLoginInvalidIdPInfo, .addMappingAlreadyMappedToOtherMember, .addMappingAlreadyHasSameIdP,
        .addMappingInvalidIdPInfo, .addMappingCannotAddGuestIdP, .forciblyNotExistKey, .forciblyAlreadyUsedKey,
        .forciblyExpiredKey, .forciblyDifferentIdP, .forciblyDifferentAuthKey, .removeMappingFailed,
        .removeMappingLastMappedIdP, .removeMappingLoggedInIdP, .withdrawAlreadyTemporaryWithdraw,
        .withdrawNotTemporaryWithdraw, .missingParameter, .undefinedValue, .inappropriateValue,
        .gatewayInvalidAccessToken, .gatewayInvalidUser, .memberNotExist, .memberAlreadyWithdrawn,
        .transferAccountAlreadyUsedServer, .transferAccountExpiredServer, .transferAccountBlockedServer,
        .transferAccountWrongPasswordServer, .transferAccountIDNotFoundServer, .productNotEnabled,
    ]
}
