import Protocol

/// Which of a state's entities later operations may still read: the symbols, IdP accounts and
/// devices that some operation not yet applied names (the linearizability checker answers it from
/// the entries it has not linearized).
package struct Liveness {
    /// A symbol, with its bound value when it has one.
    package var symbol: (Sym, String?) -> Bool
    package var account: (AccountRef) -> Bool
    package var device: (DeviceRef) -> Bool

    package init(
        symbol: @escaping (Sym, String?) -> Bool,
        account: @escaping (AccountRef) -> Bool,
        device: @escaping (DeviceRef) -> Bool
    ) {
        self.symbol = symbol
        self.account = account
        self.device = device
    }
}

extension ModelState {
    /// The state without what no later operation can read: every entry keyed by a live symbol,
    /// account or device, and everything those reach (a live account's owner, that owner's
    /// TransferAccount, a live device's session and its user, a ticket's users…), is kept; the
    /// rest goes. An operation reads only what its own entities reach (the same argument that lets
    /// the checker split a history into partitions, docs/MODEL.md §7), so the operations still to
    /// come get the same outcomes from both states. The clock and the deadlines known passed stay.
    ///
    /// Returns `nil` when nothing would go (the caller keeps the state it has, uncopied).
    package func restricted(to live: Liveness) -> ModelState? {
        var mark = Marking(state: self)
        for u in users.keys where live.symbol(u, bindings[u]) { mark.user(u) }
        for a in owners.keys where live.account(a) { mark.account(a) }
        for a in freedBy.keys where live.account(a) { mark.account(a) }
        for d in devices.keys where live.device(d) { mark.device(d) }
        for d in wrongIdDevices.keys where live.device(d) { mark.device(d) }
        for t in tokens.keys where live.symbol(t, bindings[t]) { mark.token(t) }
        for k in tickets.keys where live.symbol(k, bindings[k]) { mark.ticket(k) }
        for (s, ta) in transferAccounts
        where live.symbol(s, bindings[s]) || live.symbol(ta.id, bindings[ta.id])
            || live.symbol(ta.password, bindings[ta.password])
        {
            mark.transferAccount(s)
        }
        for x in transferKeys.keys where live.symbol(x, bindings[x]) { mark.transferKey(x) }
        for (s, v) in bindings where live.symbol(s, v) { mark.symbols.insert(s) }
        mark.propagate()

        let m = mark
        let keepsAll =
            users.keys.allSatisfy(m.users.contains) && owners.keys.allSatisfy(m.accounts.contains)
            && freedBy.keys.allSatisfy(m.accounts.contains) && devices.keys.allSatisfy(m.devices.contains)
            && tokens.keys.allSatisfy(m.tokens.contains) && tickets.keys.allSatisfy(m.tickets.contains)
            && transferAccounts.keys.allSatisfy(m.transferAccounts.contains)
            && transferKeys.keys.allSatisfy(m.transferKeys.contains) && bindings.keys.allSatisfy(m.symbols.contains)
            && wrongIdDevices.keys.allSatisfy(m.devices.contains)
        if keepsAll { return nil }
        var s = self
        s.users = users.filter { m.users.contains($0.key) }
        s.owners = owners.filter { m.accounts.contains($0.key) }
        s.freedBy = freedBy.filter { m.accounts.contains($0.key) }
        s.devices = devices.filter { m.devices.contains($0.key) }
        s.tokens = tokens.filter { m.tokens.contains($0.key) }
        s.tickets = tickets.filter { m.tickets.contains($0.key) }
        s.transferAccounts = transferAccounts.filter { m.transferAccounts.contains($0.key) }
        s.transferKeys = transferKeys.filter { m.transferKeys.contains($0.key) }
        s.wrongIdDevices = wrongIdDevices.filter { m.devices.contains($0.key) }
        s.keepBindings { m.symbols.contains($0) }
        return s
    }
}

/// The mark phase of ``ModelState/restricted(to:)``: what the live entries reach.
private struct Marking {
    let state: ModelState
    var users: Set<Sym> = []
    var accounts: Set<AccountRef> = []
    var devices: Set<DeviceRef> = []
    var tokens: Set<Sym> = []
    var tickets: Set<Sym> = []
    var transferAccounts: Set<Sym> = []
    var transferKeys: Set<Sym> = []
    /// Every symbol kept (its binding stays).
    var symbols: Set<Sym> = []
    private var work: [Item] = []

    private enum Item {
        case user(Sym), account(AccountRef), device(DeviceRef), token(Sym), ticket(Sym)
        case transferAccount(Sym), transferKey(Sym)
    }

    init(state: ModelState) { self.state = state }

    mutating func user(_ s: Sym) { if users.insert(s).inserted { work.append(.user(s)) } }
    mutating func account(_ a: AccountRef) { if accounts.insert(a).inserted { work.append(.account(a)) } }
    mutating func device(_ d: DeviceRef) { if devices.insert(d).inserted { work.append(.device(d)) } }
    mutating func token(_ s: Sym) { if tokens.insert(s).inserted { work.append(.token(s)) } }
    mutating func ticket(_ s: Sym) { if tickets.insert(s).inserted { work.append(.ticket(s)) } }
    mutating func transferAccount(_ s: Sym) {
        if transferAccounts.insert(s).inserted { work.append(.transferAccount(s)) }
    }
    mutating func transferKey(_ s: Sym) { if transferKeys.insert(s).inserted { work.append(.transferKey(s)) } }

    /// Follows every reference of the marked entries until nothing new is reached. A reference to
    /// an entry the state does not hold marks nothing but keeps the symbol's binding.
    mutating func propagate() {
        while let item = work.popLast() {
            switch item {
            case .user(let u):
                symbols.insert(u)
                guard let us = state.users[u] else { continue }
                for a in us.authList { account(a) }
                if let a = us.transferAccount { transferAccount(a) }
                if let k = us.transferKey { transferKey(k) }
            case .account(let a):
                if let u = state.owners[a] { user(u) }
                if a.isGuest { device(DeviceRef(a.index)) }
            case .device(let d):
                if let t = state.devices[d] { token(t) }
                account(.guest(d))
            case .token(let t):
                symbols.insert(t)
                guard let ts = state.tokens[t] else { continue }
                user(ts.user)
                device(ts.device)
                account(ts.loggedIn)
            case .ticket(let k):
                symbols.insert(k)
                guard let ks = state.tickets[k] else { continue }
                user(ks.requester)
                user(ks.owner)
                account(ks.account)
            case .transferAccount(let s):
                symbols.insert(s)
                guard let ta = state.transferAccounts[s] else { continue }
                symbols.insert(ta.id)
                symbols.insert(ta.password)
                user(ta.user)
            case .transferKey(let x):
                symbols.insert(x)
                guard let ks = state.transferKeys[x] else { continue }
                user(ks.user)
            }
        }
    }
}
