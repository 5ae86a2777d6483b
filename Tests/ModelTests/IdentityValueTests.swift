import Basics
import Model
import Protocol
import Testing

/// The values the harness makes up stay the values they always were: a reproducer names them
/// through its salt and operation ids, so a faster way of drawing them must draw the same strings.
@Suite("Identities: made-up values")
struct IdentityValueTests {
    /// The first way of drawing (by `Character`), kept as the reference.
    static func draw(_ salt: String, _ alphabet: [Character], _ n: Int, _ purpose: String, _ op: Int, _ index: Int)
        -> String
    {
        var rng = SplitMix64(seed: StableHash.of(purpose, salt, String(op), String(index)))
        return String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
    }

    static let alnum = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    static func chosen(_ salt: String, _ format: CredentialFormat, _ purpose: String, op: Int) -> String {
        let alphabet = format == .disabled ? alnum : format.alphabet
        var chars = Array(draw(salt, alphabet, 20, purpose, op, 0))
        let classes: [[Character]] = [
            Array("0123456789"), Array("abcdefghijklmnopqrstuvwxyz"), Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        ]
        for (i, cls) in classes.enumerated() where cls.contains(where: alphabet.contains) {
            chars[i] = cls[Int(StableHash.of(purpose, salt, String(op), String(i)) % UInt64(cls.count))]
        }
        return String(chars)
    }

    @Test("Every made-up value equals the one the first way of drawing gave", arguments: ["t", "r7f3a.s0.p3.e2"])
    func sameValues(salt: String) {
        let ids = Identities(salt: salt)
        for op in [0, 1, 2, 17, 999, 123_456, -1] {
            for format in CredentialFormat.allCases {
                for purpose in ["unknown-id", "wrong-pw", "renew"] {
                    let value = ids.chosen(format, purpose, op: op)
                    #expect(value == Self.chosen(salt, format, purpose, op: op))
                    #expect(value.utf8.count == 20)
                    if format != .disabled { #expect(format.accepts(value), "\(format) \(value)") }
                }
            }
            #expect(
                ids.unknownUser(op: op, index: 3)
                    == Self.draw(salt, Array("ABCDFGHJKLMNPQRSTWXYZ1346789"), 16, "user", op, 3)
            )
            #expect(
                ids.garbageToken(op: op)
                    == Self.draw(salt, Self.alnum + ["-", "_"], 43, "token", op, 0)
            )
            #expect(ids.garbageForcingKey(op: op) == Self.draw(salt, Self.alnum, 32, "fkey", op, 0))
            #expect(ids.garbageTransferKey(op: op) == Self.draw(salt, Self.alnum, 8, "tkey", op, 0))
            #expect(ids.malformedIdPToken(op: op) == "not-a-token." + Self.draw(salt, Self.alnum, 12, "idp", op, 0))
        }
    }
}
