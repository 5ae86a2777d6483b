import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import ReferenceServer
import Testing

extension ShrinkFixtures {
    /// Runs `witness` against a live reference server with `bug` on, requires that it violates the
    /// bug's rule, and shrinks it; returns the shrinker's result (its violation required too).
    static func shrinkLive(_ witness: [Op], bug: ServerBug, seed: UInt64, salt: String) async throws
        -> Shrinker.Result
    {
        try await ConcurrencyLimit.endToEnd.run {
            try await withLiveTarget(bugs: [bug]) { live in
                let config = FuzzConfiguration(seed: seed, runSalt: salt)
                let clock = await ClockTracker.prepare(client: live.client, configuration: config)
                let runner = ScriptRunner(configuration: config, executor: live.executor, clock: clock)
                let v = try #require(await runner.run(witness, salt: "\(salt).w").violation)
                #expect(v.rule.rawValue == bug.rule)
                let shrunk = await Shrinker(runner: runner, timeBudget: .seconds(300)).shrink(v)
                let final = try #require(shrunk.violation)
                #expect(final.rule == v.rule)
                return shrunk
            }
        }
    }
}
