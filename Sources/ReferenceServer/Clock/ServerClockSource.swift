import Foundation
import Protocol
import Synchronization

/// The server clock of docs/PROTOCOL.md §1.5: wall-clock time plus an offset that test control
/// advances; when frozen it moves only by explicit advances.
final class ServerClockSource: Sendable {
    private struct State {
        var offsetMs: Int64 = 0
        /// The frozen time, when frozen.
        var frozenAt: Int64?
    }
    private let state = Mutex(State())

    static func wallMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The current server time in epoch milliseconds.
    func now() -> Int64 {
        state.withLock { s in s.frozenAt ?? Self.wallMilliseconds() + s.offsetMs }
    }

    func snapshot() -> ServerClock {
        state.withLock { s in
            ServerClock(
                now: s.frozenAt ?? Self.wallMilliseconds() + s.offsetMs,
                offsetMs: s.offsetMs,
                frozen: s.frozenAt != nil
            )
        }
    }

    /// Moves the clock forward; nil, changing nothing, when that would take it past
    /// ``GamebaseDate/maxMilliseconds`` (the clock stays where every date is writable, and no
    /// deadline arithmetic near it can overflow).
    func advance(milliseconds: Int64) -> ServerClock? {
        let moved = state.withLock { s in
            let now = s.frozenAt ?? Self.wallMilliseconds() + s.offsetMs
            guard milliseconds >= 0, milliseconds <= GamebaseDate.maxMilliseconds - now else { return false }
            s.offsetMs += milliseconds
            if let f = s.frozenAt { s.frozenAt = f + milliseconds }
            return true
        }
        return moved ? snapshot() : nil
    }

    /// Freezing keeps the current time; thawing resumes from the frozen time.
    func freeze(_ frozen: Bool) -> ServerClock {
        state.withLock { s in
            let wall = Self.wallMilliseconds()
            switch (frozen, s.frozenAt) {
            case (true, nil): s.frozenAt = wall + s.offsetMs
            case (false, let f?):
                s.offsetMs = f - wall
                s.frozenAt = nil
            default: break
            }
        }
        return snapshot()
    }

    func reset() {
        state.withLock { $0 = State() }
    }
}
