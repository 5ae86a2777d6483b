import Foundation
import GBFuzzTestKit
import Linearizability
import Model
import Plan
import Protocol
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

    /// Every burst at a user once one is offered, removals weighted high.
    static let userBursts = """
        name: user-bursts
        target: embedded
        duration: 60s
        maxOperations: 3000
        load: {model: closed, players: 8}
        race:
          devices: 64
          accounts: 4
          bursts: {size: 4, share: 0.5, wait: 200ms, targets: {user: 1}}
          probes: 1s
          checkBudget: 30s
        mix: {login.guest: 4, login.idp: 6, mapping.add: 10, mapping.remove: 20, server.idp: 1}
        fuzz: {adversarial: 0.1}
        """

    @Test(
        "bursts at a user: two of its sessions remove two of its IdPs in one burst, and the clean server shows no violation"
    )
    func removalsMeetAtOneUser() async throws {
        // Members meet by chance (a member's session may be ended by another player's login on its
        // device before the burst): about one such burst in 3,000 operations, so up to three runs
        // (sub-seeds). With `targets: {device: 1}` instead, a run of seed 1 had none.
        var met = 0
        var tried: [String] = []
        for attempt in UInt64(0)..<3 where met == 0 {
            let plan = try E2E.plan(E2E.writeProfile(Self.userBursts), seed: 1 + 100 * attempt)
            let (outcome, log) = await E2E.run(plan)
            let summary = try #require(outcome.summary, "\(log)")
            #expect(!summary.violations.list.contains { $0.checker == .linearizability }, "\(summary.violations.list)")
            let removals = Self.removalsByBurstAndUser(try #require(outcome.history))
            met = removals.values.filter { $0.players.count >= 2 && $0.idPs.count >= 2 }.count
            tried.append("\(removals.count) bursts with a removal, \(met) met")
            try? FileManager.default.removeItem(at: outcome.directory)
        }
        #expect(met >= 1, "no burst where two sessions of one user removed two IdPs: \(tried)")
    }

    /// Removals of one burst in sessions of one user (keyed "burst user"): the players that sent
    /// them and the IdPs they removed. Whose session a token is comes from the answers that issued it.
    static func removalsByBurstAndUser(_ history: History) -> [String: (players: Set<Int>, idPs: Set<String>)] {
        var userOfToken: [String: String] = [:]
        for e in history.entries {
            if let body = e.answer?.client, let token = body.token?.accessToken, let user = body.member?.userId {
                userOfToken[token] = user
            }
        }
        var removals: [String: (players: Set<Int>, idPs: Set<String>)] = [:]
        for e in history.entries {
            guard let burst = e.burst, case .removeMapping(_, .token(let sym), let idP) = e.op.action,
                let token = e.op.values[sym], let user = userOfToken[token]
            else { continue }
            let r = removals["\(burst) \(user)"] ?? ([], [])
            removals["\(burst) \(user)"] = (r.players.union([e.process]), r.idPs.union([idP.rawValue]))
        }
        return removals
    }
}
