import Model

// Backjumping (conflict-directed, after Prosser's CBJ, one level): a configuration proved a dead
// end by a dead set (``Search/deadSet(from:pool:footprints:isViable:)``) proves every configuration
// above it on the path a dead end too, up to the first entry taken that the set depends on: an
// entry independent of it neither joins the set nor changes what its members read
// (``Search/isIndependent(_:of:in:)``), and a pure read that fit and changed nothing leaves the
// frame before it dead by reads first (the read then joins the set: what it read must not change
// further up either). The search returns straight to that frame instead of trying every
// alternative of the unrelated operations taken since, which all end the same way (a login
// answered early but applied late is refuted only by the next login on its device, thousands of
// entries later). A frame whose alternatives all fail is still popped one step at a time.
extension Search {
    /// Pops the top frame, a dead end for `reason` (a dead set; `nil`: for no reason to jump with),
    /// and every frame below whose entry taken next is independent of `reason`. False when a
    /// dropped state could not be replayed.
    func backjump(_ stack: inout SearchStack, _ reason: Set<Int32>?, _ deepest: inout Deepest?) -> Bool {
        func pop() -> Int32 { Self.pop(&stack, recordingIn: &deepest).via }
        var via = pop()
        guard var reason else { return true }
        while !stack.isEmpty, via >= 0 {
            let top = stack.count - 1
            if stack[top].state == nil {
                let restored = stack.restoreTop(maybe: input.maybe) { e, st, set in
                    try? successors(of: e, from: st, into: set).get()
                }
                guard restored else { return false }
            }
            guard let st = stack[top].state else { break }
            if leavesAsIs(via, st) {
                // A read that fit and changed nothing: reads first says the frame before it is a
                // dead end too; the read joins the reason (what it read must not change above).
                reason.insert(via)
            } else if !isIndependent(via, of: reason, in: st) {
                break
            }
            via = pop()
        }
        return true
    }

    /// Pops the top frame; one deeper than `deepest` (with its state) becomes the deepest.
    static func pop(_ stack: inout SearchStack, recordingIn deepest: inout Deepest?) -> SearchStack.Frame {
        let f = stack.pop()
        if let st = f.state, f.set.count > (deepest?.set.count ?? -1) {
            deepest = Deepest(
                order: stack.order + (f.via >= 0 ? [f.via] : []),
                set: f.set,
                state: st,
                trail: stack.trail(adding: f)
            )
        }
        return f
    }
}
