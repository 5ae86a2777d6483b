/// A map from integers to integers with open addressing (linear probing, a multiplicative hash):
/// ``StateComponents`` numbers a state's entities through one, built anew for every configuration
/// the partial-order reduction looks at, and `Dictionary<Int, Int>`'s seeded SipHash was most of
/// that cost (`perf`). Hand-written: no listed package has an integer hash map; entries are never
/// removed.
struct IntMap {
    private var keys: [Int]
    private var values: [Int]
    private var mask: Int
    private(set) var count = 0
    /// Marks an empty slot; a key equal to it is not supported.
    private static let empty = Int.min

    init(capacity: Int = 16) {
        var n = 16
        while n < capacity * 2 { n <<= 1 }
        keys = Array(repeating: Self.empty, count: n)
        values = Array(repeating: 0, count: n)
        mask = n - 1
    }

    private func slot(_ key: Int) -> Int {
        // Fibonacci hashing: the multiplication spreads consecutive keys over the table.
        let h = UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> 32) & mask
    }

    subscript(key: Int) -> Int? {
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == Self.empty { return nil }
            i = (i + 1) & mask
        }
    }

    /// Sets `key`'s value (`key` must not be `Int.min`).
    mutating func set(_ key: Int, _ value: Int) {
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key {
                values[i] = value
                return
            }
            if k == Self.empty {
                keys[i] = key
                values[i] = value
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: Self.empty, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (k, v) in zip(oldKeys, oldValues) where k != Self.empty { set(k, v) }
    }
}
