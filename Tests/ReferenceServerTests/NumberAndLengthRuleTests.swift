import RequestInput
import Testing

/// docs/PROTOCOL.md §1.3 "Numbers" and "Lengths", at the level of the shared code paths every
/// endpoint reads through (``NumberText``, ``Validator``, ``QueryReader``, ``ObjectReader``).
@Suite("Numbers and lengths: the shared readers", .timeLimit(.minutes(1)))
struct NumberAndLengthRuleTests {
    @Test(
        "a number whose value is a whole number within 64 bits is that integer, however it is written",
        arguments: [
            ("2", 2), ("2.0", 2), ("2.000", 2), ("1E0", 1), ("1e0", 1), ("1E+0", 1), ("20e-1", 2), ("0.2e1", 2),
            ("-0", 0), ("0.0", 0), ("-0.0e-5", 0), ("0e999", 0), ("0e99999999999999999999999", 0), ("-7", -7),
            ("1e18", 1_000_000_000_000_000_000), ("9223372036854775807", .max), ("-9223372036854775808", .min),
            ("9.223372036854775807e18", .max), ("92233720368547758070e-1", .max),
            ("100000000000000000000e-20", 1),
        ] as [(String, Int64)]
    )
    func wholeNumbers(_ text: String, _ value: Int64) {
        #expect(NumberText.integer(text) == .exact(value), "\(text)")
    }

    @Test(
        "a value with a fractional part is a fraction",
        arguments: [
            "2.5", "-0.5", "1e-1", "1e-400", "2.0000000000000000001", "1.5e0", "25e-1", "1e-99999999999999999999",
        ]
    )
    func fractions(_ text: String) {
        #expect(NumberText.integer(text) == .fraction, "\(text)")
    }

    @Test(
        "a whole value beyond 64 bits is out of range, whatever its length or exponent",
        arguments: [
            "9223372036854775808", "-9223372036854775809", "1e19", "1e400", "-1e400", "1e99999999999999999999",
            "18446744073709551616", "1.5e400", String(repeating: "9", count: 100_000),
        ]
    )
    func beyond64Bits(_ text: String) {
        #expect(NumberText.integer(text) == .beyond64Bits, "\(text.prefix(30))")
    }

    @Test(
        "text that is not exactly one JSON number is not a number",
        arguments: [
            "", " 1", "1 ", "+1", "01", "-01", "0x10", "1.", ".5", "1e", "1e+", "--1", "a", "1,000", "١", "NaN",
        ]
    )
    func notNumbers(_ text: String) {
        #expect(NumberText.integer(text) == nil, "\(text)")
    }

    @Test("integers: whole → value, fraction or non-number → row 8, beyond 64 bits → row 10")
    func integerRows() {
        func kind(_ reading: NumberText.Integer?) -> Validator.Kind? {
            let v = Validator()
            _ = v.integer(reading, "n")
            return v.finding?.kind
        }
        #expect(kind(.exact(2)) == nil)
        #expect(kind(.fraction) == .wrongType)
        #expect(kind(nil) == .wrongType)
        #expect(kind(.beyond64Bits) == .inappropriateValue)
    }

    @Test("query integers and JSON integers read the same way")
    func queryAndBodyAgree() {
        for text in ["2", "2.0", "1E0", "-0", "2.5", "1e400", "+2", "02"] {
            let q = Validator()
            let fromQuery = QueryReader(values: ["n": text], q).integer("n")
            let b = Validator()
            let fromBody = JSONParser.parse(Array(#"{"n":\#(text)}"#.utf8)).flatMap { json -> Int64? in
                guard case .object(let o) = json else { return nil }
                return ObjectReader(o, b).int("n")
            }
            if JSONParser.parse(Array(text.utf8)) != nil {
                #expect(fromQuery == fromBody, "\(text)")
                #expect(q.finding?.kind == b.finding?.kind, "\(text)")
            } else {
                #expect(fromQuery == nil && q.finding?.kind == .wrongType, "\(text) is not a number")
            }
        }
    }

    @Test("the 1,024 limit counts Unicode code points, for every kind of string value")
    func lengthLimit() {
        let ok = String(repeating: "é", count: 1024)  // 2,048 UTF-8 bytes, 1,024 code points
        let long = String(repeating: "a", count: 1025)
        let combining = String(repeating: "e\u{301}", count: 513)  // 513 characters, 1,026 code points
        for (value, tooLong) in [(ok, false), (long, true), (combining, true)] {
            let v = Validator()
            v.limitLength(value, "s")
            #expect((v.finding?.kind == .tooLong) == tooLong)

            let query = Validator()
            _ = QueryReader(values: ["q": value], query).string("q")
            #expect((query.finding?.kind == .tooLong) == tooLong, "query parameter")

            let body = Validator()
            _ = ObjectReader(["o": .object(["s": .string(value)]), "l": .array([.string(value)])], body)
                .object("o")?.string("s")
            #expect((body.finding?.kind == .tooLong) == tooLong, "nested JSON string")

            let list = Validator()
            _ = ObjectReader(["l": .array([.string(value)])], list).strings("l", maxCount: 1)
            #expect((list.finding?.kind == .tooLong) == tooLong, "list entry")
        }
        // A header: a device id has a format (row 10) that outranks its length.
        let header = Validator()
        _ = header.deviceId(long)
        #expect(header.finding?.kind == .inappropriateValue)
    }
}
