import Foundation
import Protocol
import Testing

@Suite("Base64url without padding")
struct Base64URLTests {
    /// Foundation's standard base64 with the url alphabet swapped in and the padding removed.
    static func reference(_ bytes: [UInt8]) -> String {
        var s = Data(bytes).base64EncodedString()
        s = s.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while s.hasSuffix("=") { s.removeLast() }
        return s
    }

    @Test(
        "Encoding agrees with Foundation's base64 (url alphabet, no padding) and decoding inverts it, for every length 0…64"
    )
    func roundTrip() {
        var rng = SystemRandomNumberGenerator()
        for length in 0...64 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
                let text = Base64URL.encode(bytes)
                #expect(text == Self.reference(bytes))
                if length > 0 { #expect(Base64URL.decode(text) == bytes) }
            }
        }
    }

    @Test(
        "Decoding refuses the empty text, padding, the standard alphabet's + and /, other bytes, and a length of 4k+1"
    )
    func refuses() {
        for bad in ["", "QQ==", "QQ=", "a+bc", "a/bc", "ab c", "abcde", "é", "ab\u{0}c"] {
            #expect(Base64URL.decode(bad) == nil, "\(bad)")
        }
        #expect(Base64URL.decode("QQ") == [65])
        #expect(Base64URL.decode("_-8") == [0xFF, 0xEF])
    }
}
