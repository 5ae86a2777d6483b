import Linearizability
import Model
import Protocol
import Testing

/// A history the recorder could not keep whole is judged only before the first operation it
/// dropped: what came later could depend on it.
@Suite("linearizability: incomplete histories")
struct IncompleteHistoryTests {
    @Test("an answer only a dropped operation explains is not judged: the history is cut where it stops being complete")
    func droppedProducerIsNotAViolation() async {
        var w = World()
        let login = await w.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        let member = await w.run(2, .getMember(device: d0, token: token(1)))
        // The login was dropped (the history was full); the member read that needs it was kept.
        var t = Timeline()
        t.add(member, 200, 300)
        _ = login
        var h = t.history
        #expect(await Check.run(h).verdict == .violation)
        h.header.dropped = 1
        h.header.completeBeforeNs = 100
        let r = await Check.run(h)
        #expect(r.verdict == .linearizable && r.uncheckedEntries == 1, "\(r.text)")
        #expect(r.text.contains("1 entries invoked after it stopped being complete were not checked"))
    }

    @Test("before the cut a violation stands; answers that arrived after it are set aside")
    func cutKeepsEarlierViolationsAndSetsLaterAnswersAside() async {
        var a = World()
        var b = World()
        let first = await a.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        let second = await b.run(2, .loginIdP(device: d1, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        var t = Timeline()
        t.add(first, 0, 100, process: 1)
        t.add(second, 10, 110, process: 2)
        var h = t.history
        h.header.dropped = 5
        h.header.completeBeforeNs = 1_000
        #expect(await Check.run(h).verdict == .violation)
        // Cut between the two answers: the second's answer arrived after it, so it may or may not
        // have been applied, and nothing is violated any more.
        h.header.completeBeforeNs = 105
        let (cut, unchecked) = h.checkable
        #expect(unchecked == 0 && cut.entries[0].answer != nil && cut.entries[1].answer == nil)
        #expect(await Check.run(h).verdict == .linearizable)
    }

    @Test("a history that dropped operations without saying since when is refused")
    func droppedNeedsTheCut() throws {
        var h = Timeline().history
        h.header.dropped = 2
        let error = try #require(throws: HistoryError.self) { try History.parse(try h.jsonLines(), source: "h") }
        #expect(error.line == 1 && error.message.contains("complete_before_ns"), "\(error)")
    }
}
