import Model
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives each operation the window of server time during which the server handled it. Shared by
/// all players (thread-safe). With test control the server clock is frozen and moves only by the
/// harness's advances, so windows are exact up to advances in flight; without it, windows are the
/// local clock widened by a tolerance.
package final class ClockTracker: Sendable {
    /// Captured when an operation is sent.
    package struct Mark: Sendable {
        let wall: Int64
        let known: Int64
    }

    /// Frozen server time at offset zero, or `nil` when the server clock runs on its own.
    package let frozenBase: Int64?
    package let toleranceMs: Int64
    /// Advances known to have been applied (ms), and advances sent whose answers have not arrived.
    ///
    /// Every operation reads them (two or three times), advances rarely write them: readers load
    /// atomics instead of taking a lock that both lanes would pass around per operation. Writers
    /// hold `writer`, move `known` before `pending` (releasing), and readers load `pending` before
    /// `known` (acquiring): a reader that sees an advance leave `pending` sees it in `known`, so a
    /// window read while an advance ends is at worst wider by that advance, never narrower.
    private let known = Atomic<Int64>(0)
    private let pending = Atomic<Int64>(0)
    /// Re-anchorings on the server's time.
    private let resyncCount = Atomic<Int>(0)
    private let writer = Mutex(())
    /// The exclusive advance of a frozen clock (`nil` for a free-running one).
    private let gate: AdvanceGate?

    /// The longest an advance waits for operations in flight before it goes anyway.
    package static let defaultAdvanceWaitLimit: Duration = .seconds(1)

    /// A tracker for a server clock frozen at `frozenAt` (epoch ms, as the freeze call reported).
    package init(frozenAt: Int64, advanceWaitLimit: Duration = ClockTracker.defaultAdvanceWaitLimit) {
        frozenBase = frozenAt
        toleranceMs = 0
        gate = AdvanceGate(waitLimit: advanceWaitLimit)
    }

    /// A tracker for a free-running server clock within `toleranceMs` of the local clock.
    package init(toleranceMs: Int64) {
        frozenBase = nil
        self.toleranceMs = toleranceMs
        gate = nil
    }

    package var isExact: Bool { frozenBase != nil }

    /// The local wall clock in epoch milliseconds (rounded down), read without Foundation: a free
    /// clock reads it twice per operation.
    static func wallNow() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Int64(t.tv_sec) * 1000 + Int64(t.tv_nsec) / 1_000_000
    }

    package func begin() -> Mark {
        Mark(wall: Self.wallNow(), known: known.load(ordering: .acquiring))
    }

    package func end(_ m: Mark) -> ClockWindow {
        let pending = pending.load(ordering: .acquiring)
        let known = known.load(ordering: .acquiring)
        if let base = frozenBase { return ClockWindow(lo: base + m.known, hi: base + known + pending) }
        return ClockWindow(lo: m.wall - toleranceMs + m.known, hi: Self.wallNow() + toleranceMs + known + pending)
    }

    /// The best estimate of the server's time now (for absolute inputs such as a ban's `end`).
    package func now() -> Int64 {
        (frozenBase ?? Self.wallNow()) + known.load(ordering: .acquiring)
    }

    /// With a frozen clock, an advance waits for the operations in flight (at most the gate's
    /// limit) and holds new ones back until it is answered, so operations do not straddle a clock
    /// jump and a player's timeline can be replayed alone. Without a frozen clock this is a no-op.
    /// An advance times its wait limit on `timers` (the caller's executor) when it keeps timers.
    package func enter(advance: Bool, timers: (any TaskExecutor)? = nil) async {
        guard let gate else { return }
        await gate.enter(advance: advance, timers: timers)
    }

    /// Ends what ``enter(advance:)`` began.
    package func leave(advance: Bool) {
        gate?.leave(advance: advance)
    }

    /// What waiting for clock advances cost (zero without a frozen clock).
    package var advanceStats: ClockAdvanceStats {
        let s = gate?.stats ?? AdvanceGate.Stats()
        return ClockAdvanceStats(
            advances: s.advances,
            forced: s.forced,
            advanceWait: s.advanceWait,
            longestAdvanceWait: s.longestAdvanceWait,
            heldWait: s.heldWait
        )
    }

    /// Call before sending a clock advance.
    package func beginAdvance(seconds: Int64) {
        writer.withLock { _ in pending.add(seconds * 1000, ordering: .releasing) }
    }

    /// Call when its answer arrives: `applied` false when the server refused it; `nil` when the
    /// answer was lost (then the advance counts as applied for upper bounds until `resync`).
    package func endAdvance(seconds: Int64, applied: Bool?) {
        guard let applied else { return }
        writer.withLock { _ in
            if applied { known.add(seconds * 1000, ordering: .releasing) }
            pending.subtract(seconds * 1000, ordering: .releasing)
        }
    }

    /// Re-anchors on the server's reported time (after a lost advance), frozen mode only.
    package func resync(serverNow: Int64) {
        guard let base = frozenBase else { return }
        writer.withLock { _ in
            known.store(max(known.load(ordering: .relaxed), serverNow - base), ordering: .releasing)
            pending.store(0, ordering: .releasing)
        }
    }

    /// Compares the model's clock with the server's, read while an advance holds the clock (frozen
    /// mode): a difference is a desync (an advance applied that was reported otherwise, a clock
    /// moved by someone else); the model re-anchors on the server's time and it is counted.
    /// Returns whether the clocks differed.
    @discardableResult
    package func verify(serverNow: Int64) -> Bool {
        guard let base = frozenBase else { return false }
        return writer.withLock { _ in
            let differs = known.load(ordering: .relaxed) != serverNow - base
            if differs { resyncCount.add(1, ordering: .relaxed) }
            known.store(serverNow - base, ordering: .releasing)
            pending.store(0, ordering: .releasing)
            return differs
        }
    }

    /// Times the model's clock had to be re-anchored on the server's (desyncs detected).
    package var resyncs: Int { resyncCount.load(ordering: .relaxed) }
}

/// What waiting for clock advances cost in a run.
package struct ClockAdvanceStats: Sendable, Hashable {
    /// Clock advances that went through the gate.
    package var advances: Int
    /// Advances that stopped waiting for operations in flight after the limit.
    package var forced: Int
    /// Time advances spent waiting for operations in flight, in all and at most.
    package var advanceWait: Duration
    package var longestAdvanceWait: Duration
    /// Time operations spent held back by advances (summed over operations).
    package var heldWait: Duration
}
