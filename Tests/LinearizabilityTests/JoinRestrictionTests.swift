import Linearizability
import Model
import Protocol
import Testing

/// Joined fail counts where the two orders were restricted at different places. The search
/// restricts a state to what the entries left reach every 16 entries, so the state after a burst
/// taken in one order may still hold what the other order's state already dropped (here: the
/// guest user a transfer login left behind on its device, which no later entry names). The two
/// are the same state as far as any later entry can tell, and must still be joined.
@Suite("linearizability: joined counts across restrictions")
struct JoinRestrictionTests {
    /// `pad` guest logins on device 30 (the first makes its own guest user, which nothing later
    /// names); then a correct password from device 30, which moves the TransferAccount's user there
    /// and leaves that guest user lost, and a wrong one from device 31, concurrent, answered first;
    /// then `waves` pairs of logins on other devices, and four wrong passwords of which the last
    /// blocks: only the correct password applied first explains the block.
    static func history(pad: Int, waves: Int) async -> History {
        var w = World()
        let prefix = await TransferCounterTests.issued(&w)
        var logins: [Step] = []
        for k in 0..<pad {
            logins.append(await w.run(200 + k, .loginGuest(device: DeviceRef(30), ignoreAlreadyLoggedIn: false)))
        }
        let correct = await w.run(5, TransferCounterTests.correctAttempt(30))
        #expect(correct.code == .success)
        let first = await w.run(6, TransferCounterTests.wrongAttempt(31))
        let pairs = await ReductionTests.loginPairs(&w, waves: waves, firstDevice: 40)
        var rest: [Step] = []
        for k in 0..<4 { rest.append(await w.run(300 + k, TransferCounterTests.wrongAttempt(31))) }
        #expect(rest.last?.code == .transferAccountBlock)
        let lookup = await w.run(
            400,
            .serverMembers(users: [.user(Sym(.user, 1))] + ReductionTests.pairUsers(waves: waves))
        )
        var t = Timeline()
        t.sequential(prefix + logins)
        let burst = Int64(100 * (prefix.count + logins.count) + 1000)
        t.add(correct, burst, burst + 90, process: 1)
        t.add(first, burst + 10, burst + 80, process: 2)
        let end = ReductionTests.place(pairs, from: burst + 200, processes: (3, 4), in: &t)
        t.sequential(rest, from: end, process: 2)
        t.add(lookup, end + 1000, end + 1050, process: 1)
        return t.history
    }

    @Test(
        "a burst's orders are joined whichever of them a restriction reached first: one pass decides the late block, at every alignment of the burst with the restrictions"
    )
    func joinedAtEveryAlignment() async throws {
        for pad in 1...16 {
            let h = await Self.history(pad: pad, waves: 10)
            var once = LinearizabilityCheck(budget: CheckBudget(time: .seconds(300), configurations: 1_000))
            once.restarts = false
            let r = await once.check(h)
            #expect(r.verdict == .linearizable, "pad \(pad): \(r.text)")
            let p = try ReductionTests.onePartition(r, of: h)
            #expect(p.configurations < 2 * h.entries.count, "pad \(pad): one pass, no backtracking: \(p)")
        }
    }
}
