import Linearizability
import Model
import Protocol
import Testing

/// Hand-made histories with answers a simulated server gave: each test states the rule.
@Suite("linearizability: hand-made histories")
struct ScenarioTests {
    @Test("a sequential history whose answers the model predicts is linearizable")
    func sequentialPasses() async {
        var w = World()
        var steps: [Step] = []
        steps.append(await w.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false)))
        steps.append(await w.run(2, .loginIdP(device: d1, credential: .valid(g1), ignoreAlreadyLoggedIn: false)))
        steps.append(await w.run(3, .addMapping(device: d0, token: token(1), credential: .valid(g1))))
        steps.append(await w.run(4, .getMember(device: d1, token: token(2))))
        steps.append(await w.run(5, .issueTransferAccount(device: d0, token: token(1))))
        #expect(steps[2].code == .addMappingAlreadyMappedToOtherMember)
        var t = Timeline()
        t.sequential(steps)
        let r = await Check.run(t.history)
        #expect(r.verdict == .linearizable, "\(r.text)")
        #expect(r.violations.isEmpty)
    }

    @Test("two concurrent first logins of one IdP account that both created a member are not linearizable")
    func twoFirstLoginsFail() async throws {
        var a = World()
        var b = World()
        let first = await a.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        let second = await b.run(2, .loginIdP(device: d1, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        #expect(a.value(Sym(.user, 1)) != b.value(Sym(.user, 2)))
        var t = Timeline()
        t.add(first, 0, 100, process: 1)
        t.add(second, 10, 110, process: 2)
        let r = await Check.run(t.history)
        #expect(r.verdict == .violation, "\(r.text)")
        let v = try #require(r.violations.first)
        #expect(v.minimal.count == 2)
        #expect(v.keys.contains("account:google:lt.google.1"))
        let stuck = try #require(v.longestPrefix.stuck)
        #expect(v.longestPrefix.linearized.count == 1)
        #expect(stuck.allowed.allSatisfy { $0.mismatch != nil })
        #expect(stuck.allowed.contains { $0.mismatch?.contains("member.userId") == true }, "\(stuck)")
    }

    @Test("two concurrent logins of one account where the second names the first's user are linearizable")
    func loginsThatAgreePass() async {
        var w = World()
        let first = await w.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        let second = await w.run(2, .loginIdP(device: d1, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        var t = Timeline()
        // The second invoked first and returned last: any order is allowed by real time.
        t.add(second, 0, 200, process: 2)
        t.add(first, 10, 100, process: 1)
        let r = await Check.run(t.history)
        #expect(r.verdict == .linearizable, "\(r.text)")
    }

    @Test("two concurrent add-mappings of one IdP account to two users that both succeeded are not linearizable")
    func twoMappingsFail() async throws {
        var (a, b, prefix) = await World.twoGuestsEach()
        let mapA = await a.run(3, .addMapping(device: d0, token: token(1), credential: .valid(g1)))
        let mapB = await b.run(4, .addMapping(device: d1, token: token(2), credential: .valid(g1)))
        #expect(mapA.code == .success && mapB.code == .success)
        var t = Timeline()
        t.sequential(prefix)
        t.add(mapA, 1000, 1100, process: 1)
        t.add(mapB, 1050, 1150, process: 2)
        let r = await Check.run(t.history)
        #expect(r.verdict == .violation, "\(r.text)")
        let v = try #require(r.violations.first)
        #expect(Set(v.minimal.map(\.opId)).isSuperset(of: [3, 4]), "\(v.minimal.map(\.op))")
    }
}
