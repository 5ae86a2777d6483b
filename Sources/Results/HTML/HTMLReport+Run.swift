// How the run went as a process (`summary.json` `run`): the INTERRUPTED banner, the phases with their
// durations and budgets, what waiting for clock advances cost, and how far the audit got.
extension HTMLReport {
    /// The header's status: PASS only for a complete run that passed every check.
    static func status(_ summary: RunSummary) -> String {
        var pills: [String] = []
        if summary.run.interrupted { pills.append("<span class=\"status warn\">INTERRUPTED</span>") }
        if summary.passed {
            pills.append("<span class=\"status pass\">PASS</span>")
        } else if summary.undecided {
            pills.append("<span class=\"status warn\">UNKNOWN</span>")
        } else if !summary.run.interrupted || summary.violations.count > 0 || !summary.thresholds.allSatisfy(\.ok) {
            pills.append("<span class=\"status fail\">FAIL</span>")
        }
        return pills.joined()
    }

    /// The banner under the header of an interrupted run.
    static func interruptedBanner(_ summary: RunSummary) -> String {
        guard summary.run.interrupted else { return "" }
        var html = "<div class=\"banner\" id=\"interrupted\"><b>INTERRUPTED</b>: the run was stopped before its "
        html += "planned end, after \(HTMLText.escape(seconds(summary.durationS))); these results are partial"
        html += " and the run does not pass, whatever its thresholds say (see <a href=\"#run\">Run</a>).</div>\n"
        return html
    }

    /// The banner under the header of a run whose target's knobs changed while it went on.
    static func targetChangedBanner(_ summary: RunSummary) -> String {
        guard let change = summary.run.targetChanged else { return "" }
        let label = summary.run.interrupted ? "TARGET CHANGED" : "UNKNOWN"
        return "<div class=\"banner\" id=\"target-changed\"><b>\(label)</b>: \(HTMLText.escape(change.message))</div>\n"
    }

    /// The overview tile of the clock waits, when the run advanced a frozen clock.
    static func clockTile(_ clock: ClockWaitSummary) -> String {
        guard clock.advances > 0 || clock.advanceWaitMs > 0 || clock.heldWaitMs > 0 else { return "" }
        let sub =
            "\(Formatting.count(clock.advances)) advances, \(Formatting.count(clock.forced)) forced; "
            + "requests held \(milliseconds(clock.heldWaitMs))"
        return "<div class=\"card\" id=\"clock-tile\"><div class=\"label\">Clock advance wait</div>"
            + "<div class=\"value\">\(HTMLText.escape(milliseconds(clock.advanceWaitMs)))</div>"
            + "<div class=\"sub\">\(HTMLText.escape(sub))</div></div>"
    }

    /// The "Run" section: phases, clock waits and the audit.
    static func runStatus(_ summary: RunSummary) -> String {
        let run = summary.run
        var html = "<section id=\"run\">\n<h2>Run</h2>\n"
        if run.phases.isEmpty {
            html += "<p class=\"note\">The summary records no phases.</p>\n"
        } else {
            html += "<table>\n<tr><th>phase</th><th class=\"num\">duration</th><th class=\"num\">budget</th>"
            html += "<th>share of budget</th></tr>\n"
            for phase in run.phases {
                html += "<tr><td><code>\(HTMLText.escape(phase.name))</code></td>"
                html += "<td class=\"num\">\(HTMLText.escape(seconds(phase.durationS)))</td>"
                guard let budget = phase.budgetS, budget > 0 else {
                    html += "<td class=\"num\">—</td><td></td></tr>\n"
                    continue
                }
                let share = phase.durationS / budget
                html += "<td class=\"num\">\(HTMLText.escape(seconds(budget)))</td>"
                html += "<td>\(HTMLText.escape(Formatting.percent(share)))"
                // The load phase ends a little after its budget by design; flag only a clear overrun.
                html += bar(share: share, tone: share > 1.1 ? "err" : "") + "</td></tr>\n"
            }
            html += "</table>\n"
        }
        let clock = run.clock
        html += "<h3>Clock advances</h3>\n<table>\n"
        let clockRows: [(String, String, String)] = [
            ("advances", Formatting.count(clock.advances), "times the server clock was moved forward"),
            ("forced", Formatting.count(clock.forced), "advances that stopped waiting for a straggler at the limit"),
            (
                "advance wait", milliseconds(clock.advanceWaitMs),
                "time advances spent waiting for requests in flight"
                    + (summary.durationS > 0
                        ? " (\(Formatting.percent(clock.advanceWaitMs / 1_000 / summary.durationS)) of the run)" : "")
            ),
            ("longest advance wait", milliseconds(clock.longestAdvanceWaitMs), "the longest single wait of an advance"),
            ("held wait", milliseconds(clock.heldWaitMs), "time requests were held back by advances, summed"),
            ("resyncs", Formatting.count(clock.resyncs), "times the model's clock was re-anchored on the server's"),
        ]
        for (label, value, meaning) in clockRows {
            html += "<tr><td>\(label)</td><td class=\"num\">\(HTMLText.escape(value))</td>"
            html += "<td class=\"note\">\(HTMLText.escape(meaning))</td></tr>\n"
        }
        html += "</table>\n"
        html += race(run.race)
        let audit = run.audit
        html += "<h3>Audit</h3>\n"
        html += "<p\(audit.unfinished > 0 ? " class=\"bad\"" : "")>\(Formatting.count(audit.players)) players kept"
        html += " for the end-of-run audit: \(Formatting.count(audit.audited)) audited, "
        html += "\(Formatting.count(audit.unfinished)) unfinished, \(Formatting.count(audit.requests)) audit requests."
        if audit.unfinished > 0 { html += " Unfinished players were not fully checked (budget or interruption)." }
        return html + "</p>\n</section>\n"
    }

    /// A duration in seconds for people: `0.015 ms`, `276.8 ms`, `8.02 s`, `1m15s`.
    static func seconds(_ value: Double) -> String {
        if value < 1 { return milliseconds(value * 1_000) }
        if value < 60 { return Formatting.fixed(value, 2) + " s" }
        return Formatting.duration(seconds: value)
    }

    /// Milliseconds, switching to seconds from 10 s.
    static func milliseconds(_ value: Double) -> String {
        value < 10_000 ? Formatting.milliseconds(value) + " ms" : Formatting.fixed(value / 1_000, 1) + " s"
    }

    /// A share bar (`share` from 0 to 1; more fills it).
    static func bar(share: Double, tone: String) -> String {
        let width = Formatting.fixed(min(max(0, share), 1) * 100, 1)
        return "<div class=\"bar\" title=\"\(Formatting.percent(share))\"><span class=\"\(tone)\""
            + " style=\"width:\(width)%\"></span></div>"
    }
}
