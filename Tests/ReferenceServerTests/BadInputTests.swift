import Foundation
import Protocol
import Testing

/// Rule X2 per endpoint family: each case names the row of docs/PROTOCOL.md §1.3 it pins down,
/// often with a lower-ranked problem present too, to pin the order.
@Suite("Bad input (X2) per endpoint family", .timeLimit(.minutes(2)))
struct BadInputTests {
    typealias Case = (
        name: String, method: String, path: String, headers: [(String, String)], body: String?, contentType: String?,
        code: ResultCode
    )

    func run(_ server: TestServer, _ cases: [Case]) async throws {
        for c in cases {
            let r = try await server.raw(c.method, c.path, headers: c.headers, body: c.body, contentType: c.contentType)
            #expect(r.status == 200, "\(c.name)")
            #expect(r.header.resultCode == c.code, "\(c.name): got \(r.header.resultCode) \(r.header.resultMessage)")
        }
    }

    @Test("X2 client operations: path, app id, size, content type, JSON, missing, type, enum, value, length — in order")
    func clientOperations() async throws {
        try await withServer { server in
            let p = server.authPrefix
            let dev = ("X-TCGB-Device-Id", "dev-1")
            let json = "application/json"
            let long = String(repeating: "a", count: 1025)
            let huge = String(repeating: " ", count: (1 << 20) + 1)
            let cases: [Case] = [
                ("1 method not allowed", "PUT", p + "/login", [dev], "{}", json, .wrongURI),
                ("1 unknown path", "POST", p + "/loginx", [dev], "{}", json, .wrongURI),
                (
                    "2 app id before missing device", "POST", "/tcgb-gateway/v1.3/apps/nope/auth/login", [], "{", json,
                    .invalidAppID
                ),
                ("4 size before content type", "POST", p + "/login", [dev], huge, "text/plain", .parameterTooLong),
                ("5 content type before JSON", "POST", p + "/login", [dev], "{", "text/plain", .wrongContentType),
                ("5 no content type", "POST", p + "/login", [dev], #"{"idPCode":"guest"}"#, nil, .wrongContentType),
                ("6 JSON before missing device", "POST", p + "/login", [], "{", json, .malformedJSON),
                ("6 array instead of object", "POST", p + "/login", [dev], "[]", json, .malformedJSON),
                ("6 empty body", "POST", p + "/login", [dev], "", json, .malformedJSON),
                (
                    "7 missing device before wrong type", "POST", p + "/login", [], #"{"idPCode":5}"#, json,
                    .missingParameter
                ),
                ("7 missing idPCode", "POST", p + "/login", [dev], #"{"accessToken":"x"}"#, json, .missingParameter),
                (
                    "7 null counts as missing", "POST", p + "/login", [dev], #"{"idPCode":null}"#, json,
                    .missingParameter
                ),
                ("8 wrong type", "POST", p + "/login", [dev], #"{"idPCode":5}"#, json, .wrongParameterType),
                (
                    "8 wrong type flag", "POST", p + "/login", [dev],
                    #"{"idPCode":"guest","ignoreAlreadyLoggedIn":"yes"}"#, json, .wrongParameterType
                ),
                (
                    "8 before bad device", "POST", p + "/login", [("X-TCGB-Device-Id", "bad id!")], #"{"idPCode":[]}"#,
                    json, .wrongParameterType
                ),
                (
                    "9 bad enum before bad device", "PUT", p + "/transfer-account", [("X-TCGB-Device-Id", "bad id!")],
                    #"{"renewalModeType":"SOMETIMES"}"#, json, .undefinedValue
                ),
                (
                    "7 AUTO needs a target", "PUT", p + "/transfer-account", [dev], #"{"renewalModeType":"AUTO"}"#,
                    json, .missingParameter
                ),
                (
                    "10 malformed device id", "GET", p + "/member", [("X-TCGB-Device-Id", "bad id!")], nil, nil,
                    .inappropriateValue
                ),
                (
                    "10 before too long", "POST", p + "/login", [("X-TCGB-Device-Id", "bad id!")],
                    #"{"idPCode":"google","accessToken":"\#(long)"}"#, json, .inappropriateValue
                ),
                (
                    "11 too long", "POST", p + "/login", [dev], #"{"idPCode":"google","accessToken":"\#(long)"}"#, json,
                    .parameterTooLong
                ),
                (
                    "7 transfer login fields", "POST", p + "/transfer-account/login", [dev], #"{"accountId":"1"}"#,
                    json, .missingParameter
                ),
                (
                    "8 transfer key expiresIn", "POST", p + "/transfer-key", [dev], #"{"expiresIn":1.5}"#, json,
                    .wrongParameterType
                ),
                (
                    "7 forcibly fields", "POST", p + "/mappings/forcibly", [dev], #"{"idPCode":"google"}"#, json,
                    .missingParameter
                ),
                ("7 device on bodiless call", "POST", p + "/logout", [], nil, nil, .missingParameter),
            ]
            try await run(server, cases)
            // Unknown fields are ignored; a body sent to an endpoint that takes none is ignored.
            let ok = try await server.raw(
                "POST",
                p + "/login",
                headers: [dev],
                body: #"{"idPCode":"guest","extra":{"x":[1,2]}}"#
            )
            #expect(ok.header.resultCode == .success)
            let ignored = try await server.raw(
                "POST",
                p + "/logout",
                headers: [dev],
                body: "not json",
                contentType: "text/plain"
            )
            #expect(ignored.header.resultCode == .notLoggedIn)
        }
    }

    @Test("X2 Server API: secret, body shape, fields, enums, values and list limits of E1–E15")
    func serverAPI() async throws {
        try await withServer { server in
            let g = server.gatewayPrefix
            let m = server.memberPrefix
            let key = server.secret
            let json = "application/json"
            let ids301 = "[" + (0...300).map { "\"u\($0)\"" }.joined(separator: ",") + "]"
            let ids10001 = "[" + (0...10_000).map { "\"u\($0)\"" }.joined(separator: ",") + "]"
            let cases: [Case] = [
                ("3 missing secret", "GET", m + "/members/X", [], nil, nil, .invalidSecretKey),
                ("3 wrong secret", "GET", m + "/members/X", [("X-Secret-Key", "nope")], nil, nil, .invalidSecretKey),
                (
                    "2 app id before secret", "GET", "/tcgb-member/v1.3/apps/other/members/X", [], nil, nil,
                    .invalidAppID
                ),
                ("1 unknown method", "PUT", m + "/members/X", [key], nil, nil, .wrongURI),
                (
                    "E1 linkedIdP type", "GET", g + "/members/U/tokens/T?linkedIdP=maybe", [key], nil, nil,
                    .wrongParameterType
                ),
                ("E4 object instead of array", "POST", m + "/members", [key], "{}", json, .malformedJSON),
                ("E4 wrong element type", "POST", m + "/members", [key], "[1]", json, .wrongParameterType),
                ("E4 more than 300", "POST", m + "/members", [key], ids301, json, .parameterTooLong),
                ("E7 more than 300", "POST", g + "/idps/google/members", [key], ids301, json, .parameterTooLong),
                (
                    "E8 missing type", "POST", g + "/members/ban", [key], #"{"userIdList":["A"]}"#, json,
                    .missingParameter
                ),
                (
                    "E8 empty list", "POST", g + "/members/ban", [key], #"{"userIdList":[],"banTypeCode":"PERMANENT"}"#,
                    json, .missingParameter
                ),
                (
                    "E8 bad type", "POST", g + "/members/ban", [key],
                    #"{"userIdList":["A"],"banTypeCode":"SOMETIMES"}"#, json, .undefinedValue
                ),
                (
                    "E8 bad end", "POST", g + "/members/ban", [key],
                    #"{"userIdList":["A"],"banTypeCode":"TEMPORARY","end":"soon"}"#, json, .inappropriateValue
                ),
                (
                    "E8 wrong templateCode type", "POST", g + "/members/ban", [key],
                    #"{"userIdList":["A"],"banTypeCode":"PERMANENT","templateCode":"x"}"#, json, .wrongParameterType
                ),
                (
                    "E8 more than 10000", "POST", g + "/members/ban", [key],
                    #"{"banTypeCode":"PERMANENT","userIdList":\#(ids10001)}"#, json, .parameterTooLong
                ),
                ("E11 no body", "DELETE", g + "/members/ban", [key], nil, nil, .malformedJSON),
                ("E11 missing list", "DELETE", g + "/members/ban", [key], "{}", json, .missingParameter),
                ("E13 missing account", "POST", g + "/members/transfer-account", [key], "{}", json, .missingParameter),
                (
                    "E13 wrong id type", "POST", g + "/members/transfer-account", [key],
                    #"{"account":{"id":5,"password":"x"}}"#, json, .wrongParameterType
                ),
                ("E14 missing regUser", "DELETE", g + "/members/U", [key], nil, nil, .missingParameter),
                (
                    "E14 regUser with space", "DELETE", g + "/members/U?regUser=a%20b", [key], nil, nil,
                    .inappropriateValue
                ),
                (
                    "E14 regUser too long", "DELETE", g + "/members/U?regUser=" + String(repeating: "r", count: 65),
                    [key], nil, nil, .inappropriateValue
                ),
                (
                    "E15 missing begin", "GET", m + "/logs/withdrawal?end=2026-01-01T00:00:00Z", [key], nil, nil,
                    .missingParameter
                ),
                (
                    "E15 bad begin", "GET", m + "/logs/withdrawal?begin=x&end=2026-01-01T00:00:00Z", [key], nil, nil,
                    .inappropriateValue
                ),
                (
                    "E15 begin after end", "GET",
                    m + "/logs/withdrawal?begin=2027-01-01T00:00:00Z&end=2026-01-01T00:00:00Z", [key], nil, nil,
                    .inappropriateValue
                ),
                (
                    "E15 order", "GET",
                    m + "/logs/withdrawal?begin=2026-01-01T00:00:00Z&end=2026-01-02T00:00:00Z&order=UP", [key], nil,
                    nil, .undefinedValue
                ),
                (
                    "E15 size", "GET",
                    m + "/logs/withdrawal?begin=2026-01-01T00:00:00Z&end=2026-01-02T00:00:00Z&size=0", [key], nil, nil,
                    .inappropriateValue
                ),
                (
                    "E15 page type", "GET",
                    m + "/logs/withdrawal?begin=2026-01-01T00:00:00Z&end=2026-01-02T00:00:00Z&page=a", [key], nil, nil,
                    .wrongParameterType
                ),
                (
                    "E15 event type", "GET",
                    m + "/logs/withdrawal?begin=2026-01-01T00:00:00Z&end=2026-01-02T00:00:00Z&eventLogType=WHAT", [key],
                    nil, nil, .undefinedValue
                ),
            ]
            try await run(server, cases)
            // Semantic failures after good input.
            #expect(try await server.client.getMember(userId: "NOSUCHUSER").resultCode == .memberNotExist)
            #expect(
                try await server.client.serverWithdraw(userId: "NOSUCHUSER", regUser: "ops").resultCode
                    == .memberNotExist
            )
            #expect(
                try await server.client.tokenAuthentication(userId: "U", accessToken: "T").resultCode
                    == .gatewayInvalidAccessToken
            )
        }
    }

    @Test("X2 test control: secret, unknown paths and body checks")
    func testControl() async throws {
        try await withServer { server in
            let t = server.testPrefix
            let key = server.secret
            let json = "application/json"
            let cases: [Case] = [
                ("3 missing secret", "GET", t + "/clock", [], nil, nil, .invalidSecretKey),
                ("1 unknown path", "GET", t + "/nothing", [key], nil, nil, .wrongURI),
                ("advance missing", "POST", t + "/clock/advance", [key], "{}", json, .missingParameter),
                ("advance type", "POST", t + "/clock/advance", [key], #"{"seconds":"10"}"#, json, .wrongParameterType),
                (
                    "advance negative", "POST", t + "/clock/advance", [key], #"{"seconds":-1}"#, json,
                    .inappropriateValue
                ),
                ("freeze type", "POST", t + "/clock/freeze", [key], #"{"frozen":"yes"}"#, json, .wrongParameterType),
                (
                    "grace-ban period", "POST", t + "/members/U/grace-ban", [key], #"{"gracePeriodSeconds":0}"#, json,
                    .inappropriateValue
                ),
                (
                    "grace-ban condition", "POST", t + "/members/U/grace-ban", [key],
                    #"{"releaseRuleCondition":{"amount":1,"count":1,"currency":"USD","conditionType":"XOR"}}"#, json,
                    .undefinedValue
                ),
            ]
            try await run(server, cases)
        }
    }
}
