import Protocol

/// One step of a player's sequence: a symbolic action with a stable id (symbols it produces are
/// named after the id), plus the concrete inputs fixed when it was planned.
package struct Op: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Stable within a player's sequence; survives shrinking.
    package var id: Int
    package var action: Action
    /// The concrete values sent for the symbols the action refers to (empty when the model runs
    /// without a target, e.g. while the shrinker pre-checks a candidate).
    package var values: [Sym: String]
    /// Absolute inputs chosen at planning time: E8 `end` (epoch ms).
    package var banEnd: Int64?
    /// E15's `begin` and `end`, from the query's window at planning time.
    package var historySpan: HistorySpan?
    /// The IdP access token sent (for the 3302 ticket's echo check).
    package var idPToken: String?
    /// A value sent at or past a documented limit; part of the step (kept by ``symbolic`` and by
    /// reproducers), not of one run.
    package var edge: EdgeValue?

    package init(
        id: Int,
        action: Action,
        values: [Sym: String] = [:],
        banEnd: Int64? = nil,
        historySpan: HistorySpan? = nil,
        idPToken: String? = nil,
        edge: EdgeValue? = nil
    ) {
        self.id = id
        self.action = action
        self.values = values
        self.banEnd = banEnd
        self.historySpan = historySpan
        self.idPToken = idPToken
        self.edge = edge
    }

    package var kind: OperationKind { action.kind }
    package var description: String { "#\(id) \(action.description)\(edge.map { " [\($0)]" } ?? "")" }
}
