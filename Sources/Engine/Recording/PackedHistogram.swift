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
        var bytes: [UInt8] = []
        var nextIndex = 0
        var seen: UInt64 = 0
        for step in histogram.recordedValues() {
            let index = layout.countsIndex(for: step.value)
            let zeros = index - nextIndex
            if zeros > 1 {
                ZigZagLEB128.append(-Int64(zeros), to: &bytes)
            } else if zeros == 1 {
                ZigZagLEB128.append(0, to: &bytes)
            }
            ZigZagLEB128.append(Int64(step.count), to: &bytes)
            nextIndex = index + 1
            seen += step.count
        }
        // Every count must have been visited, or the payload would silently lose samples.
        precondition(
            seen == histogram.totalCount,
            "histogram iteration missed counts (\(seen) of \(histogram.totalCount))"
        )
        if histogram.totalCount == 0 {
            // Java writes countsIndex(0) + 1 = 1 entry for an empty histogram.
            ZigZagLEB128.append(0, to: &bytes)
        }
        self.settings = settings
        self.totalCount = histogram.totalCount
        self.maxValue = histogram.totalCount == 0 ? 0 : histogram.max
        self.payload = bytes
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

    static func decode(
        settings: HistogramSettings,
        payload: [UInt8]
    ) throws(HistogramDecodingError) -> Histogram<UInt64> {
        let layout = HistogramLayout(settings)
        var histogram = settings.makeHistogram()
        var offset = 0
        var index = 0
        var sums = IterationSums()  // kept within 64 bits, or the histogram traps when iterated
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
            if value > 0 {
                let count = UInt64(value)
                let at = layout.value(atIndex: index)
                guard sums.add(count, at: layout.highestValue(atIndex: index)) else {
                    throw HistogramDecodingError(
                        .countOverflow,
                        "the counts up to index \(index) add up beyond 64 bits"
                    )
                }
                guard histogram.record(at, count: count) else {
                    throw HistogramDecodingError(.indexOutOfRange, "count at index \(index) does not fit")
                }
            }
            index += 1
        }
        return histogram
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
