import Model
import Protocol
import Testing

/// An inconsistent model state (a symbol bound in one place and missing in another) must never
/// trap: the step or the matcher reports a harness error naming the operation and what was missing.
@Suite("Harness errors")
struct HarnessErrorTests {
    typealias S = Sim

    static func success() -> Observation {
        .client(ClientReplyBody(header: ResponseHeader(transactionId: "x", code: .success)))
    }

    /// The error the model throws for `op` in `state` (`nil` when it predicts outcomes).
    static func error(_ sim: Sim, _ state: ModelState, _ op: Op) -> ModelError? {
        do {
            _ = try sim.model.step(state, op, ClockWindow(exactly: sim.now))
            return nil
        } catch {
            return error
        }
    }

    @Test("member.get with a session whose user is missing is a harness error naming member.get and the user")
    func missingSessionUser() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        var state = sim.state
        state.users[u] = nil
        let op = Op(id: 9, action: .getMember(device: S.d0, token: S.token(s)))
        let expected = HarnessError(op, MissingState(u), stage: .predicting)
        #expect(Self.error(sim, state, op) == .harness(expected))
        #expect(expected.kind == .memberGet && expected.step == 9)
        #expect(expected.description == "member.get d0 T\(s) (step 9, predicting): no user U\(s) in the model state")
    }

    @Test("login.idp of an account whose owner is missing is a harness error, not a new user")
    func missingOwner() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        var state = sim.state
        state.users[u] = nil
        let op = Op(id: 9, action: .loginIdP(device: S.d1, credential: .valid(S.g1), ignoreAlreadyLoggedIn: false))
        #expect(Self.error(sim, state, op) == .harness(HarnessError(op, MissingState(u), stage: .predicting)))
    }

    @Test("transfer.renew of a user whose TransferAccount is missing is a harness error naming the TransferAccount")
    func missingTransferAccount() throws {
        var sim = Sim()
        let s = sim.login(S.d0)
        let issue = sim.expect(.success, .issueTransferAccount(device: S.d0, token: S.token(s)))
        let a = Sym(.transferAccount, issue)
        var state = sim.state
        #expect(state.users[sim.user(of: s)]?.transferAccount == a)
        state.transferAccounts[a] = nil
        let op = Op(id: 9, action: .renewTransferAccount(device: S.d0, token: S.token(s), renewal: .autoPassword))
        let error = Self.error(sim, state, op)
        guard case .harness(let h) = error else {
            Issue.record("expected a harness error, got \(String(describing: error))")
            return
        }
        #expect(h.kind == .transferRenew && h.missing == MissingState(a))
        #expect(h.description.hasSuffix("no TransferAccount A\(issue) in the model state"))
    }

    @Test("Matcher: an expectation naming a user the outcome's state lacks is a harness error, not a mismatch")
    func matcherMissingUser() {
        let u = Sym(.user, 7)
        let op = Op(id: 12, action: .mappingList(device: S.d0, token: .token(Sym(.token, 3))))
        let o = Outcome(
            code: .success,
            rule: .L12,
            because: "live session",
            expectations: [.mappingList(user: u)],
            next: ModelState()
        )
        let m = Matcher(identities: Identities(salt: "t"), semantics: .default)
        #expect(throws: HarnessError(op, MissingState(u), stage: .matching)) { try m.match(o, Self.success(), op: op) }
    }

    @Test("Matcher: a new token missing from the outcome's state, and a missing pending field, are harness errors")
    func matcherMissingTokenAndField() {
        var sim = Sim()
        let s = sim.login(S.d0)
        let u = sim.user(of: s)
        let t = Sym(.token, 4)
        let op = Op(id: 4, action: .loginGuest(device: S.d0, ignoreAlreadyLoggedIn: false))
        let m = Matcher(identities: Identities(salt: "t"), semantics: .default)
        let tokenBody = ClientReplyBody(
            header: ResponseHeader(transactionId: "x", code: .success),
            token: TokenInfo(accessToken: "tok", expirationDate: 1)
        )
        let newToken = Outcome(
            code: .success,
            rule: .L10,
            because: "new token",
            expectations: [.newToken(t, expiry: Deadline(exactly: 1))],
            next: ModelState()
        )
        #expect(throws: HarnessError(op, MissingState(t), stage: .matching)) {
            try m.match(newToken, .client(tokenBody), op: op)
        }
        // The user exists but has no pending temporary withdrawal.
        let pending = Outcome(
            code: .success,
            rule: .W4,
            because: "T",
            expectations: [.temporaryWithdrawal(user: u)],
            next: sim.state
        )
        let twBody = ClientReplyBody(
            header: ResponseHeader(transactionId: "x", code: .success),
            temporaryWithdrawal: TemporaryWithdrawalInfo(gracePeriodDate: 5)
        )
        let error = HarnessError(op, MissingState(u, field: "temporaryWithdrawal"), stage: .matching)
        #expect(throws: error) { try m.match(pending, .client(twBody), op: op) }
        #expect(error.description.hasSuffix("no temporaryWithdrawal of user \(u) in the model state"))
    }

    @Test("Belief.observe reports a harness error and keeps its states; it is never judged as a violation")
    func beliefHarnessError() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        var state = sim.state
        state.users[u] = nil
        var belief = Belief(model: sim.model, initial: state)
        let op = Op(id: 9, action: .getMember(device: S.d0, token: S.token(s)))
        let m = Matcher(identities: Identities(salt: "t"), semantics: .default)
        #expect(throws: ModelError.harness(HarnessError(op, MissingState(u), stage: .predicting))) {
            try belief.observe(op, ClockWindow(exactly: sim.now), Self.success(), matcher: m)
        }
        #expect(belief.states == [state])
    }
}
