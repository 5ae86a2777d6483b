import Histogram

/// The one histogram configuration every histogram of a run shares, so any two can be merged exactly.
///
/// **Unit: microseconds.** The default tracks 1 µs … 1 h at 3 significant digits (resolution 1 µs up to
/// 2.048 ms, then 0.1 % of the value). Values above the highest trackable value are clamped to it and
/// counted in ``Recording/clampedValues``; values below 1 µs are recorded as 0.
public struct HistogramSettings: Sendable, Hashable, Codable {
    public var lowestDiscernibleValue: UInt64
    public var highestTrackableValue: UInt64
    public var significantDigits: Int

    /// The unit of every recorded value, as written in JSON (`"us"`).
    public static let unit = "us"

    public init(
        lowestDiscernibleValue: UInt64 = 1,
        highestTrackableValue: UInt64 = 3_600_000_000,
        significantDigits: Int = 3
    ) {
        precondition((1...5).contains(significantDigits), "significant digits must be 1...5")
        precondition(lowestDiscernibleValue >= 1 && highestTrackableValue >= 2 * lowestDiscernibleValue)
        self.lowestDiscernibleValue = lowestDiscernibleValue
        self.highestTrackableValue = highestTrackableValue
        self.significantDigits = significantDigits
    }

    public static let standard = HistogramSettings()

    /// A new, empty histogram with these settings.
    public func makeHistogram() -> Histogram<UInt64> {
        Histogram<UInt64>(
            lowestDiscernibleValue: lowestDiscernibleValue,
            highestTrackableValue: highestTrackableValue,
            numberOfSignificantValueDigits: SignificantDigits(rawValue: Int8(significantDigits))!
        )
    }

    /// The settings of an existing histogram.
    public init(of histogram: Histogram<UInt64>) {
        self.init(
            lowestDiscernibleValue: histogram.lowestDiscernibleValue,
            highestTrackableValue: histogram.highestTrackableValue,
            significantDigits: Int(histogram.numberOfSignificantValueDigits.rawValue)
        )
    }
}
