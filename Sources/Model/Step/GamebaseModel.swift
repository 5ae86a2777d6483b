import Protocol

/// The reference model of Gamebase semantics (docs/PROTOCOL.md) under a set of knobs. Pure: no I/O,
/// no clocks; time enters only as the ``ClockWindow`` of each step.
package struct GamebaseModel: Sendable {
    package var semantics: Semantics

    package init(semantics: Semantics = .default) { self.semantics = semantics }

    /// The most paths through the choice points of one step the model enumerates (per state).
    package static let maxPaths = 256

    /// Every outcome the server may give to `op` in `state` when it handles it within `window`.
    /// More than one when a deadline falls inside the window, when the protocol leaves a choice
    /// open, or when an earlier answer was lost and that operation may have been applied first.
    ///
    /// Throws ``ModelError/harness(_:)`` when the state is inconsistent (an entry it refers to is
    /// missing) and ``ModelError/overflow(_:)`` when a step has more than ``maxPaths`` paths:
    /// outcomes are never dropped silently.
    package func step(_ state: ModelState, _ op: Op, _ window: ClockWindow) throws(ModelError) -> [Outcome] {
        // Nothing lost and pending (nearly every step): the state itself is the one start.
        if state.pending.isEmpty { return try evaluate(state, op, window) }
        var starts = [state]
        for p in state.pending {
            var applied: [ModelState] = []
            for st in starts where st.pending.contains(p) {
                var without = st
                without.pending.removeAll { $0 == p }
                let w = ClockWindow(lo: p.since, hi: max(p.since, window.hi))
                applied += try evaluate(without, p.op, w).map(\.next)
            }
            starts += applied
        }
        var out: [Outcome] = []
        for st in starts { out += try evaluate(st, op, window) }
        return out
    }

    /// Outcomes of `op` on one state, one per path through its choice points.
    func evaluate(_ state: ModelState, _ op: Op, _ window: ClockWindow) throws(ModelError) -> [Outcome] {
        var out: [Outcome] = []
        var script: [Bool] = []
        for _ in 0..<Self.maxPaths {
            var e = Evaluator(
                sem: semantics,
                op: op,
                s: state,
                paths: Paths(window: window, floor: state.timeFloor, script: script, known: state.passedDeadlines)
            )
            var o: Outcome
            do throws(MissingState) {
                try e.applyDeadlines()
                o = try e.run()
            } catch {
                throw .harness(HarnessError(op, error, stage: .predicting))
            }
            o.next.timeFloor = e.paths.floor
            o.next.remember(e.paths.learned)
            out.append(o)
            guard let n = e.paths.nextScript() else { return out }
            script = n
        }
        throw .overflow(BeliefOverflow(.paths, limit: Self.maxPaths, op))
    }

    /// The state after `state` has reached `window` with no operation (deadlines applied): one
    /// state per path through the deadlines that fall inside the window.
    package func settle(_ state: ModelState, at window: ClockWindow) throws(ModelError) -> [ModelState] {
        var out: [ModelState] = []
        var script: [Bool] = []
        let op = Op(id: -1, action: .advanceClock(seconds: 0))
        for _ in 0..<Self.maxPaths {
            var e = Evaluator(
                sem: semantics,
                op: op,
                s: state,
                paths: Paths(window: window, floor: state.timeFloor, script: script, known: state.passedDeadlines)
            )
            do throws(MissingState) {
                try e.applyDeadlines()
            } catch {
                throw .harness(HarnessError(op, error, stage: .predicting))
            }
            e.s.timeFloor = e.paths.floor
            out.append(e.s)
            guard let n = e.paths.nextScript() else { return out }
            script = n
        }
        throw .overflow(BeliefOverflow(.paths, limit: Self.maxPaths, op))
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
        .authNotSupportedProvider, .authBannedMember, .idpLoginExternalAuthRequired, .parameterTooLong,
        .authNotExistMember, .notPlayable, .invalidMember, .authInvalidMember,
    ]
}
