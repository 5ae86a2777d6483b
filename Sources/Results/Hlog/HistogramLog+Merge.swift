import Engine
import Histogram

extension HistogramLog {
    /// Merges logs exactly: lines with the same tag and the same start relative to their own log's
    /// StartTime (to the millisecond) are added count by count. The result starts at the earliest
    /// StartTime and keeps every line's offset; lengths are the longest of the merged lines.
    ///
    /// - Throws: ``HlogError/Code/incompatible`` if two merged histograms differ in lowest
    ///   discernible value or significant digits (their buckets would not line up), or if their
    ///   counts add up beyond 64 bits; ``HlogError/Code/outOfRange`` if a line starts further from
    ///   its log's start than 64-bit milliseconds reach.
    package static func merging(_ logs: [HistogramLog], tool: String = "gbfuzz") throws(HlogError) -> HistogramLog {
        struct Key: Hashable {
            let tag: String?
            let offsetMillis: Int64
        }
        struct Slot {
            var histogram: Histogram<UInt64>
            var length: Double
            /// The same counts, to refuse a sum that could not be packed again.
            var sum = PackableSum()
        }
        var slots: [Key: Slot] = [:]
        var order: [Key] = []
        for log in logs {
            for entry in log.entries {
                let offset = log.offsetFromStart(entry)
                guard let offsetMillis = Int64(exactly: (offset * 1_000).rounded()) else {
                    throw HlogError(
                        .outOfRange,
                        "cannot merge tag \(entry.tag ?? "(none)"): its start is \(offset) s from the log's start"
                    )
                }
                let key = Key(tag: entry.tag, offsetMillis: offsetMillis)
                let histogram = entry.histogram.unpack()
                guard var slot = slots[key] else {
                    var slot = Slot(histogram: histogram, length: entry.length)
                    _ = slot.sum.add(entry.histogram)  // one decoded or recorded histogram always packs
                    slots[key] = slot
                    order.append(key)
                    continue
                }
                guard slot.histogram.lowestDiscernibleValue == histogram.lowestDiscernibleValue,
                    slot.histogram.numberOfSignificantValueDigits == histogram.numberOfSignificantValueDigits
                else {
                    throw HlogError(
                        .incompatible,
                        "cannot merge tag \(entry.tag ?? "(none)") at \(offset) s: histograms differ in lowest value or digits"
                    )
                }
                guard slot.sum.add(entry.histogram) else {
                    throw HlogError(
                        .incompatible,
                        "cannot merge tag \(entry.tag ?? "(none)") at \(offset) s: the counts add up beyond 64 bits"
                    )
                }
                slot.histogram = widened(slot.histogram, toHold: histogram)
                slot.histogram.add(histogram)
                slot.length = max(slot.length, entry.length)
                slots[key] = slot
            }
        }
        order.sort { lhs, rhs in
            if lhs.offsetMillis != rhs.offsetMillis { return lhs.offsetMillis < rhs.offsetMillis }
            return (lhs.tag ?? "") < (rhs.tag ?? "") || (lhs.tag == nil && rhs.tag != nil)
        }
        let start = logs.compactMap { $0.startTime ?? $0.entries.first.map($0.absoluteTime(of:)) }.min()
        let entries = order.map { key in
            let slot = slots[key]!
            return HistogramLogEntry(
                tag: key.tag,
                start: Double(key.offsetMillis) / 1_000,
                length: slot.length,
                histogram: PackedHistogram(slot.histogram)
            )
        }
        return HistogramLog(
            startTime: start,
            baseTime: start,
            comments: ["[Logged with \(tool) (merge of \(logs.count) logs)]"],
            entries: entries
        )
    }

    /// `histogram`, rebuilt with a larger highest trackable value if `other` holds values beyond it.
    static func widened(_ histogram: Histogram<UInt64>, toHold other: Histogram<UInt64>) -> Histogram<UInt64> {
        guard other.highestTrackableValue > histogram.highestTrackableValue else { return histogram }
        var settings = HistogramSettings(of: histogram)
        settings.highestTrackableValue = other.highestTrackableValue
        var wider = settings.makeHistogram()
        wider.add(histogram)
        return wider
    }
}
