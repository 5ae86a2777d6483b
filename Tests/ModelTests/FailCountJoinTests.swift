import Model
import Protocol
import Testing

/// Open wrong-password counts: states that differ only in one TransferAccount's count join into one
/// that stands for exactly both (the linearizability checker's joins, docs/MODEL.md §7), and the
/// step that reads the count gives each possible count a path of its own.
@Suite("Transfer rules: open wrong-password counts (joined states)")
struct FailCountJoinTests {
    typealias S = Sim

    /// A guest on d0 with a TransferAccount, and `wrong` wrong passwords on it from d1.
    static func account(wrong: Int) -> (sim: Sim, issue: Int) {
        var sim = Sim()
        let (_, i) = TransferRuleTests.guestWithAccount(&sim)
        for _ in 0..<wrong {
            sim.expect(
                .transferAccountInvalidPassword,
                .transferLogin(device: S.d1, credentials: TransferRuleTests.creds(i, wrongPassword: true))
            )
        }
        return (sim, i)
    }

    static func counts(_ s: ModelState) -> [Int] { s.transferAccounts.values.first?.possibleFailCounts ?? [] }

    /// The states after 1 and after 3 wrong passwords on the same account, joined.
    static func joined() throws -> (state: ModelState, sim: Sim, issue: Int) {
        let one = Self.account(wrong: 1)
        let three = Self.account(wrong: 3)
        let j = try #require(three.sim.state.joiningFailCounts(one.sim.state))
        return (j, three.sim, three.issue)
    }

    @Test("states that differ only in one account's count join into one whose possible counts are both")
    func joinsCounts() throws {
        let (j, _, _) = try Self.joined()
        #expect(Self.counts(j) == [1, 3])
        let two = Self.account(wrong: 2).sim.state
        let all = try #require(j.joiningFailCounts(two))
        #expect(Self.counts(all) == [1, 2, 3])
        #expect(all.joiningFailCounts(two) == all, "joining a part changes nothing")
    }

    @Test("states that differ in anything besides one account's count are not joined")
    func keepsOtherDifferencesApart() {
        var a = Self.account(wrong: 1).sim
        let before = a.state
        a.login(S.d2)
        #expect(a.state.joiningFailCounts(before) == nil, "a login more")
        let b = Self.account(wrong: 2).sim
        #expect(a.state.joiningFailCounts(b.state) == nil, "a count and a login")
        #expect(before.joiningFailCounts(before) == nil, "equal states need no join")
    }

    @Test("the next wrong password gives each possible count a path: from {1, 3, 4} it is #2, #4 or the block (#5)")
    func wrongPasswordSettlesTheCount() throws {
        let (j, sim, i) = try Self.joined()
        var open = j
        let four = Self.account(wrong: 4).sim.state
        open = try #require(open.joiningFailCounts(four))
        #expect(Self.counts(open) == [1, 3, 4])
        var s = sim
        s.state = open
        let outcomes = s.outcomes(
            Op(
                id: 99,
                action: .transferLogin(device: S.d1, credentials: TransferRuleTests.creds(i, wrongPassword: true))
            )
        )
        #expect(Set(outcomes.map(\.code)) == [.transferAccountInvalidPassword, .transferAccountBlock])
        let after = outcomes.map { Self.counts($0.next) }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(after == [[2], [4], [5]], "each path's count is settled")
        let blocked = try #require(outcomes.first { $0.code == .transferAccountBlock })
        #expect(
            blocked.expectations.contains(.failInfo(account: blocked.next.transferAccounts.keys.first!, failCount: 5))
        )
    }

    @Test("a correct password closes an open count: the count is 0 on its one path")
    func correctPasswordResets() throws {
        let (j, sim, i) = try Self.joined()
        var s = sim
        s.state = j
        let outcomes = s.outcomes(
            Op(id: 99, action: .transferLogin(device: S.d2, credentials: TransferRuleTests.creds(i)))
        )
        #expect(outcomes.map(\.code) == [.success])
        #expect(outcomes.map { Self.counts($0.next) } == [[0]])
    }
}
