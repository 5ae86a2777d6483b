import Protocol

extension EdgeValue {
    /// How a ``EdgeValue/dateForm(_:)`` edge writes a date a request carries (§1.4): another form
    /// of the same instant, or one §1.4 refuses.
    package enum DateForm: String, Hashable, Sendable, Codable, CaseIterable {
        /// In the `+09:00` offset: the same instant, nine hours ahead on the clock face.
        case offset
        /// With a lowercase `t` and `z`.
        case lowercase
        /// With a space instead of `T`.
        case space
        /// With a fraction of seven digits (`.1239999`): truncated to `.123`, never rounded.
        case longFraction
        /// Without an offset: a local time of an unknown zone, -4000005.
        case noOffset
        /// With the offset `+0900` (no colon): -4000005.
        case compactOffset

        /// The instant `ms` (epoch ms) written this way.
        package func text(_ ms: Int64) -> String {
            let utc = GamebaseDate.iso8601(milliseconds: ms)
            let ahead = String(GamebaseDate.iso8601(milliseconds: ms + 9 * 3_600_000).dropLast(6))
            let local = String(utc.dropLast(6))  // without `+00:00`
            switch self {
            case .offset: return ahead + "+09:00"
            case .lowercase: return local.replacingFirst("T", with: "t") + "z"
            case .space: return local.replacingFirst("T", with: " ") + "Z"
            case .longFraction: return local + "9999Z"
            case .noOffset: return local
            case .compactOffset: return ahead + "+0900"
            }
        }

        /// Whether §1.4 reads this form (as the same instant); the others are -4000005 (row 10).
        package var isValid: Bool { self != .noOffset && self != .compactOffset }
    }
}

extension String {
    /// The string with the first `target` character replaced.
    fileprivate func replacingFirst(_ target: Character, with replacement: Character) -> String {
        guard let i = firstIndex(of: target) else { return self }
        var s = self
        s.replaceSubrange(i...i, with: String(replacement))
        return s
    }
}
