import Engine
import Fuzz
import Model
import Protocol
import Synchronization
import Testing

@Suite("Synchronized bursts", .timeLimit(.minutes(1)))
struct BurstCoordinatorTests {
    static func coordinator(size: Int, wait: Duration, targets: BurstTargets.Shares = .init()) -> BurstCoordinator {
        var config = FuzzConfiguration(seed: 1)
        config.sharedPool = SharedPool(devices: 2, accounts: 1)
        return BurstCoordinator(
            settings: .init(size: size, share: 1, wait: wait, targets: targets),
            targets: BurstTargets(configuration: config),
            seed: 7
        )
    }

    @Test("k members of a burst share one target, and nobody is released before the last has arrived")
    func releasedOnlyWhenFull() async {
        let bursts = Self.coordinator(size: 4, wait: .seconds(30))
        let tickets = (0..<4).map { _ in bursts.join() }
        #expect(Set(tickets.map(\.burst)).count == 1)
        #expect(Set(tickets.map(\.focus)).count == 1)
        // Each member: when it arrived and when it was released.
        let members = await withTaskGroup(of: (ContinuousClock.Instant, ContinuousClock.Instant).self) { group in
            for (i, t) in tickets.enumerated() {
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(20 * i))  // arrive one by one
                    let arrived = ContinuousClock.now
                    await bursts.arrive(t)
                    return (arrived, .now)
                }
            }
            var out: [(ContinuousClock.Instant, ContinuousClock.Instant)] = []
            for await r in group { out.append(r) }
            return out
        }
        let lastArrival = members.map(\.0).max()
        #expect(members.count == 4)
        if let lastArrival {
            #expect(members.allSatisfy { $0.1 >= lastArrival }, "a member went before the last arrived")
        }
        let stats = bursts.stats
        #expect(stats.bursts == 1 && stats.partial == 0)
    }

    @Test("a burst that does not fill is released when its wait runs out, and counted partial")
    func partialReleasedAtDeadline() async {
        let bursts = Self.coordinator(size: 4, wait: .milliseconds(100))
        let a = bursts.join()
        let b = bursts.join()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await bursts.arrive(a) }
            group.addTask { await bursts.arrive(b) }
        }
        // Released (the suite's time limit bounds the wait), and not before the burst's wait ran
        // out (its deadline is set when the first member joins).
        #expect(ContinuousClock.now >= a.deadline)
        #expect(bursts.stats.partial == 1)
        // The next join opens a new burst.
        #expect(bursts.join().burst != a.burst)
    }

    @Test("a burst is released when its wait runs out even if its first member never arrives")
    func releasedWithoutItsFirstMember() async {
        let bursts = Self.coordinator(size: 3, wait: .milliseconds(100))
        let first = bursts.join()
        let second = bursts.join()
        #expect(first.burst == second.burst)
        await bursts.arrive(second)  // the first is still logging in to the burst's user
        #expect(ContinuousClock.now >= second.deadline)
        #expect(bursts.stats.partial == 1)
        // Arriving after the release, it goes without waiting for anyone (were it kept waiting
        // for a release that already happened, the suite's time limit would end the test). No
        // upper bound on the time: this suite runs beside CPU-heavy ones.
        await bursts.arrive(first)
        #expect(bursts.stats.bursts == 1)
    }

    @Test(
        "users are drawn only when offered and their share is above 0; a user offered again keeps its latest accounts"
    )
    func usersAsTargets() {
        func users(_ bursts: BurstCoordinator, _ n: Int) -> [Focus] {
            (0..<n).map { _ in bursts.join().focus }.filter { !$0.userAccounts.isEmpty }
        }
        let onlyUsers = BurstTargets.Shares(account: 0, device: 0, transferAccount: 0, user: 1)
        let bursts = Self.coordinator(size: 1, wait: .seconds(1), targets: onlyUsers)
        #expect(users(bursts, 50).isEmpty, "nobody offered a user: devices instead")
        let google = AccountRef(.google, 1)
        let facebook = AccountRef(.facebook, 1)
        bursts.publish(.user(id: "U1", accounts: [google]))
        bursts.publish(.user(id: "U1", accounts: [facebook, google]))
        let drawn = users(bursts, 50)
        #expect(drawn.count == 50)
        #expect(Set(drawn) == [.user(id: "U1", accounts: [facebook, google])])

        let byDefault = Self.coordinator(size: 1, wait: .seconds(1))
        byDefault.publish(.user(id: "U1", accounts: [google]))
        #expect(users(byDefault, 200).isEmpty, "the default shares leave users out")
    }

    @Test("the spread of send times is measured once every released member has sent")
    func spreadMeasured() async {
        let bursts = Self.coordinator(size: 2, wait: .seconds(30))
        let a = bursts.join()
        let b = bursts.join()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await bursts.arrive(a) }
            group.addTask { await bursts.arrive(b) }
        }
        let t = ContinuousClock.now
        bursts.sent(a, at: t)
        bursts.sent(b, at: t + .microseconds(300))
        #expect(bursts.stats.spreads == [.microseconds(300)])
    }
}

@Suite("Players over a shared pool")
struct SharedPoolPlayerTests {
    @Test("players of a shared pool share identities and number their steps uniquely run-wide")
    func sharedIdentitiesUniqueIds() {
        var config = FuzzConfiguration(seed: 3, runSalt: "shared")
        config.sharedPool = SharedPool(devices: 4, accounts: 2)
        var a = Player(configuration: config, index: 0)
        var b = Player(configuration: config, index: 1)
        #expect(a.identities.salt == b.identities.salt)
        let ids = (0..<50).map { _ in a.next(now: 0).op.id } + (0..<50).map { _ in b.next(now: 0).op.id }
        #expect(Set(ids).count == ids.count)
        a.newEpisode()
        #expect(a.identities.salt == b.identities.salt, "a new episode keeps the pool's identities")
        #expect(a.next(now: 0).op.id > ids.prefix(50).max()!, "and keeps numbering upward")
    }

    @Test("an answer the player's own view cannot explain is not a violation in a shared world")
    func localViewDoesNotJudge() async {
        var config = FuzzConfiguration(seed: 4, runSalt: "sharedsim")
        config.sharedPool = SharedPool(devices: 2, accounts: 1)
        // Another player's world: the target answers from its own model, unaware of this player.
        let target = SimulatedTarget()
        let clock = ClockTracker(frozenAt: target.now)
        var a = Player(configuration: config, index: 0)
        var b = Player(configuration: config, index: 1)
        var violations = 0
        for _ in 0..<300 {
            violations += await a.perform(with: target, clock: clock).verdict.violations.count
            violations += await b.perform(with: target, clock: clock).verdict.violations.count
        }
        #expect(violations == 0)
    }
}
