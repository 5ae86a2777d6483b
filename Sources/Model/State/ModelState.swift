import Protocol

/// The model's view of one player's world: its users, sessions, tickets and TransferAccounts,
/// keyed by symbols, plus the concrete values observed for those symbols.
package struct ModelState: Hashable, Sendable {
    package var users: [Sym: UserState] = [:]
    /// Owner of each mapped account (guest keys included).
    package var owners: [AccountRef: Sym] = [:]
    /// Why an account that was once mapped is free now (the rule a fresh login then exercises).
    package var freedBy: [AccountRef: RuleID] = [:]
    /// The current session (token) of each device.
    package var devices: [DeviceRef: Sym] = [:]
    package var tokens: [Sym: TokenState] = [:]
    package var tickets: [Sym: TicketState] = [:]
    /// Live TransferAccounts.
    package var transferAccounts: [Sym: TransferAccountState] = [:]
    /// Live (not replaced, not deleted) TransferKeys.
    package var transferKeys: [Sym: TransferKeyState] = [:]
    /// Each device's unknown transfer ids and block (T15, `transferAccount.wrongIds: perDevice`).
    package var wrongIdDevices: [DeviceRef: WrongIdState] = [:]
    /// Observed values of symbols.
    package private(set) var bindings: [Sym: String] = [:]
    private var boundValues: [BoundValue: Sym] = [:]
    /// Server time known to have been reached.
    package var timeFloor: Int64 = .min
    /// Deadlines observed to have passed while the clock window straddled them.
    package var passedDeadlines: Set<Deadline> = []
    /// Operations whose answers were lost and that may still take effect.
    package var pending: [PendingOp] = []

    package init() {}

    package func value(of s: Sym) -> String? { bindings[s] }
    package func symbol(forValue v: String, kind: Sym.Kind) -> Sym? { boundValues[BoundValue(kind, v)] }
    /// Whether `v` is already the value of some symbol of the same class (freshness checks).
    package func isBound(_ v: String, kind: Sym.Kind) -> Bool { symbol(forValue: v, kind: kind) != nil }

    package mutating func bind(_ s: Sym, _ v: String) {
        bindings[s] = v
        boundValues[BoundValue(s.kind, v)] = s
    }

    /// A value in its value class (``Sym/Kind/valueClass``): the key of the inverse of `bindings`,
    /// without building a string per look-up.
    private struct BoundValue: Hashable, Sendable {
        var valueClass: UInt8
        var value: String
        init(_ kind: Sym.Kind, _ value: String) {
            self.valueClass = kind.valueClassNumber
            self.value = value
        }
    }

    /// Forgets the bindings of the symbols `keep` rejects (``restricted(to:)``).
    package mutating func keepBindings(_ keep: (Sym) -> Bool) {
        bindings = bindings.filter { keep($0.key) }
        boundValues = boundValues.filter { keep($0.value) }
    }

    /// The symbol a reference denotes in this state: by its concrete value when one was sent and
    /// is bound here, else by the symbol itself when this state knows it and has not bound it.
    package func resolve(_ s: Sym, sent: String?, exists: (Sym) -> Bool) -> Sym? {
        guard let v = sent else { return exists(s) ? s : nil }
        if let bound = symbol(forValue: v, kind: s.kind) { return exists(bound) ? bound : nil }
        if exists(s), bindings[s] == nil { return s }
        return nil
    }

    /// Users the player has observed (bound userIds).
    package var boundUsers: [Sym] { users.keys.filter { bindings[$0] != nil }.sorted() }

    /// Everything but `boundValues`, the inverse of `bindings`: hashing it too would hash every
    /// bound value twice (equality still compares it).
    package func hash(into h: inout Hasher) {
        h.combine(users)
        h.combine(owners)
        h.combine(freedBy)
        h.combine(devices)
        h.combine(tokens)
        h.combine(tickets)
        h.combine(transferAccounts)
        h.combine(transferKeys)
        h.combine(wrongIdDevices)
        h.combine(bindings)
        h.combine(timeFloor)
        h.combine(passedDeadlines)
        h.combine(pending)
    }
}

extension ModelState {
    /// This state with the wrong-password counts of `other` joined in, when the two differ only in
    /// the count of one TransferAccount (`nil` otherwise). The joined state stands for exactly the
    /// two: the step that reads the count tries each (``TransferAccountState/moreFailCounts``).
    package func joiningFailCounts(_ other: ModelState) -> ModelState? {
        guard transferAccounts.count == other.transferAccounts.count else { return nil }
        var differing: Sym?
        for (k, v) in transferAccounts {
            guard let w = other.transferAccounts[k] else { return nil }
            guard v != w else { continue }
            guard differing == nil else { return nil }
            differing = k
        }
        guard let k = differing, let mine = transferAccounts[k], let theirs = other.transferAccounts[k],
            let joined = mine.joiningFailCounts(theirs)
        else { return nil }
        var rest = other
        rest.transferAccounts[k] = mine
        guard rest == self else { return nil }
        var r = self
        r.transferAccounts[k] = joined
        return r
    }
}
