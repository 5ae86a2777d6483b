import Linearizability
import Model
import Protocol
import Testing

/// A lookup of several IdP accounts (E7) is judged account by account: each account's answer must
/// fit some moment of the request, not all of them one moment.
@Suite("Itemized IdP lookups")
struct ItemizedLookupTests {
    let g2 = AccountRef(.google, 2)

    /// Two first logins one after the other (op 1 maps google#1, op 2 maps google#2), and a lookup
    /// of both accounts (op 3) whose answer is edited to keep only the accounts `keep`.
    func logins(thenLookupKeeping keep: Set<AccountRef>) async throws -> (Step, Step, Step) {
        var w = World()
        let first = await w.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        let second = await w.run(2, .loginIdP(device: d1, credential: .valid(g2), ignoreAlreadyLoggedIn: false))
        var lookup = await w.run(3, .serverIdP(idPCode: .google, accounts: [g1, g2]))
        guard case .idPMembers(var b)? = lookup.answer else {
            Issue.record("no E7 answer: \(String(describing: lookup.answer))")
            return (first, second, lookup)
        }
        #expect(b.result?.count == 2)
        let kept = Set(keep.map { w.ids.idPId($0) })
        b.result = b.result?.filter { kept.contains($0.key) }
        lookup.answer = .idPMembers(b)
        return (first, second, lookup)
    }

    @Test("a lookup spanning two mappings may see the later one and not the earlier (no snapshot is promised)")
    func notASnapshotPasses() async throws {
        let (first, second, lookup) = try await logins(thenLookupKeeping: [g2])
        var t = Timeline()
        t.add(lookup, 0, 1000, process: 3)
        t.add(first, 100, 200, process: 1)
        t.add(second, 300, 400, process: 2)
        let r = await Check.run(t.history)
        #expect(r.verdict == .linearizable, "\(r.text)")
    }

    @Test("an account's answer that fits no moment of the lookup is still a violation")
    func staleAccountFails() async throws {
        let (first, second, lookup) = try await logins(thenLookupKeeping: [g2])
        var t = Timeline()
        t.add(first, 100, 200, process: 1)
        t.add(second, 300, 400, process: 2)
        // Sent after both mappings were answered, yet google#1 is unmapped.
        t.add(lookup, 500, 600, process: 3)
        let r = await Check.run(t.history)
        #expect(r.verdict == .violation, "\(r.text)")
        let v = try #require(r.violations.first)
        let stuck = try #require(v.longestPrefix.stuck)
        #expect(stuck.entry.op.contains("google#1"), "\(stuck)")
    }

    @Test("a lookup splits into one read per account with its part of the answer; a lost one is left out")
    func splitsPerAccount() async throws {
        let (_, _, lookup) = try await logins(thenLookupKeeping: [g1])
        let ids = World().ids
        let entry = HistoryEntry(
            index: 0,
            process: 0,
            op: lookup.op,
            invokeNs: 0,
            returnNs: 10,
            window: ClockWindow(exactly: World.now),
            answer: lookup.answer
        )
        let parts = entry.itemized(ids)
        #expect(parts.map(\.op.action) == [g1, g2].map { .serverIdP(idPCode: .google, accounts: [$0]) })
        guard case .idPMembers(let one)? = parts[0].answer, case .idPMembers(let two)? = parts[1].answer else {
            Issue.record("parts lost their answers")
            return
        }
        #expect(one.result?.keys.sorted() == [ids.idPId(g1)])
        #expect(two.result?.isEmpty == true)
        #expect(parts.allSatisfy { $0.index == 0 && $0.op.id == 3 && $0.returnNs == 10 })

        var lost = entry
        lost.answer = nil
        lost.returnNs = nil
        #expect(lost.itemized(ids).isEmpty, "a lost read changes nothing whether applied or not")
    }

    @Test("a refused lookup, or one naming an account nobody asked about, stays whole")
    func staysWhole() async throws {
        let (_, _, lookup) = try await logins(thenLookupKeeping: [g1, g2])
        let ids = World().ids
        guard case .idPMembers(var b)? = lookup.answer else {
            Issue.record("no E7 answer")
            return
        }
        var refused = b
        refused.header = ResponseHeader(transactionId: "t", code: .invalidParameter)
        refused.result = nil
        var entry = HistoryEntry(
            index: 0,
            process: 0,
            op: lookup.op,
            invokeNs: 0,
            returnNs: 10,
            window: ClockWindow(exactly: World.now),
            answer: .idPMembers(refused)
        )
        #expect(entry.itemized(ids).count == 1)
        b.result?["lt.google.99"] = "SOMEONE"
        entry.answer = .idPMembers(b)
        #expect(entry.itemized(ids).count == 1)
    }
}
