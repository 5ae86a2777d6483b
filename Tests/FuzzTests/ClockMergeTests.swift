import Fuzz
import Model
import Protocol
import Testing

@Suite("Clock merge: two clock advances become one of their sum, so a far deadline needs one step")
struct ClockMergeTests {
    typealias F = ShrinkFixtures

    /// A grace ban of 1,336 s crossed by three advances (602 + 503 + 601 s), then a login the ban
    /// refuses: the shape CI shrank to 9 steps because no deletion leaves the deadline crossed.
    static let seq = F.ops([
        (1, F.login(F.d0, F.g1)),
        (2, .graceBan(user: F.u(1), seconds: 1_336)),
        (3, .advanceClock(seconds: 602)),
        (4, .advanceClock(seconds: 503)),
        (5, F.guest(F.d1)),
        (6, .advanceClock(seconds: 601)),
        (7, .loginToken(device: F.d0, token: F.t(1))),
    ])

    /// Seconds advanced between the ban (step 2) and the login (step 7).
    static func elapsed(_ ops: [Op]) -> Int64 {
        guard let ban = ops.firstIndex(where: { $0.id == 2 }), let login = ops.firstIndex(where: { $0.id == 7 }),
            ban < login
        else { return 0 }
        return ops[ban..<login].reduce(0) { total, op in
            if case .advanceClock(let s) = op.action { return total + s }
            return total
        }
    }

    static func search() -> ShrinkSearch {
        ShrinkSearch(
            rule: .B1,
            isMeaningful: { F.meaningful($0) },
            replay: { c, _ in (elapsed(c) >= 1_336 && Set(c.map(\.id)).isSuperset(of: [1, 2, 7]) ? .B1 : nil, "") }
        )
    }

    @Test("Candidates: consecutive advances first (the last pair first), the sum at the later one then the earlier one")
    func candidates() {
        let c = ClockMerge().candidates(Self.seq)
        #expect(c.allSatisfy { $0.count == Self.seq.count - 1 })
        #expect(
            c.map(F.ids) == [
                [1, 2, 3, 5, 6, 7], [1, 2, 3, 4, 5, 7],  // 4 and 6: into 6, then into 4
                [1, 2, 4, 5, 6, 7],  // 3 and 4, next to each other: into 4 only
                [1, 2, 4, 5, 6, 7], [1, 2, 3, 4, 5, 7],  // 3 and 6
            ]
        )
        #expect(
            c.map { $0.compactMap(ClockMerge.seconds) } == [
                [602, 1_104], [602, 1_104], [1_105, 601], [503, 1_203], [1_203, 503],
            ]
        )
        #expect(c.allSatisfy { Self.elapsed($0) == 1_706 }, "no candidate loses time")
        #expect(ClockMerge().candidates(F.plain(4)).isEmpty)
    }

    @Test("The pass leaves one advance of the whole time, and the sequence still fails")
    func run() async {
        var search = Self.search()
        let out = await ClockMerge().run(Self.seq, &search)
        let advances = out.filter { if case .advanceClock = $0.action { true } else { false } }
        #expect(advances.count == 1)
        #expect(Self.elapsed(out) == 1_706)
        #expect(out.count == Self.seq.count - 2)
    }

    @Test("The shrinker's passes reach 4 steps: login, ban, one advance, the refused login")
    func shrinker() async {
        var search = Self.search()
        search.beginRound(budget: 500, deadline: .now + .seconds(30))
        var current = Self.seq
        for pass in Shrinker.passes { current = await pass.run(current, &search) }
        #expect(F.ids(current).count == 4)
        #expect(Set(F.ids(current)).isSuperset(of: [1, 2, 7]))
    }

    @Test("A merge whose sum would overflow is not a candidate")
    func overflow() {
        let seq = F.ops([(1, .advanceClock(seconds: .max)), (2, .advanceClock(seconds: 1))])
        #expect(ClockMerge().candidates(seq).isEmpty)
    }
}
