import Foundation
import Linearizability

// Race hunting on the page: the history and the checker's verdict (in "Run"), and each
// linearizability violation's witness (under "Violations").
extension HTMLReport {
    /// The "Race hunting" part of the Run section.
    static func race(_ race: RaceSummary?) -> String {
        guard let race else { return "" }
        var html = "<h3 id=\"race\">Race hunting</h3>\n<table>\n"
        let verdict = race.verdict.replacingOccurrences(of: "_", with: " ")
        let rows: [(String, String, String)] = [
            ("verdict", verdict, "the linearizability checker's verdict on the history"),
            (
                "partitions", Formatting.count(race.partitions),
                "\(Formatting.count(race.linearizable)) linearizable, \(Formatting.count(race.violating)) violation, "
                    + "\(Formatting.count(race.unknown)) unknown (out of race.checkBudget)"
            ),
            ("longest partition", Formatting.count(race.longestPartition), "entries of the largest partition"),
            ("check time", milliseconds(race.checkMs), "searching and shrinking"),
            (
                "history", Formatting.count(race.historyOperations),
                "operations in history.jsonl; \(Formatting.count(race.historyDropped)) dropped (the history was full), "
                    + "\(Formatting.count(race.uncheckedEntries)) not checked because of it"
            ),
            (
                "bursts", Formatting.count(race.bursts),
                "\(Formatting.count(race.partialBursts)) released before they filled; send spread p50 "
                    + "\(milliseconds(race.spreadMs.p50)), max \(milliseconds(race.spreadMs.max))"
            ),
            ("probes", Formatting.count(race.probes), "audit probes sent under load"),
            (
                "lease waits", Formatting.count(race.leaseWaits),
                "operations that waited for a lease on a shared identity (race.inFlightPerIdentity)"
            ),
        ]
        for (label, value, meaning) in rows {
            let tone = label == "verdict" && race.verdict != "linearizable" ? " class=\"bad\"" : ""
            html += "<tr><td>\(label)</td><td class=\"num\"><span\(tone)>\(HTMLText.escape(value))</span></td>"
            html += "<td class=\"note\">\(HTMLText.escape(meaning))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// Each linearizability violation's witness: the entries whose answers no linearization explains.
    static func witnesses(_ list: [ViolationEntry]) -> String {
        var html = ""
        for entry in list {
            guard let sub = entry.subHistory else { continue }
            html += "<h3 id=\"witness-\(entry.index)\">Violation \(entry.index): linearizability witness</h3>\n"
            html += "<p class=\"note\">\(sub.count) of the partition's \(Formatting.count(sub.partitionEntries)) "
            html += "entries\(sub.minimal ? " (minimal)" : " (the smallest found within the budget)")"
            html += "; keys \(HTMLText.escape(sub.keys.prefix(8).joined(separator: ", ")))"
            html += sub.keys.count > 8 ? ", …" : ""
            html += ".</p>\n"
            html += timeline(sub)
            html += "<table>\n<tr><th class=\"num\">#</th><th class=\"num\">process</th><th>operation</th>"
            html +=
                "<th class=\"num\">invoke ns</th><th class=\"num\">return ns</th><th>window</th><th>answer</th></tr>\n"
            for e in sub.entries {
                html += "<tr><td class=\"num\">\(e.index)</td><td class=\"num\">\(e.process)</td>"
                html += "<td class=\"wrap mono\">\(HTMLText.escape("op \(e.opId): \(e.op)"))</td>"
                html += "<td class=\"num\">\(e.invokeNs)</td>"
                html += "<td class=\"num\">\(e.returnNs.map(String.init) ?? "—")</td>"
                html += "<td class=\"mono\">\(HTMLText.escape(e.window))</td>"
                let answer = e.setAside ? "(set aside: maybe applied) \(e.answer)" : e.answer
                html += "<td class=\"wrap mono\">\(HTMLText.escape(answer))</td></tr>\n"
            }
            html += "</table>\n"
            if sub.entries.count < sub.count {
                html += "<p class=\"note\">\(sub.count - sub.entries.count) more entries in summary.json.</p>\n"
            }
            if let stuck = sub.stuck {
                html += "<p>Could not place #\(stuck.entry.index): \(HTMLText.escape(stuck.reason)).</p>\n"
            }
        }
        return html
    }

    /// The witness as a timeline: a lane per player, the entry no linearization could place and the
    /// entries in flight with it marked.
    static func timeline(_ sub: SubHistory) -> String {
        let stuck = sub.stuck?.entry
        let end = stuck.map { $0.returnNs ?? Int64.max }
        let bars = sub.entries.map { e in
            let overlaps = stuck.map { s in e.invokeNs <= (end ?? .max) && (e.returnNs ?? .max) >= s.invokeNs } ?? false
            return HistoryTimeline.Bar(
                lane: e.process,
                label: "#\(e.index) \(e.op.split(separator: " ").first ?? "")",
                detail: "#\(e.index) player \(e.process): \(e.op) → \(e.answer)",
                invokeNs: e.invokeNs,
                returnNs: e.returnNs,
                marked: e.index == stuck?.index || overlaps
            )
        }
        let svg = HistoryTimeline(bars: bars).svg()
        guard !svg.isEmpty else { return "" }
        return "<figure><figcaption>Timeline: a lane per player, each operation from invoke to return; "
            + "marked: the entry no linearization could place and those in flight with it; dashed: no answer"
            + "</figcaption>\(svg)</figure>\n"
    }
}
