import Model
import Synchronization

/// Which entries of a (sub-)history touch each entity (``HistoryEntry/entities(_:)``), so the
/// search can tell, for a partial linearization, which entities no entry left to linearize will
/// touch again: the model state keeps only what the others reach (``ModelState/restricted(to:)``).
/// Without that the state grows with the history and every step, copy and comparison of a long
/// partition's search slows down with it.
struct EntityTouchers: Sendable {
    private var index: [EntityKey: Int32] = [:]
    /// Completed (answered) touchers of each entity, ascending positions.
    private var completed: [[Int32]] = []
    /// Maybe-applied touchers of each entity, ascending positions.
    private var maybe: [[Int32]] = []
    /// The entities of each entry.
    private(set) var ofEntry: [[Int32]] = []
    /// The entity of each account and device the entries' operations name.
    private var accounts: [AccountRef: Int32] = [:]
    private var devices: [DeviceRef: Int32] = [:]
    /// The entity of each operation's symbols (`op:N`).
    private var ops: [Int: Int32] = [:]
    /// Entities found by value before (``StateComponents`` asks for each state's every symbol).
    private let found = Found()

    /// What ``entities(of:value:)`` and ``entity(of:ids:)`` looked up by value: a symbol's entity
    /// with the value it was found for (one symbol has one value in every state that binds it, but
    /// the value is compared anyway), and accounts and devices no operation names. Building a
    /// key and hashing its string was a third of building ``StateComponents`` (`perf`).
    private final class Found: Sendable {
        /// -1: no entry touches it.
        let symbols = Mutex<[Sym: (value: String, entity: Int32)]>([:])
        let others = Mutex<[Other: Int32]>([:])

        enum Other: Hashable {
            case account(AccountRef)
            case device(DeviceRef)
        }

        /// The entity `look` finds for `key`, looked up once.
        func entity(_ key: Other, _ look: () -> Int32?) -> Int32? {
            let e: Int32 = others.withLock { known in
                if let e = known[key] { return e }
                let e = look() ?? -1
                known[key] = e
                return e
            }
            return e < 0 ? nil : e
        }
    }

    /// - Parameter entries: in invoke order (positions as the search numbers them).
    init(_ entries: [HistoryEntry], ids: Identities) {
        for (p, e) in entries.enumerated() {
            var mine: [Int32] = []
            for k in e.entities(ids) {
                let i = intern(k)
                mine.append(i)
                if e.isMaybeApplied { maybe[Int(i)].append(Int32(p)) } else { completed[Int(i)].append(Int32(p)) }
            }
            ofEntry.append(mine)
            let action = e.op.action
            for a in HistoryEntry.accounts(of: action) { accounts[a] = index[HistoryEntry.account(ids.idPAccount(a))] }
            if let d = action.device { devices[d] = index[EntityKey(.device, ids.device(d))] }
        }
    }

    private mutating func intern(_ k: EntityKey) -> Int32 {
        if let i = index[k] { return i }
        let i = Int32(completed.count)
        index[k] = i
        if k.kind == .op, let op = Int(k.value) { ops[op] = i }
        completed.append([])
        maybe.append([])
        return i
    }

    /// Whether some entry `set` has not taken touches entity `k`.
    func isLive(_ k: Int32, in set: LinearizedSet) -> Bool {
        let done = completed[Int(k)]
        var i = Self.lowerBound(done, set.prefix)
        while i < done.count {
            if !set.contains(done[i]) { return true }
            i += 1
        }
        for m in maybe[Int(k)] where !set.contains(m) { return true }
        return false
    }

    /// What the entries `set` has not taken may still read.
    func liveness(_ set: LinearizedSet, ids: Identities) -> Liveness {
        func live(_ k: EntityKey?) -> Bool {
            guard let k, let i = index[k] else { return false }
            return isLive(i, in: set)
        }
        return Liveness(
            symbol: { s, value in
                if let i = ops[s.op], isLive(i, in: set) { return true }
                guard let value else { return false }
                return live(HistoryEntry.key(for: s.kind, value))
            },
            account: { a in
                if let i = accounts[a] { return isLive(i, in: set) }
                return live(HistoryEntry.account(ids.idPAccount(a)))
            },
            device: { d in
                if let i = devices[d] { return isLive(i, in: set) }
                return live(EntityKey(.device, ids.device(d)))
            }
        )
    }

    /// The entity of a symbol: its operation's (`op:N`), and the one its value names.
    func entities(of s: Sym, value: String?) -> (op: Int32?, value: Int32?) {
        guard let value else { return (ops[s.op], nil) }
        let e: Int32 = found.symbols.withLock { known in
            if let k = known[s], k.value == value { return k.entity }
            let e = HistoryEntry.key(for: s.kind, value).flatMap { index[$0] } ?? -1
            known[s] = (value, e)
            return e
        }
        return (ops[s.op], e < 0 ? nil : e)
    }

    /// The entity of an IdP account (guest: the device's key), if an entry touches it.
    func entity(of a: AccountRef, ids: Identities) -> Int32? {
        accounts[a] ?? found.entity(.account(a)) { index[HistoryEntry.account(ids.idPAccount(a))] }
    }

    /// The entity of a device, if an entry touches it.
    func entity(of d: DeviceRef, ids: Identities) -> Int32? {
        devices[d] ?? found.entity(.device(d)) { index[EntityKey(.device, ids.device(d))] }
    }

    private static func lowerBound(_ a: [Int32], _ x: Int32) -> Int {
        var lo = 0
        var hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
