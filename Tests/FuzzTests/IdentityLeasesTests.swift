import Fuzz
import Linearizability
import Model
import Protocol
import Synchronization
import Testing

@Suite("Leases on shared identities", .timeLimit(.minutes(1)))
struct IdentityLeasesTests {
    static let a = EntityKey(.device, "d1")
    static let b = EntityKey(.account, "google:1")
    static let c = EntityKey(.transferId, "123")

    @Test("no more than the limit of operations hold one identity at once, however many ask")
    func neverAboveTheLimit() async {
        let leases = IdentityLeases(limit: 3)
        let counts = Counts()
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<40 {
                // Overlapping key sets: every one holds `a`, some `b` or `c` too.
                let keys = [Self.a] + (i % 2 == 0 ? [Self.b] : [Self.c])
                group.addTask {
                    #expect(await leases.acquire(keys))
                    let n = counts.inside.add(1, ordering: .relaxed).newValue
                    counts.most.max(n, ordering: .relaxed)
                    try? await Task.sleep(for: .milliseconds(2))
                    counts.inside.subtract(1, ordering: .relaxed)
                    leases.release(keys)
                }
            }
        }
        let peak = counts.most.load(ordering: .relaxed)
        #expect(peak <= 3)
        #expect(peak >= 2, "the limit is a bound, not a lock")
        #expect(leases.held == 0)
        #expect(leases.waited > 0)
    }

    @Test("a waiter holds nothing: an operation on another identity goes past it, and it goes once its lease returns")
    func waitingHoldsNothing() async {
        let leases = IdentityLeases(limit: 1)
        #expect(await leases.acquire([Self.a]))
        let counts = Counts()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // Needs `a` (taken) and `b` (free): must not take `b` while it waits.
                #expect(await leases.acquire([Self.a, Self.b]))
                counts.granted.store(true, ordering: .relaxed)
                leases.release([Self.a, Self.b])
            }
            try? await Task.sleep(for: .milliseconds(20))
            let early = counts.granted.load(ordering: .relaxed)
            #expect(!early)
            #expect(await leases.acquire([Self.b]), "b is free while the other waits")
            leases.release([Self.b])
            leases.release([Self.a])
        }
        let late = counts.granted.load(ordering: .relaxed)
        #expect(late)
        #expect(leases.held == 0)
    }

    @Test("a cancelled waiter returns without a lease and takes nothing")
    func cancelledWaiterTakesNothing() async {
        let leases = IdentityLeases(limit: 1)
        #expect(await leases.acquire([Self.a]))
        let waiter = Task { await leases.acquire([Self.a, Self.b]) }
        try? await Task.sleep(for: .milliseconds(20))
        waiter.cancel()
        #expect(await waiter.value == false)
        leases.release([Self.a])
        #expect(leases.held == 0)
        #expect(await leases.acquire([Self.a, Self.b]))
    }

    @Test("limit 0 never waits")
    func unbounded() async {
        let leases = IdentityLeases(limit: 0)
        for _ in 0..<10 { #expect(await leases.acquire([Self.a])) }
        #expect(leases.held == 0)
    }

    @Test(
        "an operation leases its device, the accounts it presents and the TransferAccount it names; a Server API read leases nothing"
    )
    func keysOfAnOperation() {
        let ids = Identities(salt: "t")
        let login = PlannedOperation(
            op: Op(
                id: 7,
                action: .loginIdP(
                    device: DeviceRef(3),
                    credential: .valid(AccountRef(.google, 1)),
                    ignoreAlreadyLoggedIn: true
                )
            ),
            player: 0,
            identities: ids
        )
        let keys = Set(IdentityLeases.keys(of: login))
        #expect(keys.contains(EntityKey(.device, ids.device(DeviceRef(3)))))
        #expect(keys.contains { $0.kind == .account && $0.value.hasPrefix("google:") })
        #expect(!keys.contains { $0.kind == .op || $0.kind == .clock })
        let read = PlannedOperation(
            op: Op(id: 8, action: .serverIdP(idPCode: .google, accounts: [AccountRef(.google, 1)])),
            player: 0,
            identities: ids
        )
        #expect(IdentityLeases.keys(of: read).isEmpty)
    }
}

/// Shared tallies of the tasks of one test.
private final class Counts: Sendable {
    let inside = Atomic<Int>(0)
    let most = Atomic<Int>(0)
    let granted = Atomic<Bool>(false)
}
