import Fuzz
import Model
import Protocol
import Synchronization
import Testing

@Suite("Shrink search: one place decides whether a candidate fails")
struct ShrinkSearchTests {
    typealias F = ShrinkFixtures

    /// Counts replays; the candidate fails on the runs `pattern` says (cycled).
    final class Replays: Sendable {
        let pattern: [Bool]
        let salts = Mutex<[String]>([])
        init(_ pattern: [Bool] = [true]) { self.pattern = pattern }
        var count: Int { salts.withLock { $0.count } }
        func search(confirmations: Int = 0) -> ShrinkSearch {
            ShrinkSearch(
                rule: .M1,
                confirmations: confirmations,
                isMeaningful: { GamebaseModel(semantics: .default).firstDanglingReference(in: $0) == nil },
                replay: { _, salt in
                    let n = self.salts.withLock {
                        $0.append(salt)
                        return $0.count - 1
                    }
                    return (self.pattern[n % self.pattern.count] ? .M1 : nil, "")
                }
            )
        }
    }

    @Test("A candidate costs at most one try: repeats, empty and meaningless candidates are not run")
    func triedOnce() async {
        let replays = Replays()
        var search = replays.search()
        #expect(await search.fails(F.plain(3)))
        #expect(!(await search.fails(F.plain(3))), "tried before")
        #expect(!(await search.fails([])))
        #expect(!(await search.fails(F.ops([(1, .getMember(device: F.d0, token: F.t(9)))]))), "T9 has no producer")
        #expect(replays.count == 1 && search.attempts == 1 && search.accepted == [F.plain(3)])
    }

    @Test("With confirmations, a candidate is accepted only if it fails on every one of 1 + confirmations runs")
    func confirmations() async {
        let flaky = Replays([true, false])
        var search = flaky.search(confirmations: 1)
        #expect(!(await search.fails(F.plain(2))))
        #expect(flaky.count == 2 && search.accepted.isEmpty)
        let steady = Replays()
        var sure = steady.search(confirmations: 2)
        #expect(await sure.fails(F.plain(2)))
        #expect(steady.count == 3)
    }

    @Test("A round's budget stops the search; the next round has its own, and salts never repeat")
    func budgets() async {
        let replays = Replays([false])
        var search = replays.search()
        search.beginRound(budget: 2, deadline: .now + .seconds(60))
        #expect(await search.firstFailing([F.plain(1), F.plain(2), F.plain(3)]) == nil)
        #expect(search.exhausted && replays.count == 2)
        search.beginRound(budget: 2, deadline: .now + .seconds(60))
        #expect(!search.exhausted)
        _ = await search.fails(F.plain(3))
        search.beginRound(budget: 5, deadline: .now - .seconds(1))
        #expect(search.exhausted, "past the deadline")
        #expect(replays.count == 3 && Set(replays.salts.withLock { $0 }).count == 3)
    }

    @Test("Two searches never share salts (one target may serve several shrinks)")
    func distinctSalts() {
        var a = Replays().search(), b = Replays().search()
        #expect(a.salt("c") != b.salt("c"))
    }
}
