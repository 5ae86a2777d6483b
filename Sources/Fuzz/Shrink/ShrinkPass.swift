import Model

/// One way of making a failing sequence smaller or simpler. Candidate generation is a pure function
/// of the sequence; whether a candidate fails is the ``ShrinkSearch``'s business.
package protocol ShrinkPass: Sendable {
    associatedtype Candidates: Sequence<[Op]>
    /// For the log.
    var name: String { get }
    /// What the pass tries on `current`, most promising first (a pass's first sweep).
    func candidates(_ current: [Op]) -> Candidates
    /// Replaces `current` by failing candidates until none fails or the search is exhausted.
    func run(_ current: [Op], _ search: inout ShrinkSearch) async -> [Op]
}

extension ShrinkPass {
    /// Greedy: take the first candidate that fails, then start again from it.
    package func run(_ current: [Op], _ search: inout ShrinkSearch) async -> [Op] {
        var current = current
        while !search.exhausted, let next = await search.firstFailing(candidates(current)) {
            current = next
        }
        return current
    }
}
