import Engine
import Foundation
import Histogram

/// HdrHistogram's V2 binary encoding, compressed form (what `.hlog` lines carry, base64-encoded).
///
/// ```
/// compressed = int32 0x1c849314, int32 length of the zlib stream, zlib(encoded)
/// encoded    = int32 0x1c849313, int32 payload length, int32 normalizing index offset (0),
///              int32 significant digits, int64 lowest discernible value, int64 highest trackable value,
///              float64 integer-to-double ratio (1.0), payload (see PackedHistogram)
/// ```
/// All integers big-endian.
package enum HistogramCodec {
    package static let encodingCookie: UInt32 = 0x1c84_9313
    package static let compressedCookie: UInt32 = 0x1c84_9314
    static let headerSize = 40
    /// Largest counts array a decoded header may ask for (protects against hostile files).
    static let maximumCountsLength = 1 << 24

    /// The compressed V2 encoding of `histogram`.
    package static func encode(_ histogram: PackedHistogram) -> [UInt8] {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(headerSize + histogram.payload.count)
        append(encodingCookie, to: &encoded)
        append(UInt32(histogram.payload.count), to: &encoded)
        append(UInt32(0), to: &encoded)
        append(UInt32(histogram.settings.significantDigits), to: &encoded)
        append(histogram.settings.lowestDiscernibleValue, to: &encoded)
        append(histogram.settings.highestTrackableValue, to: &encoded)
        append(Double(1.0).bitPattern, to: &encoded)
        encoded.append(contentsOf: histogram.payload)

        let deflated = Zlib.compress(encoded)
        var compressed: [UInt8] = []
        compressed.reserveCapacity(8 + deflated.count)
        append(compressedCookie, to: &compressed)
        append(UInt32(deflated.count), to: &compressed)
        compressed.append(contentsOf: deflated)
        return compressed
    }

    /// The base64 text of the compressed V2 encoding (starts with `HISTFAAA`).
    package static func encodeBase64(_ histogram: PackedHistogram) -> String {
        Data(encode(histogram)).base64EncodedString()
    }

    /// Convenience: encodes a live histogram.
    package static func encodeBase64(_ histogram: Histogram<UInt64>) -> String {
        encodeBase64(PackedHistogram(histogram))
    }

    /// Decodes base64 text of a compressed V2 histogram.
    package static func decode(base64 text: String) throws(HistogramDecodingError) -> PackedHistogram {
        guard let data = Data(base64Encoded: text) else {
            throw HistogramDecodingError(.badBase64, "the histogram is not valid base64")
        }
        return try decode(compressed: [UInt8](data))
    }

    /// Decodes a compressed V2 histogram.
    package static func decode(compressed bytes: [UInt8]) throws(HistogramDecodingError) -> PackedHistogram {
        guard bytes.count >= 8 else {
            throw HistogramDecodingError(.truncated, "\(bytes.count) bytes is too short for a compressed histogram")
        }
        let cookie = UInt32(readInteger(bytes, at: 0, size: 4))
        guard cookie == compressedCookie else {
            throw HistogramDecodingError(
                .badCookie,
                "compressed cookie 0x\(String(cookie, radix: 16)) is not V2 (0x1c849314)"
            )
        }
        let length = Int(readInteger(bytes, at: 4, size: 4))
        guard length <= bytes.count - 8 else {
            throw HistogramDecodingError(.truncated, "zlib stream of \(length) bytes, only \(bytes.count - 8) present")
        }
        let encoded = try Zlib.decompress(Array(bytes[8..<(8 + length)]), limit: headerSize + maximumCountsLength * 9)
        return try decode(encoded: encoded)
    }

    /// Decodes an uncompressed V2 histogram.
    package static func decode(encoded: [UInt8]) throws(HistogramDecodingError) -> PackedHistogram {
        guard encoded.count >= headerSize else {
            throw HistogramDecodingError(.truncated, "\(encoded.count) bytes is too short for a V2 header")
        }
        let cookie = UInt32(readInteger(encoded, at: 0, size: 4))
        guard cookie == encodingCookie else {
            throw HistogramDecodingError(
                .badCookie,
                "encoding cookie 0x\(String(cookie, radix: 16)) is not V2 (0x1c849313)"
            )
        }
        let payloadLength = Int(readInteger(encoded, at: 4, size: 4))
        let normalizingOffset = readInteger(encoded, at: 8, size: 4)
        let digits = Int(readInteger(encoded, at: 12, size: 4))
        let lowest = readInteger(encoded, at: 16, size: 8)
        let highest = readInteger(encoded, at: 24, size: 8)
        guard normalizingOffset == 0 else {
            throw HistogramDecodingError(.badHeader, "normalizing index offsets are not supported")
        }
        guard payloadLength <= encoded.count - headerSize else {
            throw HistogramDecodingError(
                .truncated,
                "payload of \(payloadLength) bytes, only \(encoded.count - headerSize) present"
            )
        }
        let settings = try validatedSettings(lowest: lowest, highest: highest, digits: digits)
        let payload = Array(encoded[headerSize..<(headerSize + payloadLength)])
        return try PackedHistogram(settings: settings, payload: payload)
    }

    /// Settings from a header, rejecting anything hdrhistogram-swift would trap on.
    static func validatedSettings(
        lowest: UInt64,
        highest: UInt64,
        digits: Int
    ) throws(HistogramDecodingError) -> HistogramSettings {
        guard (1...5).contains(digits) else {
            throw HistogramDecodingError(.badHeader, "\(digits) significant digits (supported: 1 to 5)")
        }
        guard lowest >= 1, lowest <= UInt64(Int64.max) / 2, highest <= UInt64(Int64.max), highest >= 2 * lowest else {
            throw HistogramDecodingError(.badHeader, "value range \(lowest)…\(highest) is not valid")
        }
        let settings = HistogramSettings(
            lowestDiscernibleValue: lowest,
            highestTrackableValue: highest,
            significantDigits: digits
        )
        // The same bound hdrhistogram-swift's initialiser enforces with a precondition.
        let layout = HistogramLayout(settings)
        guard layout.unitMagnitude + layout.subBucketHalfCountMagnitude <= 61 else {
            throw HistogramDecodingError(.badHeader, "lowest value \(lowest) leaves no room for \(digits) digits")
        }
        guard layout.countsLength <= maximumCountsLength else {
            throw HistogramDecodingError(.badHeader, "value range \(lowest)…\(highest) needs too many counts")
        }
        return settings
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    private static func readInteger(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
