import Engine
import Foundation

extension HistogramLog {
    /// The three metrics of `outcomes.hlog`.
    enum OutcomeMetric: String, CaseIterable {
        /// Per interval: completion − intended start.
        case latency
        /// Per interval: completion − actual send.
        case service
        /// Over the whole run (one line at 0, as long as the run): actual send − intended start.
        case lag
    }

    /// `outcomes.hlog`: what `latency.hlog` and `service.hlog` merge away, so that a run can be
    /// rebuilt from its files (``Recording/init(outcomesLog:summaries:)``) and the runs of a
    /// sharded run merged exactly (`gbfuzz merge`). Per interval, per operation and outcome class,
    /// the latency and service time (`Tag=<outcome>/latency/<operation>`, `…/service/…`); over
    /// the whole run, per operation and outcome class, the schedule lag (`Tag=<outcome>/lag/<op>`,
    /// a line starting at 0 as long as the run). Adding every `latency` line of a second gives
    /// that second's untagged line of `latency.hlog`.
    package init(outcomesOf recording: Recording, tool: String = "gbfuzz") {
        let start = recording.startedAt.timeIntervalSince1970
        var entries: [HistogramLogEntry] = []
        for interval in recording.intervals {
            let offset = RunSummaryTime.seconds(interval.start)
            let length = RunSummaryTime.seconds(interval.length)
            for operation in interval.operations {
                for outcome in OutcomeClass.allCases {
                    guard let cell = operation.byOutcome[outcome] else { continue }
                    for (metric, histogram) in [(OutcomeMetric.latency, cell.latency), (.service, cell.service)] {
                        entries.append(
                            HistogramLogEntry(
                                tag: Self.outcomeTag(outcome, metric, operation.name),
                                start: offset,
                                length: length,
                                histogram: histogram
                            )
                        )
                    }
                }
            }
        }
        let duration = RunSummaryTime.seconds(recording.duration)
        for operation in recording.operations {
            for outcome in OutcomeClass.allCases {
                guard let cell = operation.outcomes[outcome] else { continue }
                entries.append(
                    HistogramLogEntry(
                        tag: Self.outcomeTag(outcome, .lag, operation.name),
                        start: 0,
                        length: duration,
                        histogram: PackedHistogram(cell.scheduleLag)
                    )
                )
            }
        }
        self.init(
            startTime: start,
            baseTime: start,
            comments: [
                "[Logged with \(tool)]",
                "[per outcome class: Tag=<outcome>/latency|service/<operation> per interval, "
                    + "Tag=<outcome>/lag/<operation> over the run; microseconds; Interval_Max in milliseconds]",
            ],
            entries: entries
        )
    }

    static func outcomeTag(_ outcome: OutcomeClass, _ metric: OutcomeMetric, _ operation: String) -> String {
        "\(outcome.key)/\(metric.rawValue)/\(HlogTag.sanitize(operation))"
    }

    /// The outcome class, metric and operation of an `outcomes.hlog` tag; `nil` for any other.
    static func parseOutcomeTag(_ tag: String?) -> (OutcomeClass, OutcomeMetric, String)? {
        guard let tag else { return nil }
        let parts = tag.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let outcome = OutcomeClass(key: String(parts[0])),
            let metric = OutcomeMetric(rawValue: String(parts[1])), !parts[2].isEmpty
        else { return nil }
        return (outcome, metric, String(parts[2]))
    }
}
