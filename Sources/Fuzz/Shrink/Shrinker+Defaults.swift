extension Shrinker {
    /// Time budget for shrinking one violation (profiles: `fuzz.shrinkBudget`).
    package static let defaultTimeBudget: Duration = .seconds(20)
}
