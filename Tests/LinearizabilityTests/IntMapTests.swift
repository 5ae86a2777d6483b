import Basics
import Testing

@testable import Linearizability

@Suite("IntMap: the integer hash map the partial-order reduction numbers entities with")
struct IntMapTests {
    @Test("Holds what a Dictionary holds, through growth, for negative and colliding keys")
    func agreesWithDictionary() {
        var rng = SplitMix64(seed: 7)
        var map = IntMap()
        var reference: [Int: Int] = [:]
        for step in 0..<20_000 {
            // Keys from a small range collide and are overwritten; multiples of the table size and
            // negative keys (StateComponents's unnamed entities) are included.
            let key: Int
            switch step % 4 {
            case 0: key = Int(rng.next() % 3_000)
            case 1: key = -1 - Int(rng.next() % 500)
            case 2: key = Int(rng.next() % 64) << 20
            default: key = Int(truncatingIfNeeded: rng.next() >> 1)
            }
            let value = Int(truncatingIfNeeded: rng.next())
            map.set(key, value)
            reference[key] = value
        }
        #expect(map.count == reference.count)
        for (k, v) in reference { #expect(map[k] == v) }
        var absent = 0
        for k in 3_000..<3_500 where reference[k] == nil {
            absent += 1
            #expect(map[k] == nil)
        }
        #expect(absent > 0)
    }
}
