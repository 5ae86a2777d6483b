import Linearizability
import Model
import Protocol
import Testing

/// Partitioning: entries that share an entity are checked together; multi-key operations join
/// partitions; the clock joins what time could order.
@Suite("linearizability: partitions")
struct PartitionTests {
    /// The owner logs in with google#1 on d0; a guest on d1 asks for google#1 (3302, a ticket naming
    /// the owner) and takes it by force (M7: the owner's google sessions die, M9: the owner is lost);
    /// then the owner's token answers as if nothing happened (from a world without the forced
    /// mapping).
    static func staleOwner() async -> (history: History, ownerLogin: Step, stale: Step, caller: [Step]) {
        var a = World()
        let ownerLogin = await a.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        let guest = await a.run(2, .loginGuest(device: d1, ignoreAlreadyLoggedIn: false))
        let ask = await a.run(3, .addMapping(device: d1, token: token(2), credential: .valid(g1)))
        let forced = await a.run(
            4,
            .addMappingForcibly(device: d1, token: token(2), ticket: .ticket(Sym(.ticket, 3)), credential: .valid(g1))
        )
        #expect(ask.code == .addMappingAlreadyMappedToOtherMember && forced.code == .success)
        var b = World()
        await b.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        let stale = await b.run(5, .getMember(device: d0, token: token(1)))
        #expect(stale.code == .success)
        var t = Timeline()
        t.sequential([ownerLogin, guest, ask, forced])
        t.add(stale, 1000, 1100, process: 1)
        return (t.history, ownerLogin, stale, [guest, ask, forced])
    }

    @Test("a forced mapping joins the ticket owner's and the caller's partitions, and the stale owner fails")
    func forcedMappingJoins() async throws {
        let (history, _, _, _) = await Self.staleOwner()
        let parts = Partitioner.partition(history)
        #expect(parts.count == 1)
        let keys = Set(try #require(parts.first).keys.map(\.description))
        let ids = Identities(salt: "lt")
        let devices = [0, 1].map { "device:" + ids.device(DeviceRef($0)) }
        #expect(keys.isSuperset(of: devices + ["account:google:lt.google.1"]), "\(keys)")
        let r = await Check.run(history)
        #expect(r.verdict == .violation, "\(r.text)")
        let stuck = try #require(r.violations.first?.longestPrefix.stuck)
        #expect(stuck.entry.opId == 5)
        #expect(stuck.allowed.contains { $0.rule == "M7" }, "\(stuck)")
    }

    @Test("checking the owner's entries apart from the caller's would pass that same history")
    func splitWouldPass() async {
        let (_, ownerLogin, stale, caller) = await Self.staleOwner()
        var owner = Timeline()
        owner.add(ownerLogin, 0, 50)
        owner.add(stale, 1000, 1100, process: 1)
        var others = Timeline()
        others.sequential([ownerLogin] + caller)
        // Each half alone is linearizable (the owner's login in both, as a per-key projection has it).
        #expect(await Check.run(owner.history).verdict == .linearizable)
        #expect(await Check.run(others.history).verdict == .linearizable)
    }

    @Test("entries that share no entity are checked in separate partitions")
    func independentPoolsSplit() async {
        var a = World()
        var b = World()
        let s1 = await a.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        let s2 = await b.run(
            2,
            .loginIdP(device: d2, credential: .valid(AccountRef(.google, 7)), ignoreAlreadyLoggedIn: false)
        )
        var t = Timeline()
        t.add(s1, 0, 100)
        t.add(s2, 10, 110, process: 1)
        #expect(Partitioner.partition(t.history).count == 2)
        #expect(Partitioner.partition(t.history, split: false).count == 1)
        let r = await Check.run(t.history)
        #expect(r.verdict == .linearizable && r.partitions.count == 2, "\(r.text)")
    }

    @Test("a clock advance touches only the clock; a straggler across it stays in its own partition")
    func advancesTouchOnlyTheClock() async {
        var a = World()
        var b = World()
        let s1 = await a.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        let s2 = await b.run(2, .loginGuest(device: d2, ignoreAlreadyLoggedIn: false))
        let advance = Step(
            op: Op(id: 3, action: .advanceClock(seconds: 30)),
            answer: .client(ClientReplyBody(header: ResponseHeader(transactionId: "t", code: .success)))
        )
        var t = Timeline()
        t.add(s1, 0, 100)
        t.add(advance, 200, 300, process: 2)
        t.add(s2, 250, 500, process: 1)
        var h = t.history
        h.entries[1].window = ClockWindow(lo: World.now, hi: World.now + 30_000)
        // The guest login straddled the advance: its window spans both times.
        h.entries[2].window = ClockWindow(lo: World.now, hi: World.now + 30_000)
        let parts = Partitioner.partition(h)
        #expect(parts.count == 3)
        #expect(parts.contains { p in p.keys.contains(.clock) && p.entries == [1] })
        #expect(await Check.run(h).verdict == .linearizable)
    }

    @Test("a frozen-clock history whose windows go back in real time is checked as one partition")
    func frozenWindowsFollowRealTime() async throws {
        var a = World()
        var b = World()
        let s1 = await a.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        let s2 = await b.run(2, .loginGuest(device: d2, ignoreAlreadyLoggedIn: false))
        var t = Timeline()
        t.add(s1, 0, 100)
        t.add(s2, 400, 500, process: 1)
        var h = t.history
        #expect(h.windowsFollowRealTime && Partitioner.partition(h).count == 2)
        // The first returned before the second was sent, yet its window ends after the second's begins.
        h.entries[0].window = ClockWindow(exactly: World.now + 1000)
        #expect(!h.windowsFollowRealTime)
        #expect(Partitioner.partition(h).count == 1)
        let read = try History.parse(try h.jsonLines(), source: "h")
        #expect(read.entries.count == 2)
    }

    @Test("with a free clock every window is wide: the history is one partition")
    func freeClockIsOnePartition() async {
        var a = World()
        var b = World()
        let s1 = await a.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        let s2 = await b.run(2, .loginGuest(device: d2, ignoreAlreadyLoggedIn: false))
        var t = Timeline()
        t.add(s1, 0, 100)
        t.add(s2, 400, 500, process: 1)
        var h = t.history
        h.header.clock = .free
        for i in h.entries.indices { h.entries[i].window = ClockWindow(lo: World.now - 500, hi: World.now + 500) }
        #expect(Partitioner.partition(h).count == 1)
        #expect(await Check.run(h).verdict == .linearizable)
    }

    @Test("a partition that runs out of budget is unknown, never passed")
    func budgetGivesUnknown() async throws {
        var w = World()
        var steps: [Step] = []
        for (i, d) in [d0, d1, d2].enumerated() {
            steps.append(await w.run(i + 1, .loginGuest(device: d, ignoreAlreadyLoggedIn: false)))
        }
        var t = Timeline()
        t.sequential(steps)
        // The three logins share nothing: make them one partition to give the search work.
        let r = await Check.run(t.history, split: false, budget: CheckBudget(configurations: 1))
        #expect(r.verdict == .unknown, "\(r.text)")
        let p = try #require(r.partitions.first)
        #expect(p.reason?.contains("configuration budget") == true)
        #expect(r.violations.isEmpty)
    }
}
