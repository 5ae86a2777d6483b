import Model

/// Moves the failing step's device's last steps onto another device and keeps only what the moved
/// steps then depend on (``DependencySlice``). Steps that only put the old device into the state
/// the failing steps needed (a login whose session made a transfer answer 9 until a forced mapping
/// took its IdP away) share nothing with the moved steps and go in one move, which deletions
/// cannot do when those steps are neither consecutive nor linked by references. Greedy, longest
/// suffix first: the other devices of the sequence, then a fresh one (logged out, no guest key).
package struct Relocation: ShrinkPass {
    package init() {}
    package var name: String { "relocate" }

    /// For each suffix of the last step's device's steps (all of them from the `k`-th from the end,
    /// longest first) and each other device: the moved sequence's slice, when shorter.
    package func candidates(_ current: [Op]) -> [[Op]] {
        guard let device = current.last?.action.device else { return [] }
        let used = Set(current.compactMap(\.action.device))
        let fresh = DeviceRef((used.map(\.index).max() ?? 0) + 1)
        let others = used.subtracting([device]).sorted() + [fresh]
        let own = current.indices.filter { current[$0].action.device == device }
        var out: [[Op]] = []
        for from in own where from > own[0] {
            for other in others {
                let s = DependencySlice.slice(Self.move(current, from: from, of: device, to: other))
                if s.count < current.count, !out.contains(s) { out.append(s) }
            }
        }
        return out
    }

    /// `current` with every step of `device` at index `from` or later moved to `other`.
    package static func move(_ current: [Op], from: Int, of device: DeviceRef, to other: DeviceRef) -> [Op] {
        current.enumerated().map { i, op in
            guard i >= from, op.action.device == device else { return op }
            var op = op
            op.action = op.action.mapping(device: { _ in other })
            return op
        }
    }
}
