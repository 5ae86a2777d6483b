import Foundation

/// HdrHistogram's counts-array layout, recomputed from (L, H, digits) exactly as hdrhistogram-swift,
/// Java and Python do, so encoded counts can be mapped back to values.
///
/// hdrhistogram-swift keeps its `counts` array internal; this lets the V2 codec work from the public
/// iterators and `record(_:count:)` alone.
package struct HistogramLayout: Sendable, Hashable {
    package let unitMagnitude: Int
    package let subBucketHalfCountMagnitude: Int
    package let subBucketCount: Int
    package let subBucketHalfCount: Int
    /// Length of the counts array for the highest trackable value.
    package let countsLength: Int
    private let subBucketMask: UInt64
    private let leadingZeroCountBase: Int

    package init(_ settings: HistogramSettings) {
        // Same floating-point formulas as hdrhistogram-swift's initialiser, to agree on every edge.
        let largestValueWithSingleUnitResolution = 2 * pow(10.0, Double(settings.significantDigits))
        unitMagnitude = Int(log2(Double(settings.lowestDiscernibleValue)))
        let subBucketCountMagnitude = Int(log2(largestValueWithSingleUnitResolution).rounded(.up))
        subBucketHalfCountMagnitude = max(subBucketCountMagnitude, 1) - 1
        subBucketCount = 1 << subBucketCountMagnitude
        subBucketHalfCount = subBucketCount / 2
        subBucketMask = UInt64(subBucketCount - 1) << UInt64(unitMagnitude)
        leadingZeroCountBase = 64 - unitMagnitude - subBucketCountMagnitude

        // Shifted past 63 bits this would be 0 and the loop below endless: such settings, which
        // hdrhistogram-swift refuses and HistogramCodec rejects, still get a layout.
        var smallestUntrackableValue =
            unitMagnitude + subBucketCountMagnitude < 64 ? UInt64(subBucketCount) << UInt64(unitMagnitude) : .max
        var bucketsNeeded = 1
        while smallestUntrackableValue <= settings.highestTrackableValue {
            if smallestUntrackableValue > UInt64.max / 2 {
                bucketsNeeded += 1
                break
            }
            smallestUntrackableValue <<= 1
            bucketsNeeded += 1
        }
        countsLength = (bucketsNeeded + 1) * subBucketHalfCount
    }

    /// The counts index a value is recorded at.
    package func countsIndex(for value: UInt64) -> Int {
        let bucketIndex = leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
        let subBucketIndex = Int(value >> UInt64(bucketIndex + unitMagnitude))
        return ((bucketIndex + 1) << subBucketHalfCountMagnitude) + (subBucketIndex - subBucketHalfCount)
    }

    /// The lowest value recorded at a counts index.
    package func value(atIndex index: Int) -> UInt64 {
        var bucketIndex = (index >> subBucketHalfCountMagnitude) - 1
        var subBucketIndex = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
        if bucketIndex < 0 {
            subBucketIndex -= subBucketHalfCount
            bucketIndex = 0
        }
        return UInt64(subBucketIndex) << UInt64(bucketIndex + unitMagnitude)
    }

    /// The highest value recorded at a counts index (hdrhistogram-swift's `highestEquivalentForValue`
    /// of ``value(atIndex:)``).
    package func highestValue(atIndex index: Int) -> UInt64 {
        let bucketIndex = max((index >> subBucketHalfCountMagnitude) - 1, 0)
        return value(atIndex: index) + ((1 << UInt64(bucketIndex + unitMagnitude)) - 1)
    }
}
