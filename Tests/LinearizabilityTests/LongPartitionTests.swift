import Linearizability
import Model
import Protocol
import Testing

/// Long partitions: the search keeps few model states on its path and replays the others.
@Suite("linearizability: long partitions")
struct LongPartitionTests {
    @Test("a violation at the end of a long sequential partition is found, backtracking through replayed states")
    func longSequentialViolation() async throws {
        var w = World()
        var steps = [await w.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))]
        for i in 0..<300 { steps.append(await w.run(2 + i, .getMember(device: d0, token: token(1)))) }
        // The last answer comes from a world where the token was logged out.
        var other = World()
        await other.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        await other.run(1000, .logout(device: d0, token: token(1)))
        let dead = await other.run(1001, .getMember(device: d0, token: token(1)))
        #expect(dead.code == .authInvalidGamebaseToken)
        var t = Timeline()
        t.sequential(steps + [dead])
        // A generous time budget: the shrink's attempt bound, not a busy machine's clock, ends it.
        let r = await Check.run(t.history, budget: CheckBudget(time: .seconds(300)))
        #expect(r.verdict == .violation)
        let v = try #require(r.violations.first)
        #expect(v.longestPrefix.linearized.count == 301)
        #expect(v.longestPrefix.stuck?.entry.opId == 1001)
        // The witness: the failing read, and what makes its token live (the login, or a read that
        // needed it with the login as maybe applied), not the 300 reads in between.
        #expect(v.minimal.count <= 3, "\(v.minimal.map(\.op))")
        #expect(v.minimal.contains { $0.opId == 1001 } && v.minimal.contains { $0.opId == 1 })
    }
}
