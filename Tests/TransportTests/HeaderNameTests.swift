import Basics
import Testing
import Transport

@Suite("Header names compare ignoring case")
struct HeaderNameTests {
    /// Names from ASCII letters in both cases, digits, dashes and a few non-ASCII characters whose
    /// lowercase differs in bytes or length (É, İ, the Kelvin sign, Σ).
    static func name(_ rng: inout SplitMix64) -> String {
        let pieces = ["a", "A", "z", "Z", "x", "-", "0", "k", "K", "é", "É", "İ", "i̇", "\u{212A}", "Σ", "σ", "ς"]
        let length = Int(rng.next() % 5)
        return (0..<length).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
    }

    @Test("A name matches exactly when the lowercased names are equal")
    func sameNameIsLowercasedEquality() {
        var rng = SplitMix64(seed: 7)
        var equal = 0
        for _ in 0..<20_000 {
            let a = Self.name(&rng)
            let b =
                rng.next() % 2 == 0
                ? Self.name(&rng) : a.map { rng.next() % 2 == 0 ? $0.uppercased() : String($0) }.joined()
            let expected = a.lowercased() == b.lowercased()
            #expect(HTTPHeaders.sameName(a, b) == expected, "\(a) vs \(b)")
            if expected { equal += 1 }
        }
        #expect(equal > 2_000)
    }

    @Test("Look-up and replacement find a field whatever the case")
    func lookUpIgnoresCase() {
        var headers: HTTPHeaders = [HTTPHeader("X-TCGB-Transaction-Id", "t1"), HTTPHeader("Content-Type", "a")]
        #expect(headers["x-tcgb-transaction-id"] == "t1")
        #expect(headers["CONTENT-TYPE"] == "a")
        #expect(headers["Content-Typ"] == nil && headers["Content-Types"] == nil)
        headers.set("content-type", "b")
        #expect(headers.count == 2 && headers["Content-Type"] == "b")
    }
}
