import Synchronization

/// The phases of a run — probe, load, drain, audit, check, shrink, write — with their durations, and what
/// the live line says about the current one. Each phase is bounded (docs/PROFILES.md, "Phases").
package final class RunPhases: Sendable {
    package enum Phase: String, Sendable, CaseIterable {
        case probe, load, drain, audit, check, shrink, write
    }

    private struct State {
        var current: (phase: Phase, since: ContinuousClock.Instant, detail: String)?
        var durations: [(Phase, Duration)] = []
    }

    private let state = Mutex(State())

    package init() {}

    /// Ends the current phase (if any) and starts `phase`.
    package func begin(_ phase: Phase, detail: String = "") {
        state.withLock { s in
            let now = ContinuousClock.now
            if let c = s.current { s.durations.append((c.phase, now - c.since)) }
            s.current = (phase, now, detail)
        }
    }

    /// Starts `phase` as if it began at `since` (the drain: known only once the load reports it).
    package func begin(_ phase: Phase, since: ContinuousClock.Instant) {
        state.withLock { s in
            if let c = s.current { s.durations.append((c.phase, since - c.since)) }
            s.current = (phase, since, "")
        }
    }

    /// What the live line shows after the phase's name (`12/40 players`).
    package func detail(_ text: String) {
        state.withLock { s in s.current?.detail = text }
    }

    /// Ends the current phase.
    package func end() {
        state.withLock { s in
            if let c = s.current { s.durations.append((c.phase, ContinuousClock.now - c.since)) }
            s.current = nil
        }
    }

    /// `audit 12/40 players`, or nil between phases.
    package var label: String? {
        state.withLock { s in
            s.current.map { $0.detail.isEmpty ? $0.phase.rawValue : "\($0.phase.rawValue) \($0.detail)" }
        }
    }

    /// The finished phases in order, each phase once (repeated ones summed).
    package var durations: [(phase: Phase, duration: Duration)] {
        let list = state.withLock { $0.durations }
        var out: [(phase: Phase, duration: Duration)] = []
        for (phase, d) in list {
            if let i = out.firstIndex(where: { $0.phase == phase }) {
                out[i].duration += d
            } else {
                out.append((phase, d))
            }
        }
        return out
    }
}
