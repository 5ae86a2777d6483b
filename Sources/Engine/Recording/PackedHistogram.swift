import Histogram

/// A histogram frozen into HdrHistogram's V2 counts payload: ZigZag LEB128 counts from index 0 to the
/// index of the largest value, runs of zeros written as one negative number.
///
/// The recorder keeps closed per-second intervals in this form (a few hundred bytes instead of ~190 KB),
/// and the `.hlog` writer only adds the 40-byte V2 header, zlib and base64 around ``payload``. It is
/// exact: ``unpack()`` rebuilds a histogram with the same counts at the same indices.
package struct PackedHistogram: Sendable, Hashable {
    package let settings: HistogramSettings
    package let totalCount: UInt64
    /// The highest value equivalent to the largest recorded value (HdrHistogram's `getMaxValue`); 0 if empty.
    package let maxValue: UInt64
    /// The V2 counts payload (without the V2 header).
    package let payload: [UInt8]

    /// Packs `histogram`. Its settings must be representable (they always are for ``HistogramSettings``).
    package init(_ histogram: Histogram<UInt64>) {
        let settings = HistogramSettings(of: histogram)
        let layout = HistogramLayout(settings)
        var writer = CountsWriter()
        for step in histogram.recordedValues() {
            writer.append(step.count, atIndex: layout.countsIndex(for: step.value))
        }
        self.init(
            settings: settings,
            writer: writer,
            totalCount: histogram.totalCount,
            maxValue: histogram.totalCount == 0 ? 0 : histogram.max
        )
    }

    /// Packs an interval's histogram; the same payload as packing the equal `Histogram<UInt64>`.
    init(_ interval: IntervalHistogram, settings: HistogramSettings, layout: HistogramLayout) {
        var writer = CountsWriter()
        interval.forEachCount { index, count in writer.append(count, atIndex: index) }
        self.init(
            settings: settings,
            writer: writer,
            totalCount: interval.totalCount,
            maxValue: interval.highestEquivalentMax(layout: layout)
        )
    }

    private init(settings: HistogramSettings, writer: CountsWriter, totalCount: UInt64, maxValue: UInt64) {
        var writer = writer
        // Every count must have been visited, or the payload would silently lose samples.
        precondition(writer.seen == totalCount, "histogram iteration missed counts (\(writer.seen) of \(totalCount))")
        if totalCount == 0 {
            // Java writes countsIndex(0) + 1 = 1 entry for an empty histogram.
            ZigZagLEB128.append(0, to: &writer.bytes)
        }
        self.settings = settings
        self.totalCount = totalCount
        self.maxValue = maxValue
        self.payload = writer.bytes
    }

    /// Appends counts in increasing index order as V2 payload numbers.
    private struct CountsWriter {
        var bytes: [UInt8] = []
        var nextIndex = 0
        var seen: UInt64 = 0

        mutating func append(_ count: UInt64, atIndex index: Int) {
            let zeros = index - nextIndex
            if zeros > 1 {
                ZigZagLEB128.append(-Int64(zeros), to: &bytes)
            } else if zeros == 1 {
                ZigZagLEB128.append(0, to: &bytes)
            }
            ZigZagLEB128.append(Int64(count), to: &bytes)
            nextIndex = index + 1
            seen += count
        }
    }

    /// Validates a payload read from elsewhere (an `.hlog` line).
    /// - Throws: ``HistogramDecodingError`` if the payload is truncated or indexes past the layout.
    package init(settings: HistogramSettings, payload: [UInt8]) throws(HistogramDecodingError) {
        let histogram = try Self.decode(settings: settings, payload: payload)
        self.settings = settings
        self.totalCount = histogram.totalCount
        self.maxValue = histogram.totalCount == 0 ? 0 : histogram.max
        self.payload = payload
    }

    /// The histogram this payload describes.
    package func unpack() -> Histogram<UInt64> {
        // The payload was produced by `init(_:)` or validated by `init(settings:payload:)`.
        try! Self.decode(settings: settings, payload: payload)
    }

    /// The interval histogram this payload describes (each count at the lowest value of its index,
    /// as ``unpack()`` records it).
    func unpackInterval(layout: HistogramLayout) -> IntervalHistogram {
        var interval = IntervalHistogram()
        // The payload was produced by an initializer or validated by `init(settings:payload:)`.
        try! Self.walk(payload, layout: layout) { index, count in
            interval.record(layout.value(atIndex: index), count: count, layout: layout)
        }
        return interval
    }

    static func decode(
        settings: HistogramSettings,
        payload: [UInt8]
    ) throws(HistogramDecodingError) -> Histogram<UInt64> {
        let layout = HistogramLayout(settings)
        var histogram = settings.makeHistogram()
        var sums = IterationSums()  // kept within 64 bits, or the histogram traps when iterated
        try walk(payload, layout: layout) { (index, count) throws(HistogramDecodingError) in
            guard sums.add(count, at: layout.highestValue(atIndex: index)) else {
                throw HistogramDecodingError(.countOverflow, "the counts up to index \(index) add up beyond 64 bits")
            }
            guard histogram.record(layout.value(atIndex: index), count: count) else {
                throw HistogramDecodingError(.indexOutOfRange, "count at index \(index) does not fit")
            }
        }
        return histogram
    }

    /// Calls `body` with every non-zero count of a V2 payload and its counts index, in order.
    private static func walk(
        _ payload: [UInt8],
        layout: HistogramLayout,
        _ body: (Int, UInt64) throws(HistogramDecodingError) -> Void
    ) throws(HistogramDecodingError) {
        var offset = 0
        var index = 0
        while offset < payload.count {
            guard let value = ZigZagLEB128.read(payload, at: &offset) else {
                throw HistogramDecodingError(.truncated, "counts payload ends inside a number at byte \(offset)")
            }
            if value < 0 {
                guard value != .min, index <= layout.countsLength - Int(-value) else {
                    throw HistogramDecodingError(
                        .indexOutOfRange,
                        "zero run of \(value.magnitude) overruns the counts array"
                    )
                }
                index += Int(-value)
                continue
            }
            guard index < layout.countsLength else {
                throw HistogramDecodingError(
                    .indexOutOfRange,
                    "count at index \(index) is beyond the \(layout.countsLength) counts of the layout"
                )
            }
            if value > 0 { try body(index, UInt64(value)) }
            index += 1
        }
    }
}

/// A V2 payload or `.hlog` histogram that cannot be decoded.
package struct HistogramDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An extensible error code.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let name: String
        package init(_ name: String) { self.name = name }
        package var description: String { name }

        package static let truncated = Code("truncated")
        package static let indexOutOfRange = Code("indexOutOfRange")
        package static let badCookie = Code("badCookie")
        package static let badHeader = Code("badHeader")
        package static let badBase64 = Code("badBase64")
        package static let zlib = Code("zlib")
        package static let countOverflow = Code("countOverflow")
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { "\(code): \(message)" }
}
