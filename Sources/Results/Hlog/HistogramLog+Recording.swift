import Engine
import Foundation

extension HistogramLog {
    /// The metrics a run writes as interval logs.
    package enum IntervalMetric: String, Sendable, CaseIterable {
        /// `latency.hlog`: completion − intended start.
        case latency
        /// `service.hlog`: completion − actual send.
        case service
    }

    /// The interval log of one metric of a run: per interval, one untagged line (all operations) and
    /// one line per operation tagged with its (sanitised) name. Timestamps are relative to BaseTime,
    /// which equals StartTime, the run's wall-clock start.
    package init(recording: Recording, metric: IntervalMetric, tool: String = "gbfuzz") {
        let start = recording.startedAt.timeIntervalSince1970
        var entries: [HistogramLogEntry] = []
        for interval in recording.intervals {
            let offset = RunSummaryTime.seconds(interval.start)
            let length = RunSummaryTime.seconds(interval.length)
            func histogram(_ operation: IntervalOperation) -> PackedHistogram {
                metric == .latency ? operation.latency : operation.service
            }
            entries.append(
                HistogramLogEntry(tag: nil, start: offset, length: length, histogram: histogram(interval.all))
            )
            for operation in interval.operations {
                entries.append(
                    HistogramLogEntry(
                        tag: HlogTag.sanitize(operation.name),
                        start: offset,
                        length: length,
                        histogram: histogram(operation)
                    )
                )
            }
        }
        self.init(
            startTime: start,
            baseTime: start,
            comments: [
                "[Logged with \(tool)]",
                "[\(metric.rawValue) in microseconds; Interval_Max in milliseconds; untagged lines = all operations]",
            ],
            entries: entries
        )
    }
}

/// Duration → seconds, shared by the writers.
enum RunSummaryTime {
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
