extension Shrinker.Result {
    /// A "result" that keeps the original sequence, for violations that were not shrunk (the
    /// shrink budget went to other rules, or the run was interrupted).
    package static func unshrunk(_ v: Violation) -> Shrinker.Result {
        Shrinker.Result(sequence: v.sequence, violation: nil, run: nil, attempts: 0, originalLength: v.sequence.count)
    }
}
