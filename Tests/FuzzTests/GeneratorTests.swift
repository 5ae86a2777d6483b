import Engine
import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import Synchronization
import Testing
import Transport

@Suite("Generator, executor and clock")
struct GeneratorTests {
    /// Runs one player sequentially against a fresh simulated target and returns its steps.
    static func sequence(seed: UInt64, steps: Int) async -> [String] {
        let config = FuzzConfiguration(seed: seed, runSalt: "det")
        let target = SimulatedTarget()
        let clock = ClockTracker(frozenAt: target.now)
        var player = Player(configuration: config, index: 0)
        var out: [String] = []
        for _ in 0..<steps {
            let (p, _, _) = await player.perform(with: target, clock: clock)
            out.append(p.op.description)
        }
        return out
    }

    @Test("Same seed and configuration give identical sequences; different seeds differ", .timeLimit(.minutes(1)))
    func determinism() async {
        let a = await Self.sequence(seed: 1, steps: 400)
        let b = await Self.sequence(seed: 1, steps: 400)
        let c = await Self.sequence(seed: 2, steps: 400)
        #expect(a == b)
        #expect(a != c)
    }

    /// Bounded by operations; the time limit only guards against a hang. In CI's parallel phase
    /// every hop of a campaign waits behind hundreds of other tests' jobs on two cores: 2,000
    /// operations once took over 60 s there (0.25 s alone).
    @Test(
        "Capabilities remove kinds: no Server API and no test control means no server.* or test.* steps",
        .timeLimit(.minutes(5))
    )
    func capabilities() async {
        func campaign(_ capabilities: TargetCapabilities) async -> FuzzCollector.Snapshot {
            let config = FuzzConfiguration(seed: 3, runSalt: "cap", capabilities: capabilities)
            let target = SimulatedTarget()
            return await Campaign.closed(
                config,
                executor: target,
                clock: ClockTracker(frozenAt: target.now),
                players: 2,
                operations: 800
            ).findings
        }
        let without = await campaign(.init(serverAPI: false, testControl: false))
        #expect(without.violations.isEmpty)
        #expect(without.operations == 800)
        #expect(without.counts.keys.allSatisfy { !$0.needsServerAPI && !$0.needsTestControl })
        // The same seed with both capabilities does send such steps, so the check above can fail.
        let with = await campaign(.init(serverAPI: true, testControl: true))
        #expect(with.counts.keys.contains { $0.needsServerAPI })
        #expect(with.counts.keys.contains { $0.needsTestControl })
    }

    @Test(
        "A dialect without forcing tickets (mapping.forcing: none) gets no forced operation; with tickets it does",
        .timeLimit(.minutes(5))
    )
    func noForcedOperationsWithoutTickets() async {
        func campaign(_ forcing: ForcingRemedy) async -> FuzzCollector.Snapshot {
            var semantics = Semantics()
            semantics.mapping.forcing = forcing
            let config = FuzzConfiguration(seed: 3, runSalt: "forcing", semantics: semantics)
            let target = SimulatedTarget(semantics: semantics)
            return await Campaign.closed(
                config,
                executor: target,
                clock: ClockTracker(frozenAt: target.now),
                players: 2,
                operations: 1_500
            ).findings
        }
        let without = await campaign(.noTicket)
        #expect(without.violations.isEmpty)
        #expect(without.counts[.mappingForcibly] == nil && without.counts[.loginChange] == nil)
        #expect((without.counts[.mappingAdd] ?? 0) > 0)
        // The same seed with tickets sends them, so the check above can fail.
        let with = await campaign(.ticket)
        #expect((with.counts[.mappingForcibly] ?? 0) + (with.counts[.loginChange] ?? 0) > 0)
    }

    @Test(
        "X2: a non-JSON or non-200 answer is a protocol violation; a transport error is not (maybe applied)",
        .timeLimit(.minutes(1))
    )
    func protocolAndTransportErrors() async {
        let config = FuzzConfiguration(seed: 4, runSalt: "x2")
        let clock = ClockTracker(toleranceMs: 1000)
        for (t, violates) in [
            (CannedTransport(), true), (CannedTransport(status: 500, body: "{}"), true),
            (CannedTransport(error: TransportError(.timeout)), false),
        ] {
            let executor = Executor(
                client: GamebaseClient(transport: t, target: GamebaseTarget(baseURL: "http://127.0.0.1:9")),
                semantics: .default
            )
            var player = Player(configuration: config, index: 0)
            let (_, r, v) = await player.perform(with: executor, clock: clock)
            if violates {
                #expect(v.outcome == .unexpected && v.violations.first?.rule == .X2)
                if case .protocolError = r.outcome {} else { Issue.record("expected a protocol error") }
            } else {
                #expect(v.outcome == .transportError && v.violations.isEmpty)
                #expect(player.belief.hasPending)
            }
        }
    }

    @Test("X1: an answer that does not echo the transaction id is a violation")
    func transactionIdEcho() async {
        let body = #"{"header":{"transactionId":"other","isSuccessful":true,"resultCode":0,"resultMessage":"SUCCESS"}}"#
        let executor = Executor(
            client: GamebaseClient(transport: CannedTransport(body: body), target: GamebaseTarget(baseURL: "http://x")),
            semantics: .default
        )
        var player = Player(configuration: FuzzConfiguration(seed: 5), index: 0)
        let (_, _, v) = await player.perform(with: executor, clock: ClockTracker(toleranceMs: 1000))
        #expect(v.violations.first?.rule == .X1)
    }

    @Test("ClockTracker: exact windows when frozen, widened by advances in flight")
    func clockTracker() {
        let c = ClockTracker(frozenAt: 1_000)
        let m = c.begin()
        #expect(c.end(m) == ClockWindow(exactly: 1_000))
        c.beginAdvance(seconds: 10)
        let m2 = c.begin()
        #expect(c.end(m2) == ClockWindow(lo: 1_000, hi: 11_000))
        c.endAdvance(seconds: 10, applied: true)
        #expect(c.end(c.begin()) == ClockWindow(exactly: 11_000))
        #expect(c.now() == 11_000)
        let free = ClockTracker(toleranceMs: 500)
        let w = free.end(free.begin())
        #expect(w.hi - w.lo >= 1000)
    }
}
