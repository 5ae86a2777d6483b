/// What one partition's search may spend before it gives up as **unknown** (never as passed).
package struct CheckBudget: Hashable, Sendable {
    /// Wall-clock time of the search.
    package var time: Duration
    /// Distinct configurations (linearized set, model state) it may visit.
    package var configurations: Int
    /// Model-state entries (users, tokens, owners… summed over the configurations) the memo keeps
    /// before it is emptied: a bound on memory for long partitions whose states grow (an empty
    /// memo costs time, never exactness).
    package var stateEntries: Int

    package init(
        time: Duration = CheckBudget.defaultTime,
        configurations: Int = CheckBudget.defaultConfigurations,
        stateEntries: Int = CheckBudget.defaultStateEntries
    ) {
        self.time = time
        self.configurations = configurations
        self.stateEntries = stateEntries
    }

    package static let defaultTime: Duration = .seconds(10)
    package static let defaultConfigurations = 2_000_000
    package static let defaultStateEntries = 40_000_000

    /// A share of this budget (for the sub-history searches of a shrink).
    package func scaled(_ f: Double) -> CheckBudget {
        CheckBudget(
            time: time * f,
            configurations: max(1, Int(Double(configurations) * f)),
            stateEntries: max(1, Int(Double(stateEntries) * f))
        )
    }
}
