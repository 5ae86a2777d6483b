import Protocol
import Testing

@Suite("Protocol rules (X1, X2)", .timeLimit(.minutes(2)))
struct ProtocolRuleTests {
    @Test("X1: the transaction id is echoed in the response header and header.transactionId, or generated when absent")
    func x1() async throws {
        try await withServer { server in
            for (method, path, headers) in [
                ("POST", server.authPrefix + "/login/token", [("X-TCGB-Device-Id", "d1")]),
                ("GET", server.memberPrefix + "/members/NOSUCHUSER", [server.secret]),
                ("GET", "/no/such/path", []),
                ("POST", server.authPrefix + "/logout", []),
            ] {
                let given = try await server.raw(
                    method,
                    path,
                    headers: headers + [("X-TCGB-Transaction-Id", "tid-\(path.count)")]
                )
                #expect(given.echoed == "tid-\(path.count)")
                #expect(given.header.transactionId == "tid-\(path.count)")
                let generated = try await server.raw(method, path, headers: headers)
                #expect(generated.echoed?.isEmpty == false)
                #expect(generated.header.transactionId == generated.echoed)
            }
            let s = try await server.guest()
            let r = try await server.client.getOwnMember(
                device: s.device,
                accessToken: s.token,
                transactionId: "typed-123"
            )
            #expect(r.transactionIdEchoed)
        }
    }

    @Test("X2: every answer is HTTP 200 with the envelope; bad input gets the codes of §1.3")
    func x2() async throws {
        try await withServer { server in
            let cases: [(String, String, [(String, String)], String?, ResultCode)] = [
                ("GET", "/nothing", [], nil, .wrongURI),
                ("PATCH", server.authPrefix + "/login", [], "{}", .wrongURI),
                ("POST", "/tcgb-gateway/v1.3/apps/other/auth/login", [], "{}", .invalidAppID),
                ("GET", server.memberPrefix + "/members/X", [], nil, .invalidSecretKey),
                ("POST", server.authPrefix + "/login", [("X-TCGB-Device-Id", "d")], "{", .malformedJSON),
                ("POST", server.authPrefix + "/login", [], #"{"idPCode":"guest"}"#, .missingParameter),
            ]
            for (method, path, headers, body, code) in cases {
                let r = try await server.raw(method, path, headers: headers, body: body)
                #expect(r.status == 200, "\(method) \(path)")
                #expect(r.header.resultCode == code, "\(method) \(path): \(r.header.resultMessage)")
                #expect(r.header.isSuccessful == false)
                #expect(r.header.resultMessage.hasPrefix(code.name))
            }
        }
    }
}
