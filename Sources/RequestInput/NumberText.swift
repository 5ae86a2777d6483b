/// The one reading of numbers in requests (docs/PROTOCOL.md §1.3, "Numbers"): JSON body numbers
/// and integer query parameters both go through ``integer(_:)``, which decides exactly, from the
/// decimal text and without floating point, whether the value is a whole number that fits in 64
/// bits. `2`, `2.0`, `1E0`, `20e-1` and `-0` are whole; `2.5` and `1e-400` are not; `1e400`
/// and twenty nines are whole but too large. Linear in the text's length, for any exponent.
package enum NumberText {
    /// What a number's value is when an integer is expected.
    package enum Integer: Equatable, Sendable {
        /// A whole number within 64 bits, however it was written.
        case exact(Int64)
        /// A value with a non-zero fractional part.
        case fraction
        /// A whole number outside -2^63 … 2^63-1.
        case beyond64Bits
    }

    /// The JSON number (RFC 8259 §6) that starts at `start`: where it ends and its integer
    /// reading; nil when no number starts there.
    package static func read(_ bytes: [UInt8], from start: Int) -> (end: Int, integer: Integer)? {
        var i = start
        func digits() -> Range<Int>? {
            let first = i
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            return i > first ? first..<i : nil
        }
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { return nil }
        let integerPart: Range<Int>
        if bytes[i] == UInt8(ascii: "0") {
            integerPart = i..<(i + 1)
            i += 1
        } else {
            guard let r = digits() else { return nil }
            integerPart = r
        }
        var fractionPart = i..<i
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard let r = digits() else { return nil }
            fractionPart = r
        }
        var exponent: Int64 = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var sign: Int64 = 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                if bytes[i] == UInt8(ascii: "-") { sign = -1 }
                i += 1
            }
            guard let r = digits() else { return nil }
            // Saturates: an exponent beyond 10^12 outweighs any mantissa a request can carry.
            for k in r where exponent < 1_000_000_000_000 {
                exponent = exponent * 10 + Int64(bytes[k] - UInt8(ascii: "0"))
            }
            exponent *= sign
        }
        let mantissa = Mantissa(bytes: bytes, integerPart: integerPart, fractionPart: fractionPart)
        return (i, mantissa.integer(negative: negative, exponent: exponent))
    }

    /// The integer reading of `text`, or nil when `text` is not exactly one JSON number
    /// (no sign `+`, no leading zeros, no spaces, no hexadecimal, not empty).
    package static func integer(_ text: some StringProtocol) -> Integer? {
        let bytes = Array(text.utf8)
        guard let (end, integer) = read(bytes, from: 0), end == bytes.count else { return nil }
        return integer
    }

    /// The digits of a number's integer and fraction parts, seen as one digit string.
    private struct Mantissa {
        let bytes: [UInt8]
        let integerPart: Range<Int>
        let fractionPart: Range<Int>

        var count: Int { integerPart.count + fractionPart.count }

        func digit(_ k: Int) -> UInt8 {
            let at =
                k < integerPart.count ? integerPart.lowerBound + k : fractionPart.lowerBound + k - integerPart.count
            return bytes[at] - UInt8(ascii: "0")
        }

        /// value = ± mantissa × 10^(exponent - fraction digits)
        func integer(negative: Bool, exponent: Int64) -> Integer {
            guard let first = (0..<count).first(where: { digit($0) != 0 }),
                let last = (0..<count).last(where: { digit($0) != 0 })
            else { return .exact(0) }  // zero, whatever its sign, fraction or exponent
            // value = ± (digits first…last) × 10^scale, the digit string without zeros at either end
            let scale = exponent + Int64(integerPart.count - 1 - last)
            guard scale >= 0 else { return .fraction }
            guard Int64(last - first + 1) + scale <= 19 else { return .beyond64Bits }
            var magnitude: UInt64 = 0  // at most 19 digits: below 10^19 < 2^64
            for k in first...last { magnitude = magnitude * 10 + UInt64(digit(k)) }
            for _ in 0..<scale { magnitude *= 10 }
            let limit = UInt64(Int64.max) + (negative ? 1 : 0)
            guard magnitude <= limit else { return .beyond64Bits }
            if negative { return .exact(magnitude == limit ? .min : -Int64(magnitude)) }
            return .exact(Int64(magnitude))
        }
    }

    package static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}
