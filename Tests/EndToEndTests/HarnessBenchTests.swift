import Engine
import Plan
import Runner
import Testing

@Suite("gbfuzz bench harness: a profile's load phase, metered")
struct HarnessBenchTests {
    /// Bounded by a count of operations, not by time: on a busy machine a short run could end
    /// before its first operation started.
    static func bench(
        _ profile: String,
        target: String? = nil,
        players: Int = 4,
        phases: Bool = true
    ) throws -> HarnessBench {
        let plan = try E2E.plan(E2E.profile(profile), duration: .seconds(120)) {
            $0.players = players
            $0.target = target
            $0.maxOperations = 400
        }
        var bench = HarnessBench(plan: plan, simulated: target == nil)
        bench.meterPhases = phases
        return bench
    }

    @Test(
        "Against the simulated target every profile's workload is checked, its phases are metered, and the phases fit in the process's CPU",
        arguments: ["fuzz", "smoke", "race"]
    )
    func simulated(_ profile: String) async throws {
        let r = try await Self.bench(profile).run()
        #expect(r.operations >= 400)
        #expect(r.violations == 0, "the simulated target is the model itself: \(r.firstViolations)")
        #expect(r.phaseBreakdown.map(\.name) == ["generate", "match", "record", "rest"])
        let metered = r.phaseBreakdown.dropLast()
        #expect(metered.allSatisfy { $0.micros > 0 }, "\(r.phaseBreakdown)")
        #expect(metered.map(\.micros).reduce(0, +) <= r.cpuMicrosPerOperation, "\(r.phaseBreakdown), \(r.cpu)")
        #expect(r.operationsPerCPUSecond > 0)
    }

    @Test("Against the embedded server over HTTP: every answer checked, no violation; unmetered runs report no phases")
    func embedded() async throws {
        let r = try await Self.bench("fuzz", target: "embedded", phases: false).run()
        #expect(r.operations >= 400)
        #expect(r.violations == 0, "\(r.firstViolations)")
        #expect(r.target.contains("embedded"))
        #expect(r.phases == nil && r.phaseBreakdown.isEmpty)
        #expect(r.cpuMicrosPerOperation > 0)
    }
}
