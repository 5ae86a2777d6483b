import CZlib
import Engine

/// zlib (RFC 1950) through the system library, for HdrHistogram's compressed encoding.
enum Zlib {
    /// Deflates `bytes` into a zlib stream (best compression, as Java writes).
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &capacity, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        // compressBound guarantees room; any other failure is out of memory, which Swift would trap on anyway.
        precondition(status == Z_OK, "zlib compress2 failed with status \(status)")
        output.removeSubrange(Int(capacity)...)
        return output
    }

    /// Inflates a zlib stream whose output is at most `limit` bytes.
    static func decompress(_ bytes: [UInt8], limit: Int) throws(HistogramDecodingError) -> [UInt8] {
        var capacity = max(256, bytes.count * 8)
        while true {
            var length = uLongf(capacity)
            var output = [UInt8](repeating: 0, count: capacity)
            let status = output.withUnsafeMutableBufferPointer { out in
                bytes.withUnsafeBufferPointer { input in
                    uncompress(out.baseAddress, &length, input.baseAddress, uLong(input.count))
                }
            }
            switch status {
            case Z_OK:
                output.removeSubrange(Int(length)...)
                return output
            case Z_BUF_ERROR where capacity < limit:
                capacity = min(limit, capacity * 4)
            case Z_BUF_ERROR:
                throw HistogramDecodingError(.zlib, "the histogram inflates to more than \(limit) bytes")
            default:
                throw HistogramDecodingError(.zlib, "the zlib stream is corrupt (zlib status \(status))")
            }
        }
    }
}
