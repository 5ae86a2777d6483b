import Histogram

/// The one histogram configuration every histogram of a run shares, so any two can be merged exactly.
///
/// **Unit: microseconds.** The default tracks 1 µs … 1 h at 3 significant digits (resolution 1 µs up to
/// 2.048 ms, then 0.1 % of the value). Values above the highest trackable value are clamped to it and
/// counted in ``Recording/clampedValues``; values below 1 µs are recorded as 0.
package struct HistogramSettings: Sendable, Hashable, Codable {
    package var lowestDiscernibleValue: UInt64
    package var highestTrackableValue: UInt64
    package var significantDigits: Int

    /// The unit of every recorded value, as written in JSON (`"us"`).
    package static let unit = "us"

    package init(
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

    package static let standard = HistogramSettings()

    /// A new, empty histogram with these settings. With the standard settings it is a copy of one
    /// empty histogram made once: its counts are copied (one block copy) on its first record, where
    /// building one zeroes them element by element in the histogram package's unspecialized
    /// generic code (an interval's roll-over makes dozens).
    package func makeHistogram() -> Histogram<UInt64> {
        self == .standard ? Self.standardEmpty : fresh()
    }

    private static let standardEmpty = HistogramSettings.standard.fresh()

    private func fresh() -> Histogram<UInt64> {
        Histogram<UInt64>(
            lowestDiscernibleValue: lowestDiscernibleValue,
            highestTrackableValue: highestTrackableValue,
            numberOfSignificantValueDigits: SignificantDigits(rawValue: Int8(significantDigits))!
        )
    }

    /// The settings of an existing histogram.
    package init(of histogram: Histogram<UInt64>) {
        self.init(
            lowestDiscernibleValue: histogram.lowestDiscernibleValue,
            highestTrackableValue: histogram.highestTrackableValue,
            significantDigits: Int(histogram.numberOfSignificantValueDigits.rawValue)
        )
    }
}
