import Model
import Protocol

// Reads first: a candidate that is a pure read (``HistoryEntry/isPureRead``: a Server API lookup,
// which changes nothing but the server time it has seen, in any state) and whose answer fits the
// current state, leaving it exactly as it is, is taken next with no alternative.
//
// In any linearization of the rest it comes later, at a point where its answer fits and where it
// changes nothing either (or only the clock it has seen: moved here, later steps see less of the
// clock, which never allows fewer of them). Every entry invoked after it returned still comes after
// it, and everything it must follow is already taken (it is a candidate). So no linearization is
// lost, and the search does not try a read at every point of a long stretch of concurrent writes
// (a lookup of many accounts, itemized, is many such reads).
//
// Only pure reads: an operation refused here without effect may have one elsewhere (a correct
// TransferAccount password refused for another reason still resets the failure count), so moving
// it to where it changes nothing could lose the effect a linearization needs.
extension Search {
    /// The candidates to try next from (`set`, `state`): ``candidates(_:)``, or only a read that
    /// fits here (``leavesAsIs(_:_:)``).
    func nextCandidates(_ set: LinearizedSet, _ state: ModelState) -> [Int32] {
        let all = candidates(set)
        if all.count > 1, let read = all.first(where: { leavesAsIs($0, state) }) { return [read] }
        return all
    }

    /// Whether completed entry `e` is a pure read that can be taken from `state` and leaves it
    /// exactly as it is.
    func leavesAsIs(_ e: Int32, _ state: ModelState) -> Bool {
        let entry = input.entries[Int(e)]
        guard entry.answer != nil, entry.isPureRead else { return false }
        guard case .success(let next) = rawSuccessors(of: e, from: state) else { return false }
        return next.count == 1 && next[0] == state
    }
}
