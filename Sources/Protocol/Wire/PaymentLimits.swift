/// What test control's payment call accepts (docs/PROTOCOL.md §4): a whole amount of 1 to
/// 1,000,000,000 in a currency written as three capital letters (ISO 4217 style); anything else
/// is -4000005 INAPPROPRIATE_VALUE and changes nothing.
package enum PaymentLimits {
    package static let amounts: ClosedRange<Int> = 1...1_000_000_000

    /// An amount as a JSON number: whole and within ``amounts``.
    package static func isAmount(_ x: Double) -> Bool {
        x.rounded() == x && x >= Double(amounts.lowerBound) && x <= Double(amounts.upperBound)
    }

    package static func isCurrency(_ s: String) -> Bool {
        s.utf8.count == 3 && s.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
}
