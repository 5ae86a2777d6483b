import Linearizability
import Model
import Protocol
import Testing

/// Twins: concurrent entries with the same operation, window and answer are one step to the
/// search, tried once where several are candidates; entries that differ in anything stay apart.
@Suite("linearizability: twins")
struct TwinTests {
    /// The TransferAccount of ``TransferCounterTests/issued(_:)`` presented with a wrong password
    /// from device 5, which is logged in with an IdP: refused (not a guest) before the account is
    /// looked at, so the count does not move.
    static func refusedAttempt(_ w: inout World, id: Int) async -> Step {
        await w.run(id, TransferCounterTests.wrongAttempt(5))
    }

    /// The prefix, `count` refused attempts made one after the other in one world and sent
    /// concurrently, and (`lostCounter`) the lost counter of ``TransferCounterTests/lostCounter()``
    /// after them: a violation the search can only prove by trying every order before it.
    static func history(twins count: Int, lostCounter: Bool = true) async -> History {
        var w = World()
        var prefix = await TransferCounterTests.issued(&w)
        prefix.append(
            await w.run(3, .loginIdP(device: DeviceRef(5), credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        )
        var twins: [Step] = []
        for k in 0..<count { twins.append(await refusedAttempt(&w, id: 100 + k)) }
        #expect(twins.allSatisfy { $0.code == .notGuestOrHasOthers })
        #expect(
            Set(twins.map { $0.answer?.withoutTransactionId }).count == 1,
            "one answer, but for the transaction ids"
        )
        var t = Timeline()
        t.sequential(prefix)
        for (k, s) in twins.enumerated() { t.add(s, 1000 + Int64(k), 2000 + Int64(k), process: 10 + k) }
        if lostCounter { t.sequential(await TransferCounterTests.lostCounter().attempts, from: 3000, process: 1) }
        return t.history
    }

    @Test(
        "twenty concurrent identical refusals are tried once: the violation after them is proven in few configurations"
    )
    func twinsKeepTheSearchSmall() async throws {
        let r = await Check.run(await Self.history(twins: 20), budget: CheckBudget(configurations: 20_000))
        #expect(r.verdict == .violation, "\(r.text)")
        let p = try #require(r.partitions.max { $0.entries < $1.entries })
        #expect(p.configurations < 1_000, "\(p)")
    }

    @Test("twenty concurrent identical refusals with nothing wrong after them are linearizable")
    func twinsAlonePass() async {
        let r = await Check.run(
            await Self.history(twins: 20, lostCounter: false),
            budget: CheckBudget(configurations: 20_000)
        )
        #expect(r.verdict == .linearizable, "\(r.text)")
    }
}
