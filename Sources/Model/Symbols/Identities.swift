import Basics
import Protocol

/// Concretises a player's symbolic identities: device ids, IdP account ids, and the values the
/// harness chooses (manual-renew credentials, deliberately wrong or unknown values). All derive
/// from `salt`, so a fresh salt gives a fresh, private world (the shrinker uses one per candidate).
package struct Identities: Hashable, Sendable, Codable {
    /// `[A-Za-z0-9.-]`, e.g. `r7f3a.s0.p3.e2`.
    package var salt: String
    package init(salt: String) { self.salt = salt }

    /// `<salt>.d<index>`; every fourth device's id (d1, d5…: a player's second device) is padded
    /// to the longest a device id may be (128 characters, §1.2), so a server that truncates or
    /// refuses a valid long id is seen.
    package func device(_ d: DeviceRef) -> String {
        let id = "\(salt).d\(d.index)"
        guard d.index % 4 == 1, id.utf8.count < EdgeValue.maxDeviceIdLength - 1 else { return id }
        return EdgeValue.stretch(id + ".", to: EdgeValue.maxDeviceIdLength, pad: "x_-")
    }

    /// The idPId (`authKey`) of an account; for guest, the device id holding the key.
    package func idPId(_ a: AccountRef) -> String {
        a.isGuest ? device(DeviceRef(a.index)) : "\(salt).\(a.idPCode.rawValue).\(a.index)"
    }

    package func idPAccount(_ a: AccountRef) -> IdPAccount { IdPAccount(a.idPCode, idPId(a)) }

    /// The account a concrete idPId names, when it is one of this salt's.
    package func account(idPCode: IdPCode, idPId: String) -> AccountRef? {
        let prefix = idPCode == .guest ? "\(salt).d" : "\(salt).\(idPCode.rawValue)."
        let rest = idPId.dropFirst(prefix.count)
        guard idPId.hasPrefix(prefix), let i = Int(rest.prefix { $0 != "." }) else { return nil }
        let a = AccountRef(idPCode, i)
        return idPId == self.idPId(a) ? a : nil
    }

    /// A userId (16 characters of the Gamebase alphabet) that no server issued.
    package func unknownUser(op: Int, index: Int = 0) -> String {
        draw(Self.userAlphabet, 16, "user", op, index)
    }
    /// A 43-character base64url token no server issued.
    package func garbageToken(op: Int) -> String { draw(Self.base64URL, 43, "token", op, 0) }
    package func garbageForcingKey(op: Int) -> String { draw(Self.alnum, 32, "fkey", op, 0) }
    package func garbageTransferKey(op: Int) -> String { draw(Self.alnum, 8, "tkey", op, 0) }
    /// A malformed IdP access token.
    package func malformedIdPToken(op: Int) -> String { "not-a-token." + draw(Self.alnum, 12, "idp", op, 0) }

    /// A value of `format` chosen by the harness (manual renew; unknown ids; wrong passwords),
    /// 20 characters long so it never equals a server-generated value of minimum length.
    package func chosen(_ format: CredentialFormat, _ purpose: String, op: Int) -> String {
        let (alphabet, classes) = Self.formats[format] ?? (Self.alnum, [])
        var v = Array(draw(alphabet, 20, purpose, op, 0).utf8)
        // Every character class the format has must appear, so the value is valid for any reading.
        for i in classes {
            let cls = Self.classes[i]
            v[i] = cls[Int(StableHash.of(purpose, salt, String(op), String(i)) % UInt64(cls.count))]
        }
        return String(decoding: v, as: UTF8.self)
    }

    // The alphabets as ASCII bytes: values are drawn a byte at a time (`Character` arrays and
    // comparisons were most of an unknown id's cost, measurable per operation).
    static let alnum = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    static let userAlphabet = Array("ABCDFGHJKLMNPQRSTWXYZ1346789".utf8)
    static let base64URL = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// Digits, lower case, upper case: the classes a chosen value shows when its format has them.
    static let classes = [
        Array("0123456789".utf8), Array("abcdefghijklmnopqrstuvwxyz".utf8), Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8),
    ]
    /// Per format: its alphabet (`alnum` for `.disabled`) and the indices of the classes it has.
    static let formats: [CredentialFormat: (alphabet: [UInt8], classes: [Int])] = Dictionary(
        uniqueKeysWithValues: CredentialFormat.allCases.map { format in
            let alphabet = format == .disabled ? alnum : format.alphabet.map { $0.asciiValue! }
            return (format, (alphabet, classes.indices.filter { classes[$0].contains(where: alphabet.contains) }))
        }
    )

    private func draw(_ alphabet: [UInt8], _ n: Int, _ purpose: String, _ op: Int, _ index: Int) -> String {
        var rng = SplitMix64(seed: StableHash.of(purpose, salt, String(op), String(index)))
        return String(unsafeUninitializedCapacity: n) { buffer in
            for i in 0..<n { buffer[i] = alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            return n
        }
    }
}
