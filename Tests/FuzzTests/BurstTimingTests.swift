import Fuzz
import GBFuzzTestKit
import Model
import Testing

/// Wall-clock bounds on a burst's release; run in the serial phase (`.timing`).
@Suite("Synchronized bursts: release timing", .tags(.timing), .timeLimit(.minutes(1)))
struct BurstTimingTests {
    /// Bursts of 4 over a two-device pool, every operation joining one.
    static func bursts(wait: Duration) -> BurstCoordinator {
        var config = FuzzConfiguration(seed: 1)
        config.sharedPool = SharedPool(devices: 2, accounts: 1)
        return BurstCoordinator(
            settings: .init(size: 4, share: 1, wait: wait),
            targets: BurstTargets(configuration: config),
            seed: 7
        )
    }

    @Test("the members of a full burst are all released within 50 ms of one another")
    func releasedTogether() async {
        let bursts = Self.bursts(wait: .seconds(30))
        let tickets = (0..<4).map { _ in bursts.join() }
        let released = await withTaskGroup(of: ContinuousClock.Instant.self) { group in
            for (i, t) in tickets.enumerated() {
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(20 * i))  // arrive one by one
                    await bursts.arrive(t)
                    return .now
                }
            }
            var out: [ContinuousClock.Instant] = []
            for await r in group { out.append(r) }
            return out
        }
        guard let first = released.min(), let last = released.max() else {
            Issue.record("no member was released")
            return
        }
        // Arrivals span ≈ 60 ms; a release that waited for nobody would spread as much.
        #expect(last - first < .milliseconds(50), "released over \(last - first)")
    }

    @Test("a burst that does not fill goes within a second of its 100 ms wait")
    func partialGoesOnTime() async {
        let bursts = Self.bursts(wait: .milliseconds(100))
        let a = bursts.join()
        let b = bursts.join()
        let start = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await bursts.arrive(a) }
            group.addTask { await bursts.arrive(b) }
        }
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(bursts.stats.partial == 1)
    }
}
