/// The terminal rendering of a check.
extension CheckReport {
    /// Every partition is listed when there are at most this many; otherwise only those that are not
    /// linearizable.
    package static let partitionsListed = 50

    package var text: String {
        var out: [String] = []
        let how = partitioned ? "partitioned" : "one partition"
        out.append(
            "linearizability: \(verdict.rawValue.uppercased()) — \(partitions.count) partition(s) of \(entries) "
                + "entries (\(how); clock \(clock.rawValue)), \(Self.seconds(elapsedMs))"
        )
        out.append(
            "  \(count(.linearizable)) linearizable, \(count(.violation)) violation(s), \(count(.unknown)) unknown"
        )
        if uncheckedEntries > 0 {
            out.append(
                "  the history is incomplete (the recorder was full): \(uncheckedEntries) entries invoked after it "
                    + "stopped being complete were not checked"
            )
        }
        let listed =
            partitions.count <= Self.partitionsListed ? partitions : partitions.filter { $0.verdict != .linearizable }
        for p in listed.sorted(by: { $0.id < $1.id }) {
            var line = "  partition \(p.id) (\(p.entries) entries, \(p.configurations) configurations, "
            line += "\(Self.seconds(p.elapsedMs))): \(p.verdict.rawValue)"
            if let r = p.reason { line += " — \(r)" }
            if let d = p.deepest {
                line += "; deepest linearization \(d) entries"
                if let f = p.frontier { line += ", stuck at #\(f)" }
            }
            out.append(line)
            if let s = p.stuck { out += s.textLines(indent: "    ") }
        }
        for v in violations.sorted(by: { $0.partition < $1.partition }) { out += v.textLines }
        return out.joined(separator: "\n")
    }

    static func seconds(_ ms: Double) -> String {
        ms < 1000 ? "\(Int(ms.rounded())) ms" : "\((ms / 100).rounded() / 10) s"
    }
}

extension LinearizabilityViolation {
    var textLines: [String] {
        var out = [""]
        let more = keyCount > keys.count ? ", … (\(keyCount) keys)" : ""
        out.append(
            "violation in partition \(partition) (\(originalEntries) entries; \(keys.prefix(8).joined(separator: ", "))\(more))"
        )
        let shrunk = minimalComplete ? "minimal" : "smallest found within the shrink budget"
        out.append("  non-linearizable sub-history (\(minimal.count) of \(originalEntries) entries, \(shrunk)):")
        for e in minimal { out.append("    " + e.line) }
        let order = longestPrefix.linearized.map { "#\($0.index)" }
        let shown = order.count > 40 ? order.prefix(20) + ["…"] + order.suffix(19) : order[...]
        out.append("  longest linearizable prefix (\(order.count) entries): \(shown.joined(separator: ", "))")
        if let s = longestPrefix.stuck {
            out += s.textLines(indent: "  ")
        }
        return out
    }
}

extension EntryReport {
    /// `#12 p3 [1000 → 2500] mapping.add d0 T7 google(google#1) @1800000000000 ⇒ 3302 …`.
    package var line: String {
        let ret = returnNs.map(String.init) ?? "∞"
        let shown = setAside ? "(set aside: maybe applied) \(answer)" : answer
        return "#\(index) p\(process) [\(invokeNs) → \(ret)] op \(opId): \(op) \(window) ⇒ \(shown)"
    }
}

extension StuckEntry {
    /// The entry that could not be placed, why, and each outcome the model allowed there.
    func textLines(indent: String) -> [String] {
        var out = ["\(indent)could not place: \(entry.line)", "\(indent)  \(reason)"]
        for a in allowed {
            var line = "\(indent)  allowed \(a.code) (\(a.rule)): \(a.because)"
            if let m = a.mismatch { line += " — \(m)" }
            out.append(line)
        }
        return out
    }
}
