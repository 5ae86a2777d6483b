import Model

// Lowe's memo: the configurations (linearized set, model state) the search has visited.
extension Search {
    /// A configuration without its maybe-applied entries: the completed entries taken and the
    /// model state.
    struct Configuration: Hashable {
        let prefix: Int32
        let completedBeyond: [Int32]
        let state: ModelState
        /// The state's hash, computed once: many states share a set (a long search revisits one
        /// set with thousands), and a lookup that compared the state with each of them took 60 % of
        /// the search (`perf`, clean race.yaml history). Equal hashes are compared in full.
        let stateHash: Int
        init(prefix: Int32, completedBeyond: [Int32], state: ModelState) {
            self.prefix = prefix
            self.completedBeyond = completedBeyond
            self.state = state
            self.stateHash = state.hashValue
        }
        func hash(into h: inout Hasher) {
            h.combine(prefix)
            h.combine(completedBeyond)
            h.combine(stateHash)
        }
        static func == (a: Configuration, b: Configuration) -> Bool {
            a.stateHash == b.stateHash && a.prefix == b.prefix && a.completedBeyond == b.completedBeyond
                && a.state == b.state
        }
    }

    /// Which maybe-applied entries a configuration has left, and taken: one that left more and took
    /// fewer (from the same completed entries and state) has every future this one has, since a
    /// maybe-applied entry never has to be taken and constrains nobody's order.
    struct MaybeChoice {
        let open: [Int32]
        let takenBeyond: [Int32]
        func subsumes(_ o: MaybeChoice) -> Bool {
            Self.isSubset(o.open, of: open) && Self.isSubset(takenBeyond, of: o.takenBeyond)
        }
        /// Both sorted.
        static func isSubset(_ a: [Int32], of b: [Int32]) -> Bool {
            var j = 0
            for x in a {
                while j < b.count, b[j] < x { j += 1 }
                guard j < b.count, b[j] == x else { return false }
                j += 1
            }
            return true
        }
    }

    /// Records configuration (`set`, `state`) as visited; false if it or one that subsumes it was.
    func visit(
        _ set: LinearizedSet,
        _ state: ModelState,
        _ memo: inout [Configuration: [MaybeChoice]]
    ) -> Bool {
        var completed: [Int32] = []
        var taken: [Int32] = []
        for i in set.beyond { if input.maybe[Int(i)] { taken.append(i) } else { completed.append(i) } }
        let key = Configuration(prefix: set.prefix, completedBeyond: completed, state: state)
        let choice = MaybeChoice(open: set.open, takenBeyond: taken)
        if let seen = memo[key] {
            if seen.contains(where: { $0.subsumes(choice) }) { return false }
            memo[key] = seen + [choice]
        } else {
            memo[key] = [choice]
        }
        return true
    }
}
