import Foundation
import Protocol
import Testing
import Transport

@Suite("Wire types and helpers")
struct WireTests {
    @Test(
        "ISO-8601 formatting round-trips epoch milliseconds",
        arguments: [
            Int64(0), 1_763_710_500_123, 951_782_400_000, -86_400_001, 253_402_300_799_999,
        ]
    )
    func isoRoundTrip(ms: Int64) {
        let text = GamebaseDate.iso8601(milliseconds: ms)
        #expect(GamebaseDate.parseISO8601(text) == ms)
    }

    @Test("ISO-8601 parsing accepts offsets, Z and missing fractions")
    func isoParsing() {
        #expect(GamebaseDate.iso8601(milliseconds: 0) == "1970-01-01T00:00:00.000+00:00")
        #expect(GamebaseDate.parseISO8601("2019-08-27T17:41:05+09:00") == 1_566_895_265_000)
        #expect(GamebaseDate.parseISO8601("2019-08-27T08:41:05Z") == 1_566_895_265_000)
        #expect(GamebaseDate.parseISO8601("2019-08-27T08:41:05.5Z") == 1_566_895_265_500)
        for bad in ["", "2019-08-27", "2019-13-01T00:00:00Z", "2019-08-27T25:00:00Z", "2019-08-27T08:41:05+0900", "x"] {
            #expect(GamebaseDate.parseISO8601(bad) == nil, "\(bad)")
        }
    }

    @Test("semantics decode fills missing keys with defaults and keeps explicit nulls")
    func semanticsDefaults() throws {
        let json = #"{"mapping": {"forcingTicketLifetimeSeconds": 60}, "transferAccount": {"blockSeconds": null}}"#
        let s = try JSONDecoder().decode(Semantics.self, from: Data(json.utf8))
        #expect(s.mapping.forcingTicketLifetimeSeconds == 60)
        #expect(s.mapping.addPrecedence == [ResultCode(3305), ResultCode(3303), ResultCode(3302)])
        #expect(s.transferAccount.blockSeconds == nil, "explicit null = permanent block")
        #expect(s.transferAccount.failThreshold == 5)
        #expect(s.tokens.lifetimeSeconds == 86_400)
        let empty = try JSONDecoder().decode(Semantics.self, from: Data("{}".utf8))
        #expect(empty == Semantics.default)
        let roundTrip = try JSONDecoder().decode(Semantics.self, from: JSONEncoder().encode(s))
        #expect(roundTrip == s)
    }

    @Test("credential formats accept only their alphabet and documented lengths")
    func credentialFormats() {
        #expect(CredentialFormat.digits.accepts("198704206255"))
        #expect(!CredentialFormat.digits.accepts("19870420625"))
        #expect(!CredentialFormat.digits.accepts("19870420625a"))
        #expect(CredentialFormat.digitsLowerUpper.accepts("Zw548q7zE"))
        #expect(!CredentialFormat.lowerUpper.accepts("Zw548q7zE"))
        #expect(CredentialFormat.disabled.accepts(""))
    }

    @Test("result codes carry their documented names")
    func resultCodeNames() {
        #expect(ResultCode(3302).name == "AUTH_ADD_MAPPING_ALREADY_MAPPED_TO_OTHER_MEMBER")
        #expect(ResultCode.success.name == "SUCCESS")
        #expect(ResultCode(-4010004).name == "INVALID_SECRET_KEY")
        #expect(ResultCode(12345).name == "UNKNOWN_12345")
        #expect(ResultCode.allKnown.contains(.transferAccountBlock))
    }

    @Test("paths percent-encode user-supplied segments")
    func pathEncoding() {
        #expect(Endpoint.mapping("gbfuzz", IdPCode("a/b")) == "/tcgb-gateway/v1.3/apps/gbfuzz/auth/mappings/a%2Fb")
        #expect(Endpoint.percentEncoded("a b+c~") == "a%20b%2Bc~")
        #expect(Endpoint.percentEncoded("AZaz09-._~") == "AZaz09-._~")
        #expect(Endpoint.percentEncoded("é/") == "%C3%A9%2F")
        #expect(Endpoint.percentEncoded("") == "")
    }

    @Test("every path is the one docs/PROTOCOL.md gives, with the app id and path parameters in place")
    func paths() {
        let g = "/tcgb-gateway/v1.3/apps/A"
        let m = "/tcgb-member/v1.3/apps/A"
        let t = "/tcgb-test/v1/apps/A"
        let cases: [(String, String)] = [
            (Endpoint.login("A"), "\(g)/auth/login"),
            (Endpoint.tokenLogin("A"), "\(g)/auth/login/token"),
            (Endpoint.changeLogin("A"), "\(g)/auth/login/change"),
            (Endpoint.logout("A"), "\(g)/auth/logout"),
            (Endpoint.ownMember("A"), "\(g)/auth/member"),
            (Endpoint.mappings("A"), "\(g)/auth/mappings"),
            (Endpoint.mappingsForcibly("A"), "\(g)/auth/mappings/forcibly"),
            (Endpoint.mapping("A", .google), "\(g)/auth/mappings/google"),
            (Endpoint.temporaryWithdrawal("A"), "\(g)/auth/temporary-withdrawal"),
            (Endpoint.transferAccount("A"), "\(g)/auth/transfer-account"),
            (Endpoint.transferAccountLogin("A"), "\(g)/auth/transfer-account/login"),
            (Endpoint.transferKey("A"), "\(g)/auth/transfer-key"),
            (Endpoint.transferKeyLogin("A"), "\(g)/auth/transfer-key/login"),
            (
                Endpoint.tokenAuthentication("A", userId: "U 1", accessToken: "T", linkedIdP: true),
                "\(g)/members/U%201/tokens/T?linkedIdP=true"
            ),
            (
                Endpoint.idPTokenAndProfile("A", userId: "U", accessToken: "T/"),
                "\(g)/members/U/tokens/T%2F/idp-profile"
            ),
            (Endpoint.getMember("A", userId: "U"), "\(m)/members/U"),
            (Endpoint.getMembers("A"), "\(m)/members"),
            (Endpoint.idPMembers("A", idPCode: .line), "\(g)/idps/line/members"),
            (Endpoint.ban("A"), "\(g)/members/ban"),
            (Endpoint.validateTransferAccount("A"), "\(g)/members/transfer-account"),
            (Endpoint.serverWithdraw("A", userId: "U", regUser: "r u"), "\(g)/members/U?regUser=r%20u"),
            (
                Endpoint.withdrawHistories("A", begin: "b", end: "e", eventLogType: "WAA"),
                "\(m)/logs/withdrawal?begin=b&end=e&page=0&size=100&order=ASC&eventLogType=WAA"
            ),
            (Endpoint.maintenance("A"), "\(g)/maintenance"),
            (Endpoint.maintenanceStart("A"), "\(g)/maintenance/start"),
            (Endpoint.testSemantics("A"), "\(t)/semantics"),
            (Endpoint.testClock("A"), "\(t)/clock"),
            (Endpoint.testClockAdvance("A"), "\(t)/clock/advance"),
            (Endpoint.testClockFreeze("A"), "\(t)/clock/freeze"),
            (Endpoint.testMaintenance("A"), "\(t)/maintenance"),
            (Endpoint.testMaintenanceStart("A"), "\(t)/maintenance/start"),
            (Endpoint.testGraceBan("A", userId: "U"), "\(t)/members/U/grace-ban"),
            (Endpoint.testPayment("A", userId: "U"), "\(t)/members/U/payment"),
            (Endpoint.testReset("A"), "\(t)/reset"),
            (Endpoint.testBugs("A"), "\(t)/bugs"),
        ]
        for (path, expected) in cases { #expect(path == expected) }
    }
}
