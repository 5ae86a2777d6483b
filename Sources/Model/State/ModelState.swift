import Protocol

/// The model's view of one player's world: its users, sessions, tickets and TransferAccounts,
/// keyed by symbols, plus the concrete values observed for those symbols.
///
/// A value type whose thirteen collections live in one copy-on-write box (``Fields``): copying a
/// state (the generator reads the belief's primary state several times per operation, each model
/// step starts from a copy) retains one object instead of thirteen, and two states that share a
/// box compare equal without looking inside. A mutation copies the box first unless this state
/// holds the only reference, the same rule as the standard collections'.
package struct ModelState: Hashable, Sendable {
    /// Everything a state holds.
    package struct Fields: Hashable, Sendable {
        var users: [Sym: UserState] = [:]
        var owners: [AccountRef: Sym] = [:]
        var freedBy: [AccountRef: RuleID] = [:]
        var devices: [DeviceRef: Sym] = [:]
        var tokens: [Sym: TokenState] = [:]
        var tickets: [Sym: TicketState] = [:]
        var transferAccounts: [Sym: TransferAccountState] = [:]
        var transferKeys: [Sym: TransferKeyState] = [:]
        var wrongIdDevices: [DeviceRef: WrongIdState] = [:]
        var bindings: [Sym: String] = [:]
        var boundValues: [BoundValue: Sym] = [:]
        var timeFloor: Int64 = .min
        var passedDeadlines: Set<Deadline> = []
        var pending: [PendingOp] = []

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

    /// `@unchecked Sendable`: `fields` is mutated only through ``ModelState/fields``'s modify
    /// accessor, which first replaces a box that any other state also references, so a box that
    /// two values (or two threads) can see is never written.
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// The state's collections, read in place and written after making the box unique.
    private var fields: Fields {
        _read { yield box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    package init() { box = Box(Fields()) }

    package var users: [Sym: UserState] {
        _read { yield box.fields.users }
        _modify { yield &fields.users }
    }
    /// Owner of each mapped account (guest keys included).
    package var owners: [AccountRef: Sym] {
        _read { yield box.fields.owners }
        _modify { yield &fields.owners }
    }
    /// Why an account that was once mapped is free now (the rule a fresh login then exercises).
    package var freedBy: [AccountRef: RuleID] {
        _read { yield box.fields.freedBy }
        _modify { yield &fields.freedBy }
    }
    /// The current session (token) of each device.
    package var devices: [DeviceRef: Sym] {
        _read { yield box.fields.devices }
        _modify { yield &fields.devices }
    }
    package var tokens: [Sym: TokenState] {
        _read { yield box.fields.tokens }
        _modify { yield &fields.tokens }
    }
    package var tickets: [Sym: TicketState] {
        _read { yield box.fields.tickets }
        _modify { yield &fields.tickets }
    }
    /// Live TransferAccounts.
    package var transferAccounts: [Sym: TransferAccountState] {
        _read { yield box.fields.transferAccounts }
        _modify { yield &fields.transferAccounts }
    }
    /// Live (not replaced, not deleted) TransferKeys.
    package var transferKeys: [Sym: TransferKeyState] {
        _read { yield box.fields.transferKeys }
        _modify { yield &fields.transferKeys }
    }
    /// Each device's unknown transfer ids and block (T15, `transferAccount.wrongIds: perDevice`).
    package var wrongIdDevices: [DeviceRef: WrongIdState] {
        _read { yield box.fields.wrongIdDevices }
        _modify { yield &fields.wrongIdDevices }
    }
    /// Observed values of symbols.
    package var bindings: [Sym: String] { box.fields.bindings }
    /// Server time known to have been reached.
    package var timeFloor: Int64 {
        get { box.fields.timeFloor }
        set { fields.timeFloor = newValue }
    }
    /// Deadlines observed to have passed while the clock window straddled them.
    package var passedDeadlines: Set<Deadline> {
        _read { yield box.fields.passedDeadlines }
        _modify { yield &fields.passedDeadlines }
    }
    /// Operations whose answers were lost and that may still take effect.
    package var pending: [PendingOp] {
        _read { yield box.fields.pending }
        _modify { yield &fields.pending }
    }

    package func value(of s: Sym) -> String? { box.fields.bindings[s] }
    package func symbol(forValue v: String, kind: Sym.Kind) -> Sym? { box.fields.boundValues[BoundValue(kind, v)] }
    /// Whether `v` is already the value of some symbol of the same class (freshness checks).
    package func isBound(_ v: String, kind: Sym.Kind) -> Bool { symbol(forValue: v, kind: kind) != nil }

    package mutating func bind(_ s: Sym, _ v: String) {
        fields.bindings[s] = v
        fields.boundValues[BoundValue(s.kind, v)] = s
    }

    /// A value in its value class (``Sym/Kind/valueClass``): the key of the inverse of `bindings`,
    /// without building a string per look-up.
    struct BoundValue: Hashable, Sendable {
        var valueClass: UInt8
        var value: String
        init(_ kind: Sym.Kind, _ value: String) {
            self.valueClass = kind.valueClassNumber
            self.value = value
        }
    }

    /// Forgets the bindings of the symbols `keep` rejects (``restricted(to:)``).
    package mutating func keepBindings(_ keep: (Sym) -> Bool) {
        fields.bindings = box.fields.bindings.filter { keep($0.key) }
        fields.boundValues = box.fields.boundValues.filter { keep($0.value) }
    }

    /// The symbol a reference denotes in this state: by its concrete value when one was sent and
    /// is bound here, else by the symbol itself when this state knows it and has not bound it.
    package func resolve(_ s: Sym, sent: String?, exists: (Sym) -> Bool) -> Sym? {
        guard let v = sent else { return exists(s) ? s : nil }
        if let bound = symbol(forValue: v, kind: s.kind) { return exists(bound) ? bound : nil }
        if exists(s), box.fields.bindings[s] == nil { return s }
        return nil
    }

    /// Users the player has observed (bound userIds).
    package var boundUsers: [Sym] { users.keys.filter { box.fields.bindings[$0] != nil }.sorted() }

    /// Two states sharing a box are equal without a look inside.
    package static func == (a: ModelState, b: ModelState) -> Bool {
        a.box === b.box || a.box.fields == b.box.fields
    }

    package func hash(into h: inout Hasher) { box.fields.hash(into: &h) }
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
