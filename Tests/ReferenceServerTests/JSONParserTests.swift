import RequestInput
import Testing

/// The bad-input rows 6, 8 and 10 rest on this parser telling valid JSON, types and numbers apart.
@Suite("JSON parser used for bad-input checks", .timeLimit(.minutes(1)))
struct JSONParserTests {
    func parse(_ s: String) -> JSONValue? { JSONParser.parse(Array(s.utf8)) }

    @Test("accepts RFC 8259 documents and keeps integers, fractions, booleans and null apart")
    func valid() throws {
        guard
            case .object(let o)? = parse(
                #" { "a" : 1, "b": -2.5e1, "c": true, "d": null, "e": [ "x", {} ], "f": "\u00e9\ud83d\ude00\n" } "#
            )
        else {
            Issue.record("not an object")
            return
        }
        if case .number(let a)? = o["a"], a.integer == .exact(1) {
        } else {
            Issue.record("a: \(String(describing: o["a"]))")
        }
        if case .number(let b)? = o["b"], b.integer == .exact(-25), b.double == -25 {} else { Issue.record("b") }
        if case .bool(true)? = o["c"] {} else { Issue.record("c") }
        if case .null? = o["d"] {} else { Issue.record("d") }
        if case .array(let items)? = o["e"] { #expect(items.count == 2) } else { Issue.record("e") }
        if case .string(let f)? = o["f"] { #expect(f == "é😀\n") } else { Issue.record("f") }
        if case .number(let big)? = parse("123456789012345678901234567890") {
            #expect(big.double > 1e29)
            #expect(big.integer == .beyond64Bits)
        } else {
            Issue.record("big")
        }
        if case .number(let huge)? = parse("1e400") {
            #expect(huge.integer == .beyond64Bits, "valid JSON; too large for any field")
            #expect(!huge.double.isFinite)
        } else {
            Issue.record("1e400 is valid JSON")
        }
        if case .number(let tiny)? = parse("1e-400") {
            #expect(tiny.integer == .fraction)
        } else {
            Issue.record("tiny")
        }
    }

    @Test(
        "rejects malformed documents",
        arguments: [
            "", "{", "}", "{\"a\":}", "{\"a\" 1}", "[1,]", "[1 2]", "01", "1.", ".5", "-", "1e", "+1", "tru", "nul",
            "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "\"a\nb\"", "{\"a\":1} x", "NaN", "Infinity", "-Infinity", "'a'",
            "{a:1}",
            "1e+", "1e-", "-01", "0x10", "1.e5", "--1", "1.5.5", "1e5e5",
            String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
        ]
    )
    func invalid(_ text: String) {
        #expect(parse(text) == nil, "\(text.prefix(20))")
    }
}
