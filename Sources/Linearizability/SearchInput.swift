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
    }

    var count: Int { entries.count }
}
