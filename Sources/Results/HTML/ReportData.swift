import Engine
import Foundation
import Histogram

/// Everything the HTML report draws: the summary plus the histograms behind its percentiles.
///
/// Built from a live ``Recording`` at the end of a run, or from `summary.json` and the `.hlog` files by
/// `gbfuzz report`; both give the same histograms, because the interval logs partition the samples.
package struct ReportData: Sendable {
    package var summary: RunSummary
    /// Cumulative latency per operation (µs), every outcome class.
    package var latency: [String: Histogram<UInt64>]
    /// Cumulative service time per operation (µs); empty when no service log was available.
    package var service: [String: Histogram<UInt64>]
    /// Latency and service of all operations together.
    package var overallLatency: Histogram<UInt64>?
    package var overallService: Histogram<UInt64>?
    /// Completions per second and latency p99 per operation over time.
    package var operationSeries: [String: [SeriesPoint]]

    /// One interval of one operation.
    package struct SeriesPoint: Sendable, Hashable {
        /// Seconds since the run's start.
        package var t: Double
        package var throughputRps: Double
        package var latencyP99Ms: Double
    }

    package init(
        summary: RunSummary,
        latency: [String: Histogram<UInt64>],
        service: [String: Histogram<UInt64>],
        overallLatency: Histogram<UInt64>?,
        overallService: Histogram<UInt64>?,
        operationSeries: [String: [SeriesPoint]]
    ) {
        self.summary = summary
        self.latency = latency
        self.service = service
        self.overallLatency = overallLatency
        self.overallService = overallService
        self.operationSeries = operationSeries
    }

    /// From a finished run.
    package init(summary: RunSummary, recording: Recording) {
        var latency: [String: Histogram<UInt64>] = [:]
        var service: [String: Histogram<UInt64>] = [:]
        for operation in recording.operations {
            latency[operation.name] = operation.merged(.latency)
            service[operation.name] = operation.merged(.service)
        }
        var series: [String: [SeriesPoint]] = [:]
        for interval in recording.intervals {
            let length = RunSummaryTime.seconds(interval.length)
            for operation in interval.operations {
                series[operation.name, default: []].append(
                    SeriesPoint(
                        t: RunSummaryTime.seconds(interval.start),
                        throughputRps: length > 0 ? Double(operation.count) / length : 0,
                        latencyP99Ms: Double(operation.latencyStats.p99) / 1_000
                    )
                )
            }
        }
        self.init(
            summary: summary,
            latency: latency,
            service: service,
            overallLatency: recording.merged(.latency),
            overallService: recording.merged(.service),
            operationSeries: series
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
        var series: [String: [SeriesPoint]] = [:]
        for entry in latencyLog.entries {
            guard let tag = entry.tag else { continue }
            let stats = IntervalStats(entry.histogram.unpack())
            series[names[tag] ?? tag, default: []].append(
                SeriesPoint(
                    t: latencyLog.offsetFromStart(entry),
                    throughputRps: entry.length > 0 ? Double(stats.count) / entry.length : 0,
                    latencyP99Ms: Double(stats.p99) / 1_000
                )
            )
        }
        self.init(
            summary: summary,
            latency: latency.perTag,
            service: service?.perTag ?? [:],
            overallLatency: latency.all,
            overallService: service?.all,
            operationSeries: series
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
