import Foundation
import GBFuzzTestKit
import Plan
import Results
import Runner
import Testing

/// A shared-pool player's view after answers it did not predict (`Player+SharedView.swift`): kept
/// after a refusal or a look-up, adopted after a login into a user others changed, started over
/// otherwise. Counted in operations, not time: nothing here depends on how fast the machine is.
@Suite("race hunting: shared-pool players keep the sessions they hold")
struct SharedViewTests {
    /// Eight players on 64 shared devices and four accounts per IdP type, add mapping weighted
    /// about a fifth of the mix. When a surprise started a view over, a player seldom held a
    /// session long enough to add a mapping: 56 of 6,000 operations (0.9 %).
    static let profile = """
        name: shared-view
        target: embedded
        duration: 60s
        maxOperations: 2000
        load: {model: closed, players: 8}
        race:
          devices: 64
          accounts: 4
          bursts: {size: 4, share: 0.5, wait: 200ms}
          probes: 1s
          checkBudget: 5s
        mix: {login.guest: 10, login.idp: 2, mapping.add: 20, server.idp: 2}
        fuzz: {adversarial: 0.1}
        """

    @Test("with other players on the same devices and accounts, add mapping is sent at least 5 % of the time")
    func mappingsAreSent() async throws {
        let plan = try E2E.plan(E2E.writeProfile(Self.profile), seed: 7)
        let (outcome, log) = await E2E.run(plan)
        let summary = try #require(outcome.summary, "\(log)")
        let total = summary.totals.requests
        let mappings = summary.ops["mapping.add"]?.count ?? 0
        #expect(total >= 1_900, "\(total) requests: \(log)")
        #expect(Double(mappings) >= 0.05 * Double(total), "\(mappings) add mappings of \(total) requests")
        // Sessions were held: most add mappings reached the mapping rules (3302 mapped elsewhere,
        // 0 mapped) rather than failing for want of a live token.
        let codes = summary.ops["mapping.add"]?.codes ?? [:]
        let reached: UInt64 = ["0", "3302", "3303", "3305"].reduce(0) { $0 + (codes[$1] ?? 0) }
        #expect(Double(reached) >= 0.4 * Double(mappings), "\(codes)")
        try? FileManager.default.removeItem(at: outcome.directory)
    }
}
