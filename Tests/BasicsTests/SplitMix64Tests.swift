import Basics
import Testing

@Suite("SplitMix64, the one PRNG")
struct SplitMix64Tests {
    @Test("the stream of a seed is fixed across platforms and releases (reference values of Steele, Lea and Flood)")
    func referenceValues() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("nextUnit stays in [0, 1) and spreads over it")
    func unitInterval() {
        var rng = SplitMix64(seed: 7)
        var buckets = [Int](repeating: 0, count: 10)
        for _ in 0..<10_000 {
            let u = rng.nextUnit()
            #expect(u >= 0 && u < 1)
            buckets[Int(u * 10)] += 1
        }
        #expect(buckets.allSatisfy { $0 > 800 && $0 < 1_200 }, "\(buckets)")
    }
}
