import Model
import Protocol
import Testing

@testable import Linearizability

/// The witness shrink sets every read's answer aside in one step (docs/MODEL.md, "Minimal
/// sub-history"): a Server API read changes no state, so without its answer it is left out and
/// the search has no more to try, while the audit probes' reads of the whole pool are what join
/// most of a long partition.
@Suite("linearizability: a witness without the reads that do not explain it")
struct WitnessReadsTests {
    @Test("one attempt after the cut drops every read but the unexplained entry, and the rest still fails")
    func readsGoInOneAttempt() async throws {
        var (a, b, prefix) = await World.twoGuestsEach()
        // Audit reads of g1 (no member yet) between the logins and the two mappings: they join the
        // partition through the account, and each keeps its answer in a cut.
        var reads: [Step] = []
        for id in 10..<16 { reads.append(await a.run(id, .serverIdP(idPCode: .google, accounts: [g1]))) }
        let mapA = await a.run(3, .addMapping(device: d0, token: token(1), credential: .valid(g1)))
        let mapB = await b.run(4, .addMapping(device: d1, token: token(2), credential: .valid(g1)))
        #expect(mapA.code == .success && mapB.code == .success)
        var t = Timeline()
        t.sequential(prefix + reads)
        t.add(mapA, 1000, 1100, process: 1)
        t.add(mapB, 1050, 1150, process: 2)
        let history = t.history.itemized
        let entries = history.entries
        let stuck = try #require(entries.firstIndex { $0.op.id == 4 })
        let model = GamebaseModel(semantics: history.header.semantics)
        let matcher = Matcher(identities: Identities(salt: World.salt), semantics: history.header.semantics)
        // Five attempts: the cut just after the unexplained answer, three of bisection (ten answers;
        // every earlier cut leaves mapB's answer out and passes), then the reads. Without that
        // step the fifth would set aside the last five answers, mapB's among them, and pass.
        let shrunk = SubHistoryShrinker(
            header: history.header,
            entries: entries,
            horizon: history.horizon,
            model: model,
            matcher: matcher,
            candidateBudget: CheckBudget(),
            maxAttempts: 5,
            time: .seconds(60),
            appliedMaybe: [],
            stuck: stuck
        ).shrink()
        let ids = shrunk.entries.map(\.op.id)
        #expect(!ids.contains { (10..<16).contains($0) }, "reads left in the witness: \(ids)")
        #expect(Set(ids).isSuperset(of: [3, 4]), "\(ids)")
        // The witness itself has no linearization.
        let again = await Check.run(History(header: history.header, entries: shrunk.entries))
        #expect(again.verdict == .violation, "\(again.text)")
    }
}
