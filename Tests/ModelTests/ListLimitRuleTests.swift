import Model
import Protocol
import Testing

@Suite("Server API list limits (PROTOCOL.md §1.3 row 11, §3)")
struct ListLimitRuleTests {
    typealias S = Sim

    @Test("E4 and E7 take at most 300 ids: 300 are looked up, 301 are -4000008 whatever they name")
    func lookupLimit() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        let accounts = (1...ListLimits.lookup).map { AccountRef(.google, $0) }
        let o = sim.run(.serverIdP(idPCode: .google, accounts: accounts))
        #expect(o.code == .success)
        sim.expect(
            .parameterTooLong,
            .serverIdP(idPCode: .google, accounts: accounts + [AccountRef(.google, 301)]),
            rule: .E7
        )
        let users = [UserArg](repeating: .user(u), count: ListLimits.lookup)
        sim.expect(.success, .serverMembers(users: users), rule: .E4)
        sim.expect(.parameterTooLong, .serverMembers(users: users + [.unknown]), rule: .E4)
    }

    @Test("E8 and E11 take at most 10,000 userIds: one more is -4000008, and nobody is banned")
    func userIdListLimit() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let u = sim.user(of: s)
        let many = [UserArg](repeating: .user(u), count: ListLimits.userIdList + 1)
        sim.expect(.parameterTooLong, .serverBan(users: many, ban: BanSpec(banType: "PERMANENT")), rule: .E8)
        #expect(sim.valid(u) == .normal)
        sim.expect(.parameterTooLong, .serverRelease(users: many), rule: .E11)
    }
}
