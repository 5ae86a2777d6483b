import Model
import Protocol

// Reads first: a candidate whose answer fits the current state and that leaves the state exactly
// as it is — a read, or a refusal that changes nothing — is taken next with no alternative.
//
// In any linearization of the rest it comes later, at a point where its answer fits. Moved here,
// where its answer fits too, it leaves every later step as it was; every entry invoked after it
// returned still comes after it, and everything it must follow is already taken (it is a
// candidate). So no linearization is lost, and the search does not try a read at every point of a
// long stretch of concurrent writes (a lookup of many accounts, itemized, is many such reads).
extension Search {
    /// Operations that usually read without changing anything: where a candidate that leaves the
    /// state as it is is looked for (with every refused one).
    static let readKinds: Set<OperationKind> = [
        .memberGet, .mappingList, .transferQuery, .serverMember, .serverMembers, .serverIdP, .serverValidate,
    ]

    /// The candidates to try next from (`set`, `state`): ``candidates(_:)``, or only a read that
    /// fits here (``leavesAsIs(_:_:)``).
    func nextCandidates(_ set: LinearizedSet, _ state: ModelState) -> [Int32] {
        let all = candidates(set)
        if all.count > 1, let read = all.first(where: { leavesAsIs($0, state) }) { return [read] }
        return all
    }

    /// Whether completed entry `e` can be taken from `state` and leaves it exactly as it is.
    func leavesAsIs(_ e: Int32, _ state: ModelState) -> Bool {
        let entry = input.entries[Int(e)]
        guard let answer = entry.answer, Self.readKinds.contains(entry.op.action.kind) || answer.code != .success
        else { return false }
        guard case .success(let next) = rawSuccessors(of: e, from: state) else { return false }
        return next.count == 1 && next[0] == state
    }
}
