import Linearizability
import Model
import Protocol
import Testing

/// Joined fail counts over every count a burst can leave. A burst's count is the number of wrong
/// passwords applied after its last correct one; the search, taking entries in the order of their
/// answers, joins the states with the newest entry moved earlier, and also those with an earlier
/// wrong password moved last: with two correct passwords answered after the wrong one, no move of
/// the newest entry alone puts the wrong one after both.
@Suite("linearizability: joined counts over a burst's orders")
struct BurstJoinTests {
    /// Three correct passwords (each a transfer to another device) and a wrong one, all in flight
    /// together, answered correct, wrong, correct, correct; then `waves` pairs of logins on other
    /// devices, and wrong passwords of which the fourth blocks: only the wrong one applied after
    /// all three correct ones (count 1) explains the block.
    static func history(waves: Int) async -> History {
        var w = World()
        let prefix = await TransferCounterTests.issued(&w)
        let c1 = await w.run(5, TransferCounterTests.correctAttempt(30))
        let c2 = await w.run(6, TransferCounterTests.correctAttempt(32))
        let c3 = await w.run(7, TransferCounterTests.correctAttempt(33))
        let wrong = await w.run(8, TransferCounterTests.wrongAttempt(31))
        #expect([c1, c2, c3].allSatisfy { $0.code == .success } && wrong.code == .transferAccountInvalidPassword)
        let pairs = await ReductionTests.loginPairs(&w, waves: waves, firstDevice: 40)
        var rest: [Step] = []
        for k in 0..<4 { rest.append(await w.run(300 + k, TransferCounterTests.wrongAttempt(34))) }
        #expect(rest.dropLast().allSatisfy { $0.code == .transferAccountInvalidPassword })
        #expect(rest.last?.code == .transferAccountBlock)
        let lookup = await w.run(
            400,
            .serverMembers(users: [.user(Sym(.user, 1))] + ReductionTests.pairUsers(waves: waves))
        )
        var t = Timeline()
        t.sequential(prefix)
        t.add(c1, 1000, 1050, process: 1)
        t.add(wrong, 1001, 1060, process: 2)
        t.add(c2, 1002, 1070, process: 3)
        t.add(c3, 1003, 1090, process: 4)
        let end = ReductionTests.place(pairs, from: 1200, processes: (5, 6), in: &t)
        t.sequential(rest, from: end, process: 2)
        t.add(lookup, end + 1000, end + 1050, process: 1)
        return t.history
    }

    @Test(
        "a wrong password answered before two correct ones but applied after both is joined in: one pass decides the late block"
    )
    func wrongMovedLast() async throws {
        let h = await Self.history(waves: 10)
        var once = LinearizabilityCheck(budget: CheckBudget(time: .seconds(300), configurations: 1_000))
        once.restarts = false
        let r = await once.check(h)
        #expect(r.verdict == .linearizable, "\(r.text)")
        let p = try ReductionTests.onePartition(r, of: h)
        #expect(p.configurations < 2 * h.entries.count, "one pass, no backtracking: \(p)")
    }

    @Test("one increment more than any order of the burst gives is still a violation")
    func oneMoreIsAViolation() async throws {
        // The wrong password applied last (count 1), then one more the history does not show:
        // the third recorded wrong password blocks, where every order of the burst allows four.
        var w = World()
        let prefix = await TransferCounterTests.issued(&w)
        let c1 = await w.run(5, TransferCounterTests.correctAttempt(30))
        let c2 = await w.run(6, TransferCounterTests.correctAttempt(32))
        let wrong = await w.run(8, TransferCounterTests.wrongAttempt(31))
        _ = await w.run(50, TransferCounterTests.wrongAttempt(50))
        var rest: [Step] = []
        for k in 0..<3 { rest.append(await w.run(300 + k, TransferCounterTests.wrongAttempt(34))) }
        #expect(rest.last?.code == .transferAccountBlock)
        var t = Timeline()
        t.sequential(prefix)
        t.add(c1, 1000, 1050, process: 1)
        t.add(wrong, 1001, 1060, process: 2)
        t.add(c2, 1002, 1070, process: 3)
        t.sequential(rest, from: 1200, process: 2)
        let check = LinearizabilityCheck(budget: CheckBudget(time: .seconds(300), configurations: 100_000))
        let r = await check.check(t.history)
        #expect(r.verdict == .violation, "\(r.text)")
    }
}
