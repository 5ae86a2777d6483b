import Model

/// The entities one model state links together: two entities are in one component when a chain of
/// the state's references joins them (a device's session token, the token's user, device and
/// account, a user's accounts, TransferAccount and TransferKey, an account's owner, a ticket's
/// users and account, a guest account's device, a symbol's operation and value), followed both
/// ways. These are the references ``ModelState/restricted(to:)`` follows: an operation reads and
/// writes only what its entities reach through them, so two entries whose entities lie in
/// different components of the current state cannot affect each other's outcome
/// (``Search/persistent(_:_:_:)``). An entity the state does not hold is a component of its own.
///
/// Sparse: only the state's entities are numbered (an entity the entries touch keeps its number
/// in ``EntityTouchers``; one no entry names gets a negative one), so building it costs the state's
/// size, not the partition's: each entity it meets gets a place in a ``UnionFind`` of its own.
struct StateComponents {
    private var sets = UnionFind(count: 0)
    /// The place of each entity met (named ones by their number, unnamed ones by a negative one).
    private var place: IntMap
    private var unnamed: [Node: Int] = [:]

    private enum Node: Hashable {
        case symbol(Sym), account(AccountRef), device(DeviceRef)
    }

    init(_ state: ModelState, touchers: EntityTouchers, ids: Identities) {
        place = IntMap(capacity: 2 * (state.users.count + state.tokens.count + state.devices.count + 8))
        func node(_ n: Node, _ named: Int32?, _ also: Int32? = nil) -> Int {
            guard let first = named ?? also else {
                if let i = unnamed[n] { return i }
                let i = -1 - unnamed.count
                unnamed[n] = i
                return i
            }
            if let named, let also, named != also { union(Int(named), Int(also)) }
            return Int(first)
        }
        func symbol(_ s: Sym) -> Int {
            let e = touchers.entities(of: s, value: state.value(of: s))
            return node(.symbol(s), e.op, e.value)
        }
        func account(_ a: AccountRef) -> Int {
            let i = node(.account(a), touchers.entity(of: a, ids: ids))
            if a.isGuest {
                union(i, node(.device(DeviceRef(a.index)), touchers.entity(of: DeviceRef(a.index), ids: ids)))
            }
            return i
        }
        func device(_ d: DeviceRef) -> Int {
            let i = node(.device(d), touchers.entity(of: d, ids: ids))
            union(i, node(.account(.guest(d)), touchers.entity(of: AccountRef.guest(d), ids: ids)))
            return i
        }
        for (u, us) in state.users {
            let i = symbol(u)
            for a in us.authList { union(i, account(a)) }
            if let t = us.transferAccount { union(i, symbol(t)) }
            if let k = us.transferKey { union(i, symbol(k)) }
        }
        for (a, u) in state.owners { union(account(a), symbol(u)) }
        for a in state.freedBy.keys { _ = account(a) }
        for (d, t) in state.devices { union(device(d), symbol(t)) }
        for (t, ts) in state.tokens {
            let i = symbol(t)
            union(i, symbol(ts.user))
            union(i, device(ts.device))
            union(i, account(ts.loggedIn))
        }
        for (k, ks) in state.tickets {
            let i = symbol(k)
            union(i, symbol(ks.requester))
            union(i, symbol(ks.owner))
            union(i, account(ks.account))
        }
        for (s, ta) in state.transferAccounts {
            let i = symbol(s)
            union(i, symbol(ta.id))
            union(i, symbol(ta.password))
            union(i, symbol(ta.user))
        }
        for (x, ks) in state.transferKeys { union(symbol(x), symbol(ks.user)) }
        for d in state.wrongIdDevices.keys { _ = device(d) }
        for s in state.bindings.keys { _ = symbol(s) }
    }

    /// The component of entity `e` (``EntityTouchers``'s numbering): an entity the state does not
    /// hold is one of its own (a negative number no place takes).
    mutating func root(_ e: Int32) -> Int {
        guard let p = place[Int(e)] else { return -1 - Int(e) }
        return sets.find(p)
    }

    private mutating func union(_ a: Int, _ b: Int) {
        sets.union(placed(a), placed(b))
    }

    private mutating func placed(_ x: Int) -> Int {
        if let p = place[x] { return p }
        let p = sets.add()
        place.set(x, p)
        return p
    }
}
