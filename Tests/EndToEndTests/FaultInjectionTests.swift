import Basics
import Foundation
import Linearizability
import Model
import Plan
import Results
import Runner
import Testing

/// A profile's `faults:` put the fault-injecting proxy in front of the target: faults alone never
/// produce a violation, and a bug is still found through them.
@Suite("Faults injected into a run", .timeLimit(.minutes(4)))
struct FaultInjectionTests {
    /// Bounded by operations, not time: the same work whatever else the machine is doing.
    static let faults = """
        faults:
          - delay:20ms:0.05
          - drop-response:0.04
          - reset:0.03
          - duplicate:0.04
          - slow-body:30ms:0.03
        """

    static let fuzz = """
        name: faulty
        duration: 150s
        maxOperations: 4000
        load: {model: closed, players: 12}
        fuzz: {adversarial: 0.35, shrink: false, audit: true}
        semantics: {transferKey: {enabled: true}}
        thresholds: ["violations == 0"]
        """ + "\n" + faults

    @Test("Every fault on, the clean server: zero violations, every fault injected and counted", arguments: [1, 2])
    func cleanServerGivesNoViolation(seed: UInt64) async throws {
        let plan = try E2E.plan(E2E.writeProfile(Self.fuzz), seed: seed)
        let (outcome, log) = await E2E.run(plan)
        let summary = try #require(outcome.summary, "\(log)")
        #expect(summary.violations.count == 0, "\(summary.violations.list.map(\.message))")
        #expect(outcome.exit == .clean, "\(log)")
        let faults = try #require(summary.run.faults)
        for kind in ["delay", "drop-response", "reset", "duplicate", "slow-body"] {
            #expect(faults.injected[kind, default: 0] > 0, "\(kind): \(faults.injected)")
        }
        #expect(summary.totals.transportErrors > 0)
        try? FileManager.default.removeItem(at: outcome.directory)
    }

    @Test("Every fault on, a bug switch on: the bug is still found")
    func bugStillFound() async throws {
        let plan = try E2E.plan(E2E.writeProfile(Self.fuzz), seed: 3) { $0.serveBugs = ["same-idp-twice"] }
        let (outcome, log) = await E2E.run(plan)
        let summary = try #require(outcome.summary, "\(log)")
        #expect(summary.violations.byRule["M1", default: 0] > 0, "\(summary.violations.byRule)")
        #expect(outcome.exit == .violations)
        try? FileManager.default.removeItem(at: outcome.directory)
    }

    @Test("Race hunting through every fault on the clean server: the checker finds no violation")
    func raceThroughFaults() async throws {
        let yaml = """
            name: race-faulty
            duration: 150s
            maxOperations: 2500
            load: {model: closed, players: 8}
            race: {devices: 32, accounts: 4, bursts: {size: 4, share: 0.5, wait: 200ms}, checkBudget: 30s}
            mix: {login.guest: 10, login.idp: 3, mapping.add: 16, mapping.remove: 2, transfer.issue: 4, transfer.login: 10}
            thresholds: ["violations == 0"]
            """ + "\n" + Self.faults
        let plan = try E2E.plan(E2E.writeProfile(yaml), seed: 3)
        let (outcome, log) = await E2E.run(plan)
        let summary = try #require(outcome.summary, "\(log)")
        #expect(summary.violations.count == 0, "\(summary.violations.list.map(\.message))")
        // Unknown (a partition out of budget) is no verdict, never a false positive.
        #expect([.clean, .unknown].contains(outcome.exit), "\(log)")
        #expect(summary.run.faults?.injected["duplicate", default: 0] ?? 0 > 0)
        // The history says which operation got which fault, and each duplicate has its twin.
        let entries = try #require(outcome.history).entries
        let faulted = Dictionary(grouping: entries.compactMap(\.fault), by: { $0 }).mapValues(\.count)
        for kind in ["drop-response", "reset", "duplicate"] {
            #expect(faulted[kind, default: 0] > 0, "\(kind): \(faulted)")
        }
        let twins = entries.filter { $0.op.id < 0 }
        #expect(!twins.isEmpty && twins.allSatisfy { $0.fault == "duplicate" && $0.answer == nil })
        let ids = Set(entries.map(\.op.id))
        #expect(twins.allSatisfy { ids.contains(-$0.op.id) }, "each twin's first send is in the history")
        try? FileManager.default.removeItem(at: outcome.directory)
    }

    @Test("faults with target.http2 is refused (64): the proxy speaks HTTP/1.1")
    func http2Refused() throws {
        let path = E2E.writeProfile("name: h2\ntarget: {http2: true}\nfaults: [reset:0.1]\n")
        #expect {
            _ = try E2E.plan(path)
        } throws: { error in
            guard let e = error as? CommandError else { return false }
            return e.exit == .usage && e.message.contains("HTTP/1.1")
        }
    }
}
