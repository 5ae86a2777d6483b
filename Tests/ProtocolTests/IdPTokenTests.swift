import Crypto
import Protocol
import Testing

@Suite("IdP test tokens (F1)")
struct IdPTokenTests {
    let signer = IdPTokenSigner(secret: "s3cret")

    @Test("a minted token verifies to the account it names")
    func mintedTokenVerifies() {
        let account = IdPAccount(.google, "alice-1")
        let token = signer.mint(account, issuedAt: 1_763_710_500_000)
        #expect(signer.verify(token) == account)
        #expect(!token.contains("="), "base64url without padding")
    }

    @Test("a token is its payload and a one-shot HMAC-SHA256 of it, minted again and again from concurrent tasks")
    func signaturesMatchOneShotHMAC() async {
        let signer = self.signer
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var bad = 0
                    for i in 0..<300 {
                        // Ids of every length mod 3, issue times negative and past 32 bits.
                        let id = String(repeating: "p", count: i % 7) + "\(task)-\(i)"
                        let issuedAt = Int64(i - 150) * 1_000_000_007
                        let token = signer.mint(IdPAccount(.google, id), issuedAt: issuedAt)
                        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                        if parts.count != 2 || Base64URL.decode(parts[0]) != Array("google:\(id):\(issuedAt)".utf8) {
                            bad += 1
                            continue
                        }
                        let expected = HMAC<SHA256>.authenticationCode(
                            for: Array(parts[0].utf8),
                            using: SymmetricKey(data: Array("s3cret".utf8))
                        )
                        if Base64URL.decode(parts[1]) != Array(expected) { bad += 1 }
                    }
                    return bad
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("a forged token (signed with another key) does not verify")
    func forgedTokenFails() {
        let account = IdPAccount(.facebook, "bob")
        #expect(signer.verify(signer.forge(account)) == nil)
        #expect(IdPTokenSigner(secret: "other").verify(signer.mint(account)) == nil)
    }

    @Test("tampering with the payload or signature breaks verification", arguments: [0, 5, -1])
    func tamperingFails(position: Int) {
        var bytes = Array(signer.mint(IdPAccount(.line, "carol")).utf8)
        let i = position >= 0 ? position : bytes.count + position
        bytes[i] = bytes[i] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(signer.verify(String(decoding: bytes, as: UTF8.self)) == nil)
    }

    @Test(
        "malformed tokens are rejected, never crash",
        arguments: ["", ".", "abc", "a.b.c", "!!!.???", "Zm9v.", ".Zm9v"]
    )
    func malformedTokens(token: String) {
        #expect(signer.verify(token) == nil)
    }

    @Test("plain mode trusts the token as the idPId")
    func plainMode() {
        #expect(signer.resolve("dave", idPCode: .naver, mode: .plain) == IdPAccount(.naver, "dave"))
        #expect(signer.resolve("", idPCode: .naver, mode: .plain) == nil)
        #expect(signer.resolve("dave", idPCode: .naver, mode: .hmac) == nil)
    }
}
