import Model

/// The path of the depth-first search, with a bound on the memory its model states take: only the
/// top ``kept`` frames and one frame in `spacing` below them (the checkpoints; `spacing` doubles
/// as the path grows, so there are never many more than ``checkpoints``) keep their state. A frame
/// that lost it gets it back, when backtracking reaches it, by replaying the steps from the nearest
/// checkpoint below (the model is deterministic). A pinned frame (its state joins other orders')
/// keeps its state: it is a checkpoint of its own.
struct SearchStack {
    struct Frame {
        var set: LinearizedSet
        /// `nil`: dropped, recomputed when needed.
        var state: ModelState?
        /// The entry taken to get here (-1 at the root).
        var via: Int32
        /// Which of the parent's successors for `via` this frame's state is.
        var viaSuccessor: Int
        var candidates: [Int32]
        var nextCandidate = 0
        /// The states after taking `successorEntry`, not yet explored past `nextSuccessor`.
        var successors: [ModelState] = []
        var successorsDropped = false
        var nextSuccessor = 0
        var successorEntry: Int32 = -1
        /// Whether `state` joins states of other orders (``Search/joiningCounts(_:_:_:on:)``):
        /// never dropped, since replaying `via` from the frame below would not give it back.
        var pinned = false
    }

    static let kept = 64
    static let checkpoints = 64
    private(set) var frames: [Frame]
    private var spacing = 256

    init(root: Frame) { frames = [root] }

    var count: Int { frames.count }
    var isEmpty: Bool { frames.isEmpty }

    subscript(i: Int) -> Frame {
        get { frames[i] }
        set { frames[i] = newValue }
    }

    /// The entries taken along the path, in order.
    var order: [Int32] { frames.dropFirst().map(\.via) }

    /// How a path was walked, beside its order (from which its sets follow): which of the states
    /// after each entry it took, and the states it kept, by how many entries had been taken.
    struct Trail: Sendable {
        var successors: [Int] = []
        var states: [Int: ModelState] = [:]

        /// This trail, then `next`, which starts where this one ends.
        func followed(by next: Trail) -> Trail {
            var t = self
            t.successors += next.successors
            for (depth, s) in next.states { t.states[successors.count + depth] = s }
            return t
        }
    }

    /// The path's trail, with `popped` (the frame just popped from it) on top when given.
    func trail(adding popped: Frame? = nil) -> Trail {
        var t = Trail()
        t.successors.reserveCapacity(frames.count)
        for (depth, f) in frames.enumerated() {
            if depth > 0 { t.successors.append(f.viaSuccessor) }
            if let s = f.state { t.states[depth] = s }
        }
        if let popped, popped.via >= 0 {
            t.successors.append(popped.viaSuccessor)
            if let s = popped.state { t.states[frames.count] = s }
        }
        return t
    }

    mutating func push(_ f: Frame) {
        frames.append(f)
        if frames.count > spacing * Self.checkpoints {
            spacing *= 2
            for i in 1..<max(1, frames.count - Self.kept) where i % spacing != 0 { drop(i) }
        }
        let i = frames.count - 1 - Self.kept
        if i > 0, i % spacing != 0 { drop(i) }
    }

    mutating func pop() -> Frame { frames.removeLast() }

    private mutating func drop(_ i: Int) {
        guard !frames[i].pinned else { return }
        frames[i].state = nil
        if frames[i].nextSuccessor < frames[i].successors.count { frames[i].successorsDropped = true }
        frames[i].successors = []
    }

    /// Gives the top frame back its state and its pending successors. `step` returns the states
    /// after taking an entry from a state, into the linearized set that results (`nil` if the model
    /// cannot: then this returns false); `maybe` flags the maybe-applied entries.
    mutating func restoreTop(
        maybe: [Bool],
        _ step: (Int32, ModelState, LinearizedSet) -> [ModelState]?
    ) -> Bool {
        let top = frames.count - 1
        if frames[top].state == nil {
            var c = top - 1
            while c > 0, frames[c].state == nil { c -= 1 }
            guard var state = frames[c].state else { return false }
            for j in (c + 1)...top {
                guard let next = step(frames[j].via, state, frames[j].set), frames[j].viaSuccessor < next.count else {
                    return false
                }
                state = next[frames[j].viaSuccessor]
                if j > top - Self.kept || j % spacing == 0 { frames[j].state = state }
            }
        }
        if frames[top].successorsDropped {
            guard let state = frames[top].state,
                case let e = frames[top].successorEntry,
                let next = step(e, state, frames[top].set.inserting(e, maybe: maybe))
            else {
                return false
            }
            frames[top].successors = next
            frames[top].successorsDropped = false
        }
        return true
    }
}
