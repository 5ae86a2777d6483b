/// HdrHistogram's variable-length integer: ZigZag, then LEB128 with at most 9 bytes where the 9th byte
/// carries a full 8 bits (Java `ZigZagEncoding`, C `hdr_encoding.c`).
package enum ZigZagLEB128 {
    /// Appends `value` to `bytes`.
    package static func append(_ value: Int64, to bytes: inout [UInt8]) {
        var v = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        for _ in 0..<8 {
            if v >> 7 == 0 {
                bytes.append(UInt8(v))
                return
            }
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: v))
    }

    /// Reads one value at `offset`, advancing it; `nil` if the bytes end mid-value.
    package static func read(_ bytes: some RandomAccessCollection<UInt8>, at offset: inout Int) -> Int64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var index = bytes.index(bytes.startIndex, offsetBy: offset)
        for byteNumber in 0..<9 {
            guard index != bytes.endIndex else { return nil }
            let byte = bytes[index]
            index = bytes.index(after: index)
            offset += 1
            if byteNumber == 8 {
                result |= UInt64(byte) << 56
                break
            }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        return Int64(bitPattern: (result >> 1) ^ (0 &- (result & 1)))
    }
}
