import Testing

@testable import ReferenceServer

/// The bad-input rows 6 and 8 rest on this parser telling valid JSON, types and numbers apart.
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
        if case .int(1)? = o["a"] {} else { Issue.record("a: \(String(describing: o["a"]))") }
        if case .number(-25)? = o["b"] {} else { Issue.record("b") }
        if case .bool(true)? = o["c"] {} else { Issue.record("c") }
        if case .null? = o["d"] {} else { Issue.record("d") }
        if case .array(let items)? = o["e"] { #expect(items.count == 2) } else { Issue.record("e") }
        if case .string(let f)? = o["f"] { #expect(f == "é😀\n") } else { Issue.record("f") }
        if case .number(let big)? = parse("123456789012345678901234567890") {
            #expect(big > 1e29)
        } else {
            Issue.record("big")
        }
    }

    @Test(
        "rejects malformed documents",
        arguments: [
            "", "{", "}", "{\"a\":}", "{\"a\" 1}", "[1,]", "[1 2]", "01", "1.", ".5", "-", "1e", "+1", "tru", "nul",
            "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "\"a\nb\"", "{\"a\":1} x", "NaN", "1e999", "'a'", "{a:1}",
            String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
        ]
    )
    func invalid(_ text: String) {
        #expect(parse(text) == nil, "\(text.prefix(20))")
    }
}
