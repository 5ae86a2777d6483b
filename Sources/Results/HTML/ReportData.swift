import Engine
import Foundation
import Histogram

/// Everything the HTML report draws: the summary plus the histograms behind its percentiles.
///
/// Built from a live ``Recording`` at the end of a run, or from `summary.json` and the `.hlog` files by
/// `gbfuzz report`; both give the same data, so the same page: the interval logs partition the samples,
/// per-interval counts are integers keyed by interval number, and everything else (the timeline with
/// its interval lengths, every percentile shown in a table) comes from the summary in both cases.
package struct ReportData: Sendable {
    package var summary: RunSummary
    /// Cumulative latency per operation (µs), every outcome class.
    package var latency: [String: Histogram<UInt64>]
    /// Cumulative service time per operation (µs); empty when no service log was available.
    package var service: [String: Histogram<UInt64>]
    /// Latency and service of all operations together.
    package var overallLatency: Histogram<UInt64>?
    package var overallService: Histogram<UInt64>?
    /// Completions per operation per interval: interval number (its start is number × `interval_s`)
    /// → count; intervals without completions of the operation are absent.
    package var operationCounts: [String: [Int: UInt64]]

    package init(
        summary: RunSummary,
        latency: [String: Histogram<UInt64>],
        service: [String: Histogram<UInt64>],
        overallLatency: Histogram<UInt64>?,
        overallService: Histogram<UInt64>?,
        operationCounts: [String: [Int: UInt64]]
    ) {
        self.summary = summary
        self.latency = latency
        self.service = service
        self.overallLatency = overallLatency
        self.overallService = overallService
        self.operationCounts = operationCounts
    }

    /// From a finished run.
    package init(summary: RunSummary, recording: Recording) {
        var latency: [String: Histogram<UInt64>] = [:]
        var service: [String: Histogram<UInt64>] = [:]
        for operation in recording.operations {
            latency[operation.name] = operation.merged(.latency)
            service[operation.name] = operation.merged(.service)
        }
        var counts: [String: [Int: UInt64]] = [:]
        for interval in recording.intervals {
            for operation in interval.operations where operation.count > 0 {
                counts[operation.name, default: [:]][interval.index, default: 0] += operation.count
            }
        }
        let answered = recording.requests > 0
        self.init(
            summary: summary,
            latency: latency,
            service: service,
            overallLatency: answered ? recording.merged(.latency) : nil,
            overallService: answered ? recording.merged(.service) : nil,
            operationCounts: counts
        )
    }

    /// From the files of a run directory: tags are mapped back to the summary's operation names.
    /// - Throws: ``HlogError`` if histograms of one tag cannot be merged (different layouts).
    package init(summary: RunSummary, latencyLog: HistogramLog, serviceLog: HistogramLog?) throws(HlogError) {
        var names: [String: String] = [:]
        for name in summary.ops.keys { names[HlogTag.sanitize(name)] = name }

        func cumulative(
            _ log: HistogramLog
        ) throws(HlogError) -> (perTag: [String: Histogram<UInt64>], all: Histogram<UInt64>?) {
            var perTag: [String: Histogram<UInt64>] = [:]
            var untagged: Histogram<UInt64>?
            for entry in log.entries {
                let histogram = entry.histogram.unpack()
                if let tag = entry.tag {
                    let name = names[tag] ?? tag
                    try Self.accumulate(histogram, into: &perTag[name])
                } else {
                    try Self.accumulate(histogram, into: &untagged)
                }
            }
            if untagged == nil {
                for histogram in perTag.values { try Self.accumulate(histogram, into: &untagged) }
            }
            return (perTag, untagged)
        }

        let latency = try cumulative(latencyLog)
        var service: (perTag: [String: Histogram<UInt64>], all: Histogram<UInt64>?)?
        if let serviceLog { service = try cumulative(serviceLog) }
        // Interval numbers, not the rounded timestamps of the log, so the counts match the recording's.
        let intervalS = summary.histogram.intervalS > 0 ? summary.histogram.intervalS : 1
        var counts: [String: [Int: UInt64]] = [:]
        for entry in latencyLog.entries where entry.histogram.totalCount > 0 {
            guard let tag = entry.tag else { continue }
            let index = Int((latencyLog.offsetFromStart(entry) / intervalS).rounded())
            counts[names[tag] ?? tag, default: [:]][index, default: 0] += entry.histogram.totalCount
        }
        self.init(
            summary: summary,
            latency: latency.perTag,
            service: service?.perTag ?? [:],
            overallLatency: latency.all,
            overallService: service?.all,
            operationCounts: counts
        )
    }

    private static func accumulate(
        _ histogram: Histogram<UInt64>,
        into total: inout Histogram<UInt64>?
    ) throws(HlogError) {
        guard var sum = total else {
            total = histogram
            return
        }
        guard sum.lowestDiscernibleValue == histogram.lowestDiscernibleValue,
            sum.numberOfSignificantValueDigits == histogram.numberOfSignificantValueDigits
        else {
            throw HlogError(.incompatible, "histograms of one tag differ in lowest value or significant digits")
        }
        if histogram.highestTrackableValue > sum.highestTrackableValue {
            var wider = histogram
            wider.reset()
            wider.add(sum)
            sum = wider
        }
        sum.add(histogram)
        total = sum
    }
}
