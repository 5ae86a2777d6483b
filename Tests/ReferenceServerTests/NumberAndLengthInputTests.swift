import Foundation
import Protocol
import Testing

/// docs/PROTOCOL.md §1.3 "Numbers" and "Lengths" over HTTP, one case per kind of value: JSON
/// integer fields, integer query parameters, path parameters, JSON strings at depth, list entries,
/// query parameters and headers.
@Suite("Numbers and lengths over HTTP (X2)", .timeLimit(.minutes(2)))
struct NumberAndLengthInputTests {
    typealias Case = BadInputTests.Case

    /// An integer member of a member object of a reply.
    static func int(_ json: [String: Any], _ object: String, _ key: String) -> Int64? {
        ((json[object] as? [String: Any])?[key] as? NSNumber)?.int64Value
    }

    func run(_ server: TestServer, _ cases: [Case]) async throws {
        try await BadInputTests().run(server, cases)
        #expect(try await server.client.testClock().resultCode == .success, "the server still answers")
    }

    @Test("an integer written 2.0 or 1E0 is that integer; a fraction is -4000001; beyond 64 bits is -4000005")
    func jsonIntegers() async throws {
        var semantics = Semantics.default
        semantics.transferKey.enabled = true
        try await withServer(semantics) { server in
            try await server.freeze()
            let t = server.testPrefix
            let key = server.secret
            let before = try #require(try await server.client.testClock().body.clock?.offsetMs)
            var total: Int64 = 0
            for (seconds, value) in [("1E0", 1), ("2.0", 2), ("20e-1", 2), ("-0", 0), ("0.0", 0)] as [(String, Int64)] {
                let r = try await server.raw(
                    "POST",
                    t + "/clock/advance",
                    headers: [key],
                    body: #"{"seconds":\#(seconds)}"#
                )
                #expect(r.header.resultCode == .success, "\(seconds): \(r.header.resultMessage)")
                total += value
                #expect(Self.int(r.json, "clock", "offsetMs") == before + total * 1000, "\(seconds)")
            }
            let s = try await server.guest()
            let auth = [("X-TCGB-Device-Id", s.device), ("Authorization", "Bearer \(s.token)")]
            let now = try #require(try await server.client.testClock().body.clock?.now)
            let grace = try await server.raw(
                "POST",
                t + "/members/\(s.userId)/grace-ban",
                headers: [key],
                body: #"{"gracePeriodSeconds":6.0e1}"#
            )
            #expect(Self.int(grace.json, "graceBanInfo", "gracePeriodDate") == now + 60_000)
            let key60 = try await server.raw(
                "POST",
                server.authPrefix + "/transfer-key",
                headers: auth,
                body: #"{"expiresIn":6E1}"#
            )
            #expect(Self.int(key60.json, "transferKey", "expireDate") == now + 60_000)
            let p = server.authPrefix
            let g = server.gatewayPrefix
            let json = "application/json"
            let ban = #"{"userIdList":["A"],"banTypeCode":"PERMANENT","templateCode":"#
            let rule = #"{"releaseRuleCondition":{"currency":"USD","conditionType":"OR","#
            let cases: [Case] = [
                ("fraction", "POST", t + "/clock/advance", [key], #"{"seconds":2.5}"#, json, .wrongParameterType),
                (
                    "tiny fraction", "POST", t + "/clock/advance", [key], #"{"seconds":1e-400}"#, json,
                    .wrongParameterType
                ),
                ("1e400", "POST", t + "/clock/advance", [key], #"{"seconds":1e400}"#, json, .inappropriateValue),
                (
                    "20 digits", "POST", t + "/clock/advance", [key], #"{"seconds":99999999999999999999}"#, json,
                    .inappropriateValue
                ),
                (
                    "2^63", "POST", t + "/clock/advance", [key], #"{"seconds":9223372036854775808}"#, json,
                    .inappropriateValue
                ),
                ("string", "POST", t + "/clock/advance", [key], #"{"seconds":"1"}"#, json, .wrongParameterType),
                (
                    "expiresIn 1e400", "POST", p + "/transfer-key", auth, #"{"expiresIn":1e400}"#, json,
                    .inappropriateValue
                ),
                ("expiresIn 2.5", "POST", p + "/transfer-key", auth, #"{"expiresIn":2.5}"#, json, .wrongParameterType),
                ("templateCode 2.0", "POST", g + "/members/ban", [key], ban + "2.0}", json, .success),
                ("templateCode 2.5", "POST", g + "/members/ban", [key], ban + "2.5}", json, .wrongParameterType),
                ("templateCode 1e400", "POST", g + "/members/ban", [key], ban + "1e400}", json, .inappropriateValue),
                (
                    "amount 1e400", "POST", t + "/members/U/grace-ban", [key], rule + #""count":1,"amount":1e400}}"#,
                    json, .inappropriateValue
                ),
                (
                    "count 1.5", "POST", t + "/members/U/grace-ban", [key], rule + #""amount":1,"count":1.5}}"#, json,
                    .wrongParameterType
                ),
                (
                    "count 1.0", "POST", t + "/members/U/grace-ban", [key], rule + #""amount":1,"count":1.0}}"#, json,
                    .memberNotExist
                ),
            ]
            try await run(server, cases)
        }
    }

    @Test("an integer query parameter reads as a JSON number: page=1E0 is page 1, +1 and 02 are -4000001")
    func queryIntegers() async throws {
        try await withServer { server in
            let base = server.memberPrefix + "/logs/withdrawal?begin=2026-01-01T00:00:00Z&end=2099-01-01T00:00:00Z&"
            for (query, page, size) in [("page=1E0", 1, 100), ("page=-0&size=1.0e2", 0, 100), ("size=2.00", 0, 2)]
                as [(String, Int64, Int64)]
            {
                let r = try await server.raw("GET", base + query, headers: [server.secret])
                #expect(r.header.resultCode == .success, "\(query)")
                #expect(Self.int(r.json, "pagingInfo", "page") == page, "\(query)")
                #expect(Self.int(r.json, "pagingInfo", "size") == size, "\(query)")
            }
            let key = server.secret
            let cases: [Case] = [
                ("page fraction", "GET", base + "page=2.5", [key], nil, nil, .wrongParameterType),
                ("page plus", "GET", base + "page=%2B1", [key], nil, nil, .wrongParameterType),
                ("page leading zero", "GET", base + "page=01", [key], nil, nil, .wrongParameterType),
                ("page empty", "GET", base + "page=", [key], nil, nil, .wrongParameterType),
                ("page 1e400", "GET", base + "page=1e400", [key], nil, nil, .inappropriateValue),
                ("page 2^63", "GET", base + "page=9223372036854775808", [key], nil, nil, .inappropriateValue),
                ("page over the maximum", "GET", base + "page=1000001", [key], nil, nil, .inappropriateValue),
                ("size 1e3 is 1000", "GET", base + "size=1e3", [key], nil, nil, .success),
                ("size 1.0001e3", "GET", base + "size=1.0001e3", [key], nil, nil, .wrongParameterType),
            ]
            try await run(server, cases)
        }
    }

    @Test("1,025 characters are -4000008 in every path parameter, JSON string at depth and list entry; 1,024 pass")
    func lengthLimitEverywhere() async throws {
        try await withServer { server in
            let s = try await server.guest()
            let long = String(repeating: "a", count: 1025)
            let fits = String(repeating: "a", count: 1024)
            let combining = Endpoint.percentEncoded(String(repeating: "e\u{301}", count: 513))  // 1,026 code points
            let accents = Endpoint.percentEncoded(String(repeating: "é", count: 1024))  // 1,024 code points
            let (p, g, m, t) = (server.authPrefix, server.gatewayPrefix, server.memberPrefix, server.testPrefix)
            let (key, json) = (server.secret, "application/json")
            let auth = [("X-TCGB-Device-Id", s.device), ("Authorization", "Bearer \(s.token)")]
            let cases: [Case] = [
                ("client path idPCode", "DELETE", p + "/mappings/" + long, auth, nil, nil, .parameterTooLong),
                (
                    "client path: a missing device ranks first", "DELETE", p + "/mappings/" + long, [], nil, nil,
                    .missingParameter
                ),
                ("client path 1,024", "DELETE", p + "/mappings/" + fits, auth, nil, nil, .removeMappingFailed),
                ("E1 userId", "GET", g + "/members/\(long)/tokens/T", [key], nil, nil, .parameterTooLong),
                ("E1 accessToken", "GET", g + "/members/U/tokens/\(long)", [key], nil, nil, .parameterTooLong),
                ("E3 userId", "GET", m + "/members/" + long, [key], nil, nil, .parameterTooLong),
                ("E3 userId code points", "GET", m + "/members/" + combining, [key], nil, nil, .parameterTooLong),
                ("E3 userId 1,024 code points", "GET", m + "/members/" + accents, [key], nil, nil, .memberNotExist),
                ("E7 idPCode", "POST", g + "/idps/\(long)/members", [key], #"["x"]"#, json, .parameterTooLong),
                ("E14 userId", "DELETE", g + "/members/\(long)?regUser=ops", [key], nil, nil, .parameterTooLong),
                ("grace-ban userId", "POST", t + "/members/\(long)/grace-ban", [key], "{}", json, .parameterTooLong),
                (
                    "nested JSON string", "POST", p + "/login", [("X-TCGB-Device-Id", "dev-x")],
                    #"{"idPCode":"guest","additionalInfo":{"lineChannelRegion":"\#(long)"}}"#, json, .parameterTooLong
                ),
                ("list entry", "POST", m + "/members", [key], #"["\#(long)"]"#, json, .parameterTooLong),
                (
                    "deep JSON string", "POST", t + "/members/U/grace-ban", [key],
                    #"{"releaseRuleCondition":{"amount":1,"count":1,"conditionType":"OR","currency":"\#(long)"}}"#,
                    json,
                    .parameterTooLong
                ),
                // Query parameters and the device id header have a format that ranks first (rows 8–10).
                (
                    "query order", "GET",
                    m + "/logs/withdrawal?begin=2026-01-01T00:00:00Z&end=2099-01-01T00:00:00Z&order=" + long, [key],
                    nil, nil, .undefinedValue
                ),
                ("query regUser", "DELETE", g + "/members/U?regUser=" + long, [key], nil, nil, .inappropriateValue),
                (
                    "query linkedIdP", "GET", g + "/members/U/tokens/T?linkedIdP=" + long, [key], nil, nil,
                    .wrongParameterType
                ),
                ("header device id", "GET", p + "/member", [("X-TCGB-Device-Id", long)], nil, nil, .inappropriateValue),
                // Credentials are not parameters: a long token is just not live.
                (
                    "long bearer token", "GET", p + "/member",
                    [("X-TCGB-Device-Id", s.device), ("Authorization", "Bearer " + long)], nil, nil,
                    .authInvalidGamebaseToken
                ),
            ]
            try await run(server, cases)
            let tid = String(repeating: "t", count: 2000)
            let echoed = try await server.raw("GET", p + "/member", headers: auth + [("X-TCGB-Transaction-Id", tid)])
            #expect(echoed.header.resultCode == .success)
            #expect(echoed.echoed == tid && echoed.header.transactionId == tid, "echoed verbatim, whatever its length")
        }
    }
}
