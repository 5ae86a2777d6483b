import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import Testing

@Suite("Campaigns against the model-backed simulated target")
struct SimulatedCampaignTests {
    static func campaign(
        _ config: FuzzConfiguration,
        _ target: SimulatedTarget,
        ops: Int,
        players: Int = 4,
        stop: Bool = false
    ) async -> FuzzCollector.Snapshot {
        let clock = ClockTracker(frozenAt: target.now)
        return await Campaign.closed(
            config,
            executor: target,
            clock: clock,
            players: players,
            operations: ops,
            failFast: stop
        ).findings
    }

    @Test(
        "A target that follows the model gives zero violations and reaches every operation kind",
        // Bounded by operations; the limit only guards against a hang (CI's parallel phase on two
        // cores stretched this to 68 s).
        .timeLimit(.minutes(5))
    )
    func cleanSimulated() async {
        var sem = Semantics()
        sem.transferKey.enabled = true
        let config = FuzzConfiguration(seed: 7, runSalt: "simclean", semantics: sem, adversarialShare: 0.25)
        let r = await Self.campaign(config, SimulatedTarget(semantics: sem), ops: 6000)
        #expect(r.violations.isEmpty, "\(r.violations.prefix(3))")
        #expect(r.operations == 6000)
        let missing = OperationKind.allCases.filter { (r.counts[$0] ?? 0) == 0 }
        #expect(missing.isEmpty, "never issued: \(missing)")
        print("codes covered: \(r.coveredCodes.sorted().map(\.rawValue))")
    }
}
