import Linearizability

/// How a concurrent reproducer's operations are sent: in waves. A wave holds operations that were
/// in flight together in the recording (each invoked before any other member returned); its members
/// are released together, and a wave starts once the one before has returned. Operations that were
/// ordered in real time (one returned before the other was invoked) stay ordered.
package struct RaceSchedule: Codable, Hashable, Sendable {
    /// Indices into the reproducer's entries, one array per wave, in order.
    package var waves: [[Int]]

    package init(waves: [[Int]]) {
        self.waves = waves
    }

    /// The waves of `entries` as they were recorded. An entry without an answer (maybe applied) is
    /// scheduled as if it returned at once: its own wave ends with it, later entries start after.
    package init(entries: [HistoryEntry]) {
        let order = entries.indices.sorted {
            (entries[$0].invokeNs, entries[$0].index) < (entries[$1].invokeNs, entries[$1].index)
        }
        var waves: [[Int]] = []
        var wave: [Int] = []
        var earliestReturn = Int64.max
        for i in order {
            let e = entries[i]
            // One operation at a time per player; and nothing sent after a member returned.
            let sameProcess = wave.contains { entries[$0].process == e.process }
            if !wave.isEmpty, sameProcess || e.invokeNs >= earliestReturn {
                waves.append(wave)
                wave = []
                earliestReturn = .max
            }
            wave.append(i)
            earliestReturn = min(earliestReturn, e.returnNs ?? e.invokeNs)
        }
        if !wave.isEmpty { waves.append(wave) }
        self.waves = waves
    }

    /// The schedule restricted to `kept` entries (indices renumbered to positions in `kept`).
    package func keeping(_ kept: [Int]) -> RaceSchedule {
        var position: [Int: Int] = [:]
        for (p, i) in kept.enumerated() { position[i] = p }
        return RaceSchedule(waves: waves.map { $0.compactMap { position[$0] } }.filter { !$0.isEmpty })
    }

    /// Largest number of operations released together.
    package var widest: Int { waves.map(\.count).max() ?? 0 }
}
