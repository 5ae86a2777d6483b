import Fuzz
import Model
import Testing

@Suite("Simulated target")
struct SimulatedTargetTests {
    /// Clock advances move every world's time; without test control nothing else is shared.
    static let configuration = FuzzConfiguration(
        seed: 11,
        runSalt: "simw",
        capabilities: .init(serverAPI: true, testControl: false)
    )

    /// Player 0's steps and answers, with `others` players stepping between each of its steps.
    static func steps(of count: Int, besides others: Int) async -> [String] {
        let target = SimulatedTarget()
        let clock = ClockTracker(frozenAt: target.now)
        var player = Player(configuration: configuration, index: 0)
        var neighbours = (0..<others).map { Player(configuration: configuration, index: $0 + 1) }
        var out: [String] = []
        for _ in 0..<count {
            let (p, r, v) = await player.perform(with: target, clock: clock)
            out.append("\(p.op) → \(r.answer.map { String(describing: $0) } ?? "no answer"): \(v.outcome)")
            for i in neighbours.indices { _ = await neighbours[i].perform(with: target, clock: clock) }
        }
        return out
    }

    @Test(
        "A world's answers depend only on its own operations: a player's steps and invented values are the same alone and between other players' steps",
        .timeLimit(.minutes(2))
    )
    func worldsAreIndependent() async {
        let alone = await Self.steps(of: 300, besides: 0)
        let beside = await Self.steps(of: 300, besides: 2)
        #expect(alone.count == 300 && beside.count == 300)
        let first = alone.indices.first { alone[$0] != beside[$0] }
        #expect(first == nil, "step \(first ?? 0): alone \(alone[first ?? 0]); beside others \(beside[first ?? 0])")
        // The answers carry invented values (user ids, tokens), so equality is not vacuous.
        #expect(alone.contains { $0.contains("accessToken") })
    }
}
