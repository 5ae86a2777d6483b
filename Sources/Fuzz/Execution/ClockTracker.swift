import Foundation
import Model
import Synchronization

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

    struct State {
        /// Advances known to have been applied (ms).
        var known: Int64 = 0
        /// Advances sent whose answers have not arrived.
        var pending: Int64 = 0
        /// Operations in flight, and whether an advance holds the clock exclusively.
        var running = 0
        var advancing = false
        var waitingAdvances: [CheckedContinuation<Void, Never>] = []
        var waitingOperations: [CheckedContinuation<Void, Never>] = []
    }

    /// Frozen server time at offset zero, or `nil` when the server clock runs on its own.
    package let frozenBase: Int64?
    package let toleranceMs: Int64
    private let state = Mutex(State())

    /// A tracker for a server clock frozen at `frozenAt` (epoch ms, as the freeze call reported).
    package init(frozenAt: Int64) {
        frozenBase = frozenAt
        toleranceMs = 0
    }

    /// A tracker for a free-running server clock within `toleranceMs` of the local clock.
    package init(toleranceMs: Int64) {
        frozenBase = nil
        self.toleranceMs = toleranceMs
    }

    package var isExact: Bool { frozenBase != nil }

    static func wallNow() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    package func begin() -> Mark {
        let known = state.withLock { $0.known }
        return Mark(wall: Self.wallNow(), known: known)
    }

    package func end(_ m: Mark) -> ClockWindow {
        let (known, pending) = state.withLock { ($0.known, $0.pending) }
        if let base = frozenBase { return ClockWindow(lo: base + m.known, hi: base + known + pending) }
        return ClockWindow(lo: m.wall - toleranceMs + m.known, hi: Self.wallNow() + toleranceMs + known + pending)
    }

    /// The best estimate of the server's time now (for absolute inputs such as a ban's `end`).
    package func now() -> Int64 {
        let known = state.withLock { $0.known }
        return (frozenBase ?? Self.wallNow()) + known
    }

    /// With a frozen clock, an advance waits for the operations in flight and holds new ones back
    /// until it is answered, so no operation ever straddles a clock jump: windows stay exact and a
    /// player's timeline can be replayed alone. Without a frozen clock this is a no-op.
    package func enter(advance: Bool) async {
        guard frozenBase != nil else { return }
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let go: Bool = state.withLock { st in
                if advance {
                    if !st.advancing && st.running == 0 {
                        st.advancing = true
                        return true
                    }
                    st.waitingAdvances.append(c)
                    return false
                }
                if !st.advancing && st.waitingAdvances.isEmpty {
                    st.running += 1
                    return true
                }
                st.waitingOperations.append(c)
                return false
            }
            if go { c.resume() }
        }
    }

    /// Ends what ``enter(advance:)`` began.
    package func leave(advance: Bool) {
        guard frozenBase != nil else { return }
        let wake: [CheckedContinuation<Void, Never>] = state.withLock { st in
            if advance { st.advancing = false } else { st.running -= 1 }
            guard !st.advancing, st.running == 0 || !st.waitingAdvances.isEmpty else { return [] }
            if st.running == 0, !st.waitingAdvances.isEmpty {
                st.advancing = true
                return [st.waitingAdvances.removeFirst()]
            }
            if st.waitingAdvances.isEmpty {
                st.running += st.waitingOperations.count
                defer { st.waitingOperations = [] }
                return st.waitingOperations
            }
            return []
        }
        for c in wake { c.resume() }
    }

    /// Call before sending a clock advance.
    package func beginAdvance(seconds: Int64) { state.withLock { $0.pending += seconds * 1000 } }

    /// Call when its answer arrives: `applied` false when the server refused it; `nil` when the
    /// answer was lost (then the advance counts as applied for upper bounds until `resync`).
    package func endAdvance(seconds: Int64, applied: Bool?) {
        state.withLock {
            if applied == true {
                $0.pending -= seconds * 1000
                $0.known += seconds * 1000
            } else if applied == false {
                $0.pending -= seconds * 1000
            }
        }
    }

    /// Re-anchors on the server's reported time (after a lost advance), frozen mode only.
    package func resync(serverNow: Int64) {
        guard let base = frozenBase else { return }
        state.withLock {
            $0.known = max($0.known, serverNow - base)
            $0.pending = 0
        }
    }
}
