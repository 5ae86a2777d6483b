import Fuzz
import GBFuzzTestKit
import Model
import Testing

@Suite("End-of-run audit")
struct AuditorTests {
    /// Bounded by steps; the time limit only guards against a hang.
    @Test(
        "The audit asks E15 around every withdrawal the player saw, and a clean target passes it",
        .timeLimit(.minutes(2))
    )
    func historyAroundEachWithdrawal() async {
        let config = FuzzConfiguration(seed: 5, runSalt: "audit")
        let target = SimulatedTarget()
        let clock = ClockTracker(frozenAt: target.now)
        var player = Player(configuration: config, index: 0)
        var withdrawn: [Sym] = []
        for _ in 0..<3_000 where withdrawn.isEmpty {
            _ = await player.perform(with: target, clock: clock)
            let st = player.belief.primary
            withdrawn = st.boundUsers.filter { st.users[$0]?.withdrawal != nil }
        }
        #expect(!withdrawn.isEmpty, "no withdrawal seen in 3,000 steps")
        let anchors = Auditor.actions(for: player).compactMap { a -> Sym? in
            guard case .serverWithdrawals(let q) = a else { return nil }
            return q.around
        }
        #expect(anchors.sorted() == withdrawn.sorted())
        let r = await Auditor(executor: target, clock: clock).audit([player])
        #expect(r.violations.isEmpty, "\(r.violations.map(\.message))")
        #expect(r.audited == 1 && r.requests >= Auditor.actions(for: player).count)
    }
}
