import Foundation
import Linearizability

// The race-hunting lines of the final table: the history, the checker's verdict and partitions,
// and each linearizability violation's witness.
extension SummaryTable {
    /// The most witness entries printed per violation (summary.json lists more).
    static let witnessLinesShown = 12

    /// `linearizability: VIOLATION — 3 partitions (1 linearizable, 1 violation, 1 unknown)…`.
    static func race(_ race: RaceSummary?) -> [String] {
        guard let race else { return [] }
        var lines = [""]
        var history = "history: \(Formatting.count(race.historyOperations)) operations"
        if race.historyDropped > 0 {
            history += ", \(Formatting.count(race.historyDropped)) dropped (the history was full)"
        }
        history += "; \(Formatting.count(race.bursts)) bursts (\(Formatting.count(race.partialBursts)) partial)"
        history += ", \(Formatting.count(race.probes)) probes"
        if race.leaseWaits > 0 {
            history += ", \(Formatting.count(race.leaseWaits)) waited for a lease (race.inFlightPerIdentity)"
        }
        lines.append(history)
        guard race.verdict != "not_checked" else {
            lines.append("linearizability: NOT CHECKED (the run was interrupted)")
            return lines
        }
        var verdict = "linearizability: \(race.verdict.uppercased().replacingOccurrences(of: "_", with: " "))"
        verdict += " — \(Formatting.count(race.partitions)) partitions (\(Formatting.count(race.linearizable)) "
        verdict += "linearizable, \(Formatting.count(race.violating)) violation, \(Formatting.count(race.unknown)) "
        verdict += "unknown), longest \(Formatting.count(race.longestPartition)) entries, "
        verdict += Formatting.duration(seconds: race.checkMs / 1_000)
        lines.append(verdict)
        if race.isUnknown {
            lines.append(
                "  unknown: a partition ran out of race.checkBudget before a verdict (exit 3 if nothing else failed)"
            )
        }
        if race.uncheckedEntries > 0 {
            lines.append(
                "  \(Formatting.count(race.uncheckedEntries)) entries invoked after the first operation the history "
                    + "dropped were not checked"
            )
        }
        return lines
    }

    /// A linearizability violation's witness, indented under its violation line.
    static func subHistory(_ sub: SubHistory?) -> [String] {
        guard let sub else { return [] }
        let how = sub.minimal ? "minimal" : "smallest found within the budget"
        var lines = [
            "     witness (\(sub.count) of the partition's \(Formatting.count(sub.partitionEntries)) entries, \(how)):"
        ]
        for e in sub.entries.prefix(witnessLinesShown) { lines.append("       " + e.line) }
        if sub.count > witnessLinesShown { lines.append("       … (summary.json violations.list[].sub_history)") }
        if let stuck = sub.stuck {
            lines.append("     could not place #\(stuck.entry.index): \(stuck.reason)")
        }
        return lines
    }
}
