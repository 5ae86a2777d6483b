import Protocol
import Testing

/// docs/PROTOCOL.md §1.4: the one parser of request dates is total (no input traps), takes a
/// fraction of any length truncated to milliseconds, and requires an offset.
@Suite("ISO-8601 request dates")
struct GamebaseDateParsingTests {
    /// 2099-01-01T00:00:00Z.
    static let base: Int64 = 4_070_908_800_000
    static let digits = "987654321098765432109876543210987654321"

    @Test("a fraction of any length is truncated to milliseconds, never rounded", arguments: 0...39)
    func fractionLength(_ n: Int) {
        let fraction = n == 0 ? "" : "." + Self.digits.prefix(n)
        let expected = Self.base + [0, 900, 980, 987][min(n, 3)]
        #expect(GamebaseDate.parseISO8601("2099-01-01T00:00:00\(fraction)Z") == expected, "\(n) digits")
        #expect(GamebaseDate.parseISO8601("2099-01-01T09:00:00\(fraction)+09:00") == expected, "\(n) digits")
    }

    @Test("the reported request: six fraction digits parse")
    func reportedDate() {
        #expect(GamebaseDate.parseISO8601("2099-01-01T00:00:00.123456Z") == Self.base + 123)
        #expect(GamebaseDate.parseISO8601("2099-01-01T00:00:59.9999999Z") == Self.base + 59_999, "stays in second 59")
    }

    @Test(
        "accepted forms: Z, z, ±HH:MM, t or space, -00:00, year 0000 and 9999, Feb 29 of a leap year, a leap second",
        arguments: [
            ("2099-01-01T00:00:00Z", base),
            ("2099-01-01T00:00:00z", base),
            ("2099-01-01t00:00:00Z", base),
            ("2099-01-01 00:00:00Z", base),
            ("2099-01-01T00:00:00+00:00", base),
            ("2099-01-01T00:00:00-00:00", base),
            ("2098-12-31T15:00:00-09:00", base),
            ("2099-01-01T23:59:00+23:59", base),
            ("2024-02-29T00:00:00Z", 1_709_164_800_000),
            ("2000-02-29T00:00:00Z", 951_782_400_000),
            ("2016-12-31T23:59:60Z", 1_483_228_800_000),
            ("0000-01-01T00:00:00Z", -62_167_219_200_000),
            ("9999-12-31T23:59:59.999Z", GamebaseDate.maxMilliseconds),
        ] as [(String, Int64)]
    )
    func accepted(_ text: String, _ ms: Int64) {
        #expect(GamebaseDate.parseISO8601(text) == ms, "\(text)")
    }

    @Test(
        "malformed dates, a date without an offset included, are nil",
        arguments: [
            "", " ", "x", "Z", "2099", "2099-01-01", "2099-01-01T", "2099-01-01T00:00", "2099-01-01T00:00:00",
            "2099-01-01T00:00:00.123456", "2099-01-01T00:00:00.Z", "2099-01-01T00:00:00.", "2099-01-01T00:00:00+0900",
            "2099-01-01T00:00:00+09", "2099-01-01T00:00:00+9:00", "2099-01-01T00:00:00 09:00",
            "2099-01-01T00:00:00+24:00",
            "2099-01-01T00:00:00+09:60", "2099-01-01T00:00:00ZZ", "2099-01-01T00:00:00Z ", " 2099-01-01T00:00:00Z",
            "2099-01-01T00:00:00+09:00:00", "2099-01-01T00:00:00UTC", "2099-01-01T00:00:00GMT+9",
            "2099-01-01X00:00:00Z",
            "2099-1-01T00:00:00Z", "2099-01-1T00:00:00Z", "2099-01-01T0:00:00Z", "20990-01-01T00:00:00Z",
            "99999999999999999999-01-01T00:00:00Z", "+12099-01-01T00:00:00Z", "-2099-01-01T00:00:00Z",
            "2099-00-01T00:00:00Z", "2099-13-01T00:00:00Z", "2099-01-00T00:00:00Z", "2099-01-32T00:00:00Z",
            "2099-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2099-04-31T00:00:00Z", "2099-01-01T24:00:00Z",
            "2099-01-01T00:60:00Z", "2099-01-01T00:00:61Z", "2099-01-01T00:00:00,5Z", "2099-01-01T00:00:00.-1Z",
            "２０９９-01-01T00:00:00Z", "2099-01-01T00:00:00.１Z", "2099-01-01T00:00:00\u{0}Z", "2099-01-01T00:00:00Z\u{0}",
            "2099/01/01T00:00:00Z", "2099-01-01T00:00:00.5e3Z", "2099-01-01T00:00:00+", "2099-01-01T00:00:00-",
            "2099-01-01T00:00:00+09:", "2099-01-01T00:00:00+09:0", "1e400",
            "2099-01-01T00:00:00." + String(repeating: "9", count: 100_000),
        ]
    )
    func malformed(_ text: String) {
        #expect(GamebaseDate.parseISO8601(text) == nil, "\(text.prefix(40))")
    }

    @Test("a fraction of 100,000 digits before a Z is still read, truncated")
    func hugeFraction() {
        let text = "2099-01-01T00:00:00." + String(repeating: "9", count: 100_000) + "Z"
        #expect(GamebaseDate.parseISO8601(text) == Self.base + 999)
    }

    @Test("every prefix and every one-byte change of valid dates parses or is nil, without trapping")
    func total() {
        var seeds = ["2099-01-01T00:00:00.123456+09:00", "9999-12-31T23:59:60.999-23:59", "0000-01-01t00:00:00z"]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var bytes = Array(seeds[Int.random(in: 0..<seeds.count, using: &rng)].utf8)
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
            case 1: bytes.remove(at: at)
            default: bytes.insert(UInt8.random(in: 0x20...0x7E, using: &rng), at: at)
            }
            seeds.append(String(decoding: bytes, as: UTF8.self))
        }
        for text in seeds {
            for end in text.indices { _ = GamebaseDate.parseISO8601(String(text[..<end])) }
            if let ms = GamebaseDate.parseISO8601(text) {
                #expect(ms >= -62_167_219_200_000 - 86_400_000 && ms <= GamebaseDate.maxMilliseconds + 86_400_000)
            }
        }
    }

    @Test(
        "the formatter's output parses back, fractions and all",
        arguments: [Int64(-1), 0, 999, 1_000, 4_070_908_800_123]
    )
    func roundTrip(_ ms: Int64) {
        #expect(GamebaseDate.parseISO8601(GamebaseDate.iso8601(milliseconds: ms)) == ms)
    }
}
