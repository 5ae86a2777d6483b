import Linearizability
import Model
import Protocol
import Testing

/// Partial-order reduction and backjumping: the search never tries two orders of operations that
/// cannot affect each other, returns from a dead end straight to the operation it depends on, and
/// still tries both orders of operations that are linked only through the state.
@Suite("linearizability: reduction and backjumping")
struct ReductionTests {
    static let devices = 10

    /// Guest logins on `devices` fresh devices, all in flight at once, then a lookup of every user
    /// they made (one partition, though no step links them), then the lost counter of
    /// ``TransferCounterTests/lostCounter()`` (`lostCounter`).
    static func unrelatedLogins(lostCounter: Bool) async -> History {
        var w = World()
        let prefix = await TransferCounterTests.issued(&w)
        var logins: [Step] = []
        for k in 0..<devices {
            logins.append(await w.run(100 + k, .loginGuest(device: DeviceRef(20 + k), ignoreAlreadyLoggedIn: false)))
        }
        let users = [UserArg.user(Sym(.user, 1))] + (0..<devices).map { UserArg.user(Sym(.user, 100 + $0)) }
        let lookup = await w.run(200, .serverMembers(users: users))
        #expect(lookup.code == .success)
        var t = Timeline()
        t.sequential(prefix)
        for (k, s) in logins.enumerated() { t.add(s, 1000 + Int64(k), 2000 + Int64(k), process: 10 + k) }
        t.add(lookup, 3000, 3050, process: 1)
        if lostCounter { t.sequential(await TransferCounterTests.lostCounter().attempts, from: 4000, process: 1) }
        return t.history
    }

    /// The report's largest partition, which must hold all of `h` (one partition, though no step
    /// links most of its entries).
    @discardableResult
    static func onePartition(
        _ r: CheckReport,
        of h: History,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> PartitionReport {
        let p = try #require(r.partitions.max { $0.entries < $1.entries }, sourceLocation: sourceLocation)
        #expect(p.entries == h.entries.count, "one partition: \(r.text)", sourceLocation: sourceLocation)
        return p
    }

    static func run(_ h: History, reduction: Bool, configurations: Int = 100_000) async -> CheckReport {
        // The configuration budget, not the time (tests run in parallel), stops the search.
        var check = LinearizabilityCheck(budget: CheckBudget(time: .seconds(300), configurations: configurations))
        check.reduction = reduction
        // The search without the reduction is measured alone: restarts decide some of these too.
        check.restarts = reduction
        return await check.check(h)
    }

    @Test(
        "concurrent logins on unrelated devices are tried in one order: the violation after them costs few configurations"
    )
    func unrelatedOperationsInterleaveOnce() async throws {
        let h = await Self.unrelatedLogins(lostCounter: true)
        let reduced = await Self.run(h, reduction: true)
        #expect(reduced.verdict == .violation, "\(reduced.text)")
        let p = try #require(reduced.partitions.max { $0.entries < $1.entries })
        #expect(p.entries > Self.devices, "one partition holds them all: \(reduced.text)")
        #expect(p.configurations < 200, "\(p)")
        let full = await Self.run(h, reduction: false, configurations: 600)
        let q = try #require(full.partitions.max { $0.entries < $1.entries })
        #expect(q.configurations > 1 << Self.devices / 2, "without the reduction every subset is a configuration: \(q)")
    }

    @Test("the same logins with nothing wrong after them are linearizable")
    func unrelatedOperationsPass() async {
        let r = await Self.run(await Self.unrelatedLogins(lostCounter: false), reduction: true)
        #expect(r.verdict == .linearizable, "\(r.text)")
    }

    /// `waves` pairs of a guest login and an IdP login (facebook#1, #2…) on one fresh device each
    /// from `firstDevice`, both ignoring the session already there: steps 100 + 2k and 101 + 2k.
    static func loginPairs(_ w: inout World, waves: Int, firstDevice: Int) async -> [(Step, Step)] {
        var pairs: [(Step, Step)] = []
        for k in 0..<waves {
            let d = DeviceRef(firstDevice + k)
            let g = await w.run(100 + 2 * k, .loginGuest(device: d, ignoreAlreadyLoggedIn: true))
            let i = await w.run(
                101 + 2 * k,
                .loginIdP(device: d, credential: .valid(AccountRef(.facebook, 1 + k)), ignoreAlreadyLoggedIn: true)
            )
            pairs.append((g, i))
        }
        return pairs
    }

    /// The users of ``loginPairs(_:waves:firstDevice:)``.
    static func pairUsers(waves: Int) -> [UserArg] {
        (0..<waves).flatMap { k in [UserArg.user(Sym(.user, 100 + 2 * k)), .user(Sym(.user, 101 + 2 * k))] }
    }

    /// Each pair in flight together (the IdP login inside the guest login), 100 apart from `start`;
    /// returns where the last ends.
    static func place(_ pairs: [(Step, Step)], from start: Int64, processes: (Int, Int), in t: inout Timeline) -> Int64
    {
        for (k, (g, i)) in pairs.enumerated() {
            let at = start + 100 * Int64(k)
            t.add(g, at, at + 50, process: processes.0)
            t.add(i, at + 5, at + 45, process: processes.1)
        }
        return start + 100 * Int64(pairs.count)
    }

    /// On device 0 a guest login and an IdP login, both ignoring the session already there, in
    /// flight together: the IdP login answered first but took effect second, which only a guest
    /// login on device 0 shows (`waves` pairs of such logins on other devices later: it is refused,
    /// the device being logged in as the IdP user). Each wave is a real choice (either order
    /// explains its answers and leaves a different session), so a search that backtracks one step
    /// at a time tries every combination of them before it reaches device 0 again.
    static func lateReveal(waves: Int) async -> History {
        var w = World()
        let guest = await w.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: true))
        let idp = await w.run(2, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: true))
        let pairs = await Self.loginPairs(&w, waves: waves, firstDevice: 10)
        let reveal = await w.run(300, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        #expect(reveal.code == .idpLoginFailed, "the device is logged in as the IdP user")
        let users = [UserArg.user(Sym(.user, 1)), UserArg.user(Sym(.user, 2))] + Self.pairUsers(waves: waves)
        let lookup = await w.run(400, .serverMembers(users: users))
        #expect(lookup.code == .success)
        var t = Timeline()
        t.add(guest, 0, 95, process: 1)
        t.add(idp, 10, 90, process: 2)
        let end = Self.place(pairs, from: 200, processes: (1, 2), in: &t)
        t.add(reveal, end, end + 50, process: 1)
        t.add(lookup, end + 100, end + 150, process: 1)
        return t.history
    }

    @Test("a dead end far below unrelated choices returns straight to the operation it depends on")
    func backjumpSkipsUnrelatedChoices() async throws {
        let h = await Self.lateReveal(waves: 8)
        let r = await Self.run(h, reduction: true)
        #expect(r.verdict == .linearizable, "\(r.text)")
        let p = try Self.onePartition(r, of: h)
        #expect(p.configurations < 200, "\(p)")
        let full = await Self.run(h, reduction: false, configurations: 300)
        let q = try #require(full.partitions.max { $0.entries < $1.entries })
        #expect(q.configurations > 1 << 8, "one step at a time it tries every combination: \(q)")
    }

    /// A correct and a wrong TransferAccount password in flight together, the wrong one answered
    /// first but applied second (the count is 1 after them, not 0); then `waves` pairs of logins
    /// on other devices (each pair a real choice, as in ``lateReveal(waves:)``); then four more
    /// wrong passwords, the last answered with the block: only the count shows the pair's order.
    /// The dead end at the block depends on the three wrong passwords before it, which are dead
    /// ends of their own for the same reason, and so on back to the pair: a search that returns
    /// only one dependent step at a time tries every combination of the waves on the way.
    /// A restart that tries the pair the other way round first goes straight through.
    static func lateCount(waves: Int) async -> History {
        var w = World()
        let prefix = await TransferCounterTests.issued(&w)
        let correct = await w.run(5, TransferCounterTests.correctAttempt(30))
        #expect(correct.code == .success)
        let first = await w.run(6, TransferCounterTests.wrongAttempt(31))
        let pairs = await Self.loginPairs(&w, waves: waves, firstDevice: 40)
        var rest: [Step] = []
        for k in 0..<4 { rest.append(await w.run(300 + k, TransferCounterTests.wrongAttempt(31))) }
        #expect(rest.dropLast().allSatisfy { $0.code == .transferAccountInvalidPassword })
        #expect(rest.last?.code == .transferAccountBlock)
        // One partition: a lookup of every user links the waves to the TransferAccount's user.
        let lookup = await w.run(400, .serverMembers(users: [.user(Sym(.user, 1))] + Self.pairUsers(waves: waves)))
        #expect(lookup.code == .success)
        var t = Timeline()
        t.sequential(prefix)
        t.add(correct, 1000, 1090, process: 1)
        t.add(first, 1010, 1080, process: 2)
        let end = Self.place(pairs, from: 1200, processes: (3, 4), in: &t)
        t.sequential(rest, from: end, process: 2)
        t.add(lookup, end + 1000, end + 1050, process: 1)
        return t.history
    }

    @Test(
        "a choice revealed many entries later (a fail count) is decided by a restart that tries the pair the other way round first"
    )
    func lateRevealedCount() async throws {
        let h = await Self.lateCount(waves: 10)
        // Without restarts (and without joined counts) the search runs out of 1,000
        // configurations: the case needs them.
        var once = LinearizabilityCheck(budget: CheckBudget(time: .seconds(300), configurations: 1_000))
        (once.restarts, once.joins) = (false, false)
        #expect(await once.check(h).verdict == .unknown)
        // The first search stalls or gets a quarter of the budget (500 configurations; the time is
        // long enough for them on a loaded machine), restarts (the dead end's entry first, then the
        // correct password before the wrong one) the next quarter, the exhaustive search the rest.
        var check = LinearizabilityCheck(budget: CheckBudget(time: .seconds(120), configurations: 2_000))
        check.joins = false
        let r = await check.check(h)
        #expect(r.verdict == .linearizable, "\(r.text)")
        try Self.onePartition(r, of: h)
    }

    @Test(
        "a fail count revealed many entries later is decided by the first search when counts are joined: no backtracking into the burst"
    )
    func lateRevealedCountJoined() async throws {
        let h = await Self.lateCount(waves: 10)
        var once = LinearizabilityCheck(budget: CheckBudget(time: .seconds(300), configurations: 1_000))
        once.restarts = false
        let r = await once.check(h)
        #expect(r.verdict == .linearizable, "\(r.text)")
        let p = try Self.onePartition(r, of: h)
        #expect(p.configurations < 2 * h.entries.count, "one pass, no backtracking: \(p)")
    }

    @Test(
        "restarts and the exhaustive search side by side decide as one after the other does: a late-revealed count, a lost increment"
    )
    func sideBySideDecidesTheSame() async throws {
        let late = await Self.lateCount(waves: 10)
        let lost = await Self.unrelatedLogins(lostCounter: true)
        for sideBySide in [true, false] {
            var check = LinearizabilityCheck(budget: CheckBudget(time: .seconds(120), configurations: 2_000))
            // Without joined counts, which decide the late count in the first search.
            (check.sideBySide, check.joins) = (sideBySide, false)
            let r = await check.check(late)
            #expect(r.verdict == .linearizable, "side by side \(sideBySide): \(r.text)")
            let v = await check.check(lost)
            #expect(v.verdict == .violation, "side by side \(sideBySide): \(v.text)")
        }
    }

    /// A TransferAccount issue on device 0 whose answer was lost, and a new guest login there
    /// while it was in flight, whose token revokes the one the issue was sent with; then `waves`
    /// pairs of logins on other devices (each a real choice); then a query that finds the account:
    /// only the lost issue, applied before the new login, explains it.
    static func lostIssue(waves: Int) async -> History {
        var w = World()
        let login = await w.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        let issue = await w.run(2, .issueTransferAccount(device: d0, token: token(1)))
        #expect(issue.code == .success)
        let again = await w.run(300, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        let pairs = await Self.loginPairs(&w, waves: waves, firstDevice: 10)
        let query = await w.run(301, .queryTransferAccount(device: d0, token: token(300)))
        #expect(again.code == .success && query.code == .success)
        let lookup = await w.run(400, .serverMembers(users: [.user(Sym(.user, 1))] + Self.pairUsers(waves: waves)))
        #expect(lookup.code == .success)
        var t = Timeline()
        t.add(login, 0, 50, process: 1)
        t.add(issue.lost, 100, 0, process: 1)
        t.add(again, 150, 190, process: 2)
        let end = Self.place(pairs, from: 300, processes: (2, 3), in: &t)
        t.add(query, end, end + 50, process: 1)
        t.add(lookup, end + 300, end + 350, process: 1)
        return t.history
    }

    @Test(
        "a lost issue that only a query many entries later shows is tried first by a restart, not after every combination of the choices in between"
    )
    func lostIssueTriedFirst() async throws {
        let h = await Self.lostIssue(waves: 10)
        // Without the reduction, whose backjumping would return to the new login at once: here only
        // a restart that takes the lost issue as soon as it may decides within the budget.
        var check = LinearizabilityCheck(budget: CheckBudget(time: .seconds(300), configurations: 2_000))
        (check.reduction, check.sideBySide) = (false, false)
        let r = await check.check(h)
        #expect(r.verdict == .linearizable, "\(r.text)")
        try Self.onePartition(r, of: h)
        check.restarts = false
        let once = await check.check(h)
        #expect(once.verdict == .unknown, "without restarts: \(once.text)")
    }

    /// Device 0's user maps google#1 and then withdraws, while device 2 logs in with google#1 and
    /// gets a new member: the withdrawal must come first. The two share no entity of their own
    /// (the withdrawal names only device 0's token), only the state links them (google#1's owner
    /// is the withdrawing user), and the login answered first.
    @Test("operations linked only through the state are still tried in both orders")
    func stateLinksKeepOrdersApart() async {
        var w = World()
        let login = await w.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        let map = await w.run(2, .addMapping(device: d0, token: token(1), credential: .valid(g1)))
        #expect(map.code == .success)
        let withdraw = await w.run(3, .withdraw(device: d0, token: token(1)))
        #expect(withdraw.code == .success)
        let other = await w.run(4, .loginIdP(device: d2, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        #expect(other.code == .success)
        var t = Timeline()
        t.sequential([login, map])
        t.add(withdraw, 1000, 1100, process: 1)
        t.add(other, 1010, 1090, process: 2)
        let r = await Self.run(t.history, reduction: true)
        #expect(r.verdict == .linearizable, "\(r.text)")
    }
}
