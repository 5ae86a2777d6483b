/// FNV-1a, for stable derivation of values from strings (not for security).
package enum StableHash {
    package static func of(_ parts: String...) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for p in parts {
            for b in p.utf8 {
                h ^= UInt64(b)
                h = h &* 0x100_0000_01b3
            }
            h ^= 0xff
            h = h &* 0x100_0000_01b3
        }
        return h
    }
}
