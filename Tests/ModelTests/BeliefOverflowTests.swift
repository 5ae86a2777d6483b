import Model
import Protocol
import Testing

/// Nothing beyond a cap is dropped silently: a step with more paths than the model enumerates,
/// or a belief with more states than it keeps, is reported as a belief overflow.
@Suite("Belief overflow")
struct BeliefOverflowTests {
    typealias S = Sim

    /// `n` banned users that became lost: releasing them is open per user (PROTOCOL.md does not
    /// say whether a lost user is "currently banned"), so one release has 2^n paths.
    static func lostBannedUsers(_ n: Int) -> (sim: Sim, users: [UserArg]) {
        var sim = Sim()
        var users: [Sym] = []
        for i in 0..<n {
            let step = sim.login(DeviceRef(i))
            users.append(sim.user(of: step))
        }
        sim.expect(.success, .serverBan(users: users.map { .user($0) }, ban: BanSpec(banType: "PERMANENT")))
        for u in users { sim.state.users[u]?.lost = true }
        return (sim, users.map { .user($0) })
    }

    @Test("A step with exactly maxPaths paths is enumerated in full")
    func atTheCap() throws {
        let (sim, users) = Self.lostBannedUsers(8)
        let op = Op(id: 99, action: .serverRelease(users: users))
        let outcomes = try sim.model.step(sim.state, op, ClockWindow(exactly: sim.now))
        #expect(outcomes.count == GamebaseModel.maxPaths)
    }

    @Test("A step with more than maxPaths paths is a belief overflow, not a truncated list of outcomes")
    func pastThePathCap() {
        let (sim, users) = Self.lostBannedUsers(9)
        let op = Op(id: 99, action: .serverRelease(users: users))
        let expected = BeliefOverflow(.paths, limit: GamebaseModel.maxPaths, op)
        #expect(throws: ModelError.overflow(expected)) {
            try sim.model.step(sim.state, op, ClockWindow(exactly: sim.now))
        }
        #expect(expected.description.hasSuffix("(step 99): more than 256 outcome paths"))
    }

    @Test("Belief.observe reports the path overflow (the answer is not judged) and keeps its states")
    func beliefPathOverflow() {
        let (sim, users) = Self.lostBannedUsers(9)
        var belief = Belief(model: sim.model, initial: sim.state)
        let op = Op(id: 99, action: .serverRelease(users: users))
        // Not judged: the model cannot enumerate the outcomes it would be judged against.
        let answer = Observation.client(ClientReplyBody(header: ResponseHeader(transactionId: "x", code: .success)))
        let m = Matcher(identities: Identities(salt: "t"), semantics: .default)
        #expect(throws: ModelError.overflow(BeliefOverflow(.paths, limit: GamebaseModel.maxPaths, op))) {
            try belief.observe(op, ClockWindow(exactly: sim.now), answer, matcher: m)
        }
        #expect(belief.states == [sim.state])
    }

    @Test("Lost answers multiply the belief's states past maxStates: the belief reports it overflows")
    func beliefStateOverflow() throws {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        var belief = Belief(model: sim.model, initial: sim.state)
        let w = ClockWindow(exactly: sim.now)
        // Each lost member.get may or may not have been applied: 2^7 = 128 pending combinations.
        for i in 0..<7 { belief.observeLost(Op(id: 50 + i, action: .getMember(device: S.d0, token: S.token(s))), w) }
        let probe = Op(id: 60, action: .mappingList(device: S.d0, token: S.token(s)))
        let m = Matcher(identities: Identities(salt: "t"), semantics: .default)
        let answer = ClientReplyBody(
            header: ResponseHeader(transactionId: "x", code: .success),
            authMappingList: [.google]
        )
        let j = try belief.observe(probe, w, .client(answer), matcher: m)
        #expect(j.matched)
        #expect(belief.states.count > Belief.maxStates && belief.isOverflowing)
    }
}
