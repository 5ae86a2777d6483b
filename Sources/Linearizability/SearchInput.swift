import Model

/// The entries of one (sub-)history, prepared for the search: in invoke order, with their
/// real-time intervals (a maybe-applied entry never returns) and effective windows.
struct SearchInput: Sendable {
    let entries: [HistoryEntry]
    let windows: [ClockWindow]
    let invoke: [Int64]
    let ret: [Int64]
    let maybe: [Bool]
    /// Which entries touch each entity.
    let touchers: EntityTouchers
    /// Each entry's twin class (``twinClasses(_:windows:)``), -1 for none.
    let twin: [Int32]
    /// Each entry's server time when its window is one instant and it does not advance the clock
    /// (two such entries at the same instant are independent of each other's clock), else `nil`.
    let instant: [Int64?]
    /// The TransferAccount whose wrong-password count each entry may read or write (a transfer
    /// login naming an id; its value, numbered), else -1: where the search joins counts
    /// (``Search/joiningCounts(_:_:_:on:)``).
    let countKey: [Int32]

    /// - Parameters:
    ///   - horizon: the history's latest server time (``History/horizon``).
    ///   - ids: the history's identities (to name the entities entries touch).
    init(_ entries: [HistoryEntry], horizon: Int64, ids: Identities) {
        let sorted = entries.sorted { $0.index < $1.index }
        self.entries = sorted
        windows = sorted.map { $0.effectiveWindow(horizon: horizon) }
        invoke = sorted.map(\.invokeNs)
        maybe = sorted.map(\.isMaybeApplied)
        ret = sorted.map { $0.isMaybeApplied ? .max : ($0.returnNs ?? .max) }
        touchers = EntityTouchers(sorted, ids: ids)
        twin = Self.twinClasses(sorted, windows: windows)
        instant = zip(sorted, windows).map { e, w in
            if case .advanceClock = e.op.action { return nil }
            return w.lo == w.hi ? w.lo : nil
        }
        var numbers: [String: Int32] = [:]
        countKey = sorted.map { e in
            guard case .transferLogin(_, let c) = e.op.action, let s = c.id.symbol, let v = e.op.values[s] else {
                return -1
            }
            if let k = numbers[v] { return k }
            numbers[v] = Int32(numbers.count)
            return Int32(numbers.count - 1)
        }
    }

    var count: Int { entries.count }
}
