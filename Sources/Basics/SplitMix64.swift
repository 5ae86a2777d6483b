/// SplitMix64 (Steele, Lea, Flood 2014): the seeded generator of the harness. Deterministic across
/// platforms; never `SystemRandomNumberGenerator`.
package struct SplitMix64: RandomNumberGenerator, Hashable, Sendable, Codable {
    package var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1) with 53 random bits.
    package mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
