import Foundation

/// The knob file `gbfuzz calibrate --out` writes: the decided knobs at the top level, where
/// `gbfuzz run --semantics` and `gbfuzz serve --config` read them, and a `calibration:` section
/// (which every reader skips) recording, per knob, the value or "undecided", why, and the requests
/// and answers that decided it.
///
/// Written by hand rather than through Yams's encoder: the order of the keys is part of what a
/// reader sees (knobs first, then the evidence in probe order), and every string goes out as a
/// JSON string, which is a valid double-quoted YAML scalar whatever a target answered.
package struct CalibrationFile: Sendable {
    package var target: String
    package var appId: String
    package var date: Date
    package var decisions: [KnobDecision]

    package init(target: String, appId: String, date: Date, decisions: [KnobDecision]) {
        self.target = target
        self.appId = appId
        self.date = date
        self.decisions = decisions
    }

    package var decided: [KnobDecision] { decisions.filter(\.isDecided) }
    package var undecided: [KnobDecision] { decisions.filter { !$0.isDecided } }

    package var text: String {
        var lines = [
            "# Written by gbfuzz calibrate: the knobs the answers of \(target) decided (docs/PROTOCOL.md §5).",
            "# Use it as `gbfuzz run PROFILE --semantics FILE`: knobs left out keep the profile's values.",
            "# Undecided here: \(undecided.isEmpty ? "none" : undecided.map(\.knob).joined(separator: ", ")).",
            "appId: \(Self.quoted(appId))",
        ]
        // Nested by the first component of the dotted path, in the order the probes decided them.
        var sections: [String] = []
        var members: [String: [(String, String)]] = [:]
        for d in decided {
            guard let value = d.value else { continue }
            let parts = d.knob.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                lines.append("\(d.knob): \(value)")
                continue
            }
            if members[parts[0]] == nil { sections.append(parts[0]) }
            members[parts[0], default: []].append((parts[1], value))
        }
        for section in sections {
            lines.append("\(section):")
            for (key, value) in members[section] ?? [] { lines.append("  \(key): \(value)") }
        }
        lines.append("calibration:")
        lines.append("  target: \(Self.quoted(target))")
        lines.append("  date: \(Self.quoted(ISO8601DateFormatter().string(from: date)))")
        lines.append("  knobs:")
        for d in decisions {
            lines.append("    - knob: \(Self.quoted(d.knob))")
            lines.append("      value: \(d.value.map(Self.quoted) ?? "undecided")")
            lines.append("      because: \(Self.quoted(d.because))")
            lines.append("      evidence:")
            if d.evidence.isEmpty { lines[lines.count - 1] += " []" }
            for e in d.evidence {
                lines.append("        - request: \(Self.quoted(e.request))")
                lines.append("          answer: \(Self.quoted(e.answer))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `s` as a JSON string (a valid double-quoted YAML scalar).
    static func quoted(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        guard let data = try? encoder.encode(s), let text = String(data: data, encoding: .utf8) else {
            return "\"\""
        }
        return text
    }
}
