import Model

// Joined wrong-password counts. Concurrent transfer logins on one TransferAccount, wrong passwords
// and a correct one, leave a count that depends on where the correct one took effect, and nothing
// shows it until the block, often hundreds of entries later. Trying the answers' order first, the
// search would exhaust every interleaving in between before coming back to the burst (the dead end
// of docs/MODEL.md §7). So states that differ only in one TransferAccount's count are joined into
// one (``ModelState/joiningFailCounts(_:)``) whose count stays open until a step reads it and tries
// each (``TransferAccountState/moreFailCounts``): the successors of one entry
// (``joiningCounts(_:)``), and the states the same entries reach when a transfer login is taken
// before some of the last ones on its account (``joiningCounts(_:_:_:on:)``). A join is exact: the
// joined state's futures are the union of its parts', so a verdict is the one without it.
extension Search {
    /// How many entries back along the path a transfer login is moved.
    static let joinReach = 16
    /// At most this many states after a moved entry and each entry after it (a move that has more
    /// is left to backtracking).
    static let joinWidth = 8

    /// A state that joins others, and the states it stands for (visited with it).
    struct Join {
        var state: ModelState
        var parts: [ModelState]
    }

    /// `states` (the successors of one transfer login) with those that differ only in one
    /// TransferAccount's count joined.
    func joiningCounts(_ states: [ModelState]) -> [ModelState] {
        var out: [ModelState] = []
        next: for s in states {
            for i in out.indices {
                if let j = out[i].joiningFailCounts(s) {
                    out[i] = j
                    continue next
                }
            }
            out.append(s)
        }
        return out
    }

    /// `st`, a state after taking entry `e` from the top of `stack` into `set`, joined with the
    /// states the same entries reach when `e` is taken before one of the last ``joinReach`` entries
    /// taken that is a transfer login on the same account (and everything after it), where real
    /// time allows; `nil` when `e` is no transfer login, or nothing joins.
    func joiningCounts(_ e: Int32, _ st: ModelState, _ set: LinearizedSet, on stack: SearchStack) -> Join? {
        let key = input.countKey[Int(e)]
        guard joinsCounts, key >= 0 else { return nil }
        var joined = st
        var parts: [ModelState] = []
        // Both orders were restricted every 16 entries (``successors(of:from:into:)``), at
        // different sets, so one may still hold what the other dropped and no later entry reads:
        // a state and an order that do not join as they are are compared restricted to what the
        // entries left reach (exact, as every restriction is).
        var live: Liveness?
        var k = stack.count - 1
        while k >= 1, stack.count - k <= Self.joinReach {
            let x = stack[k].via
            // `e` may not precede an entry that returned before it was invoked (nor those before).
            if input.ret[Int(x)] < input.invoke[Int(e)] { break }
            if input.countKey[Int(x)] == key {
                for var alt in moving(e, before: k, on: stack) + moving(k, lastAfter: e, on: stack) {
                    var j = joined.joiningFailCounts(alt)
                    if j == nil, alt != joined {
                        let l = live ?? input.touchers.liveness(set, ids: matcher.identities)
                        live = l
                        joined = joined.restricted(to: l) ?? joined
                        alt = alt.restricted(to: l) ?? alt
                        j = joined.joiningFailCounts(alt)
                    }
                    guard let j else { continue }
                    joined = j
                    parts.append(alt)
                }
            }
            k -= 1
        }
        return parts.isEmpty ? nil : Join(state: joined, parts: [st] + parts)
    }

    /// The states after `e` taken from frame `k - 1`'s state, then the path's entries from frame
    /// `k` on, in order (none when a state is missing or a step has too many).
    private func moving(_ e: Int32, before k: Int, on stack: SearchStack) -> [ModelState] {
        stepping([e] + (k..<stack.count).map { stack[$0].via }, from: k - 1, on: stack)
    }

    /// The states after the path's entries from frame `k + 1` on, taken from frame `k - 1`'s
    /// state, then `e`, then frame `k`'s entry last: a wrong password moved after the correct ones
    /// taken since, which moving `e` alone never gives once two of them were (none where real time
    /// does not allow it: frame `k`'s entry returned before one of them was invoked).
    private func moving(_ k: Int, lastAfter e: Int32, on stack: SearchStack) -> [ModelState] {
        let x = stack[k].via
        let after = ((k + 1)..<stack.count).map { stack[$0].via } + [e]
        guard after.count > 1, after.allSatisfy({ input.invoke[Int($0)] <= input.ret[Int(x)] }) else { return [] }
        return stepping(after + [x], from: k - 1, on: stack)
    }

    /// The states after `entries`, in order, from frame `k`'s state (none when the state is
    /// missing, an entry cannot be taken, or a step has too many).
    private func stepping(_ entries: [Int32], from k: Int, on stack: SearchStack) -> [ModelState] {
        guard let start = stack[k].state else { return [] }
        var set = stack[k].set
        var states = [start]
        for x in entries {
            guard !states.isEmpty, states.count <= Self.joinWidth else { return [] }
            set = set.inserting(x, maybe: input.maybe)
            var next: [ModelState] = []
            for s in states {
                guard case .success(let n) = successors(of: x, from: s, into: set) else { return [] }
                next += n
            }
            states = Self.distinct(next)
        }
        return states
    }
}
