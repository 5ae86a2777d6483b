import Linearizability
import Testing

/// A partition that runs out of budget says how far its search got and where it was stuck, so a
/// user can look at the operations there instead of at the whole partition.
@Suite("linearizability: unknown partitions")
struct UnknownReportTests {
    @Test(
        "an unknown partition reports its deepest linearization, the earliest entry it had not placed and what the model allowed there"
    )
    func unknownSaysWhereItStopped() async throws {
        let h = await TwinTests.history(twins: 20)
        let r = await Check.run(h, split: false, budget: CheckBudget(configurations: 8))
        #expect(r.verdict == .unknown, "\(r.text)")
        let p = try #require(r.partitions.first)
        let deepest = try #require(p.deepest)
        #expect(deepest > 0 && deepest < h.entries.count)
        let frontier = try #require(p.frontier)
        #expect(h.entries.contains { $0.index == frontier })
        #expect(p.stuck != nil)
        #expect(r.text.contains("deepest linearization \(deepest) entries, stuck at #\(frontier)"), "\(r.text)")
    }
}
