import Protocol
import Testing
import Transport

/// A transport that answers every request with a canned response and remembers the request.
private final class CannedTransport: HTTPTransport, @unchecked Sendable {
    // Invariant: tests call `send` sequentially, so `last` is never accessed concurrently.
    let response: @Sendable (HTTPRequest) -> HTTPResponse
    var last: HTTPRequest?
    init(_ response: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.response = response }
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        last = request
        return response(request)
    }
}

private func echoing(_ body: String, status: Int = 200) -> CannedTransport {
    CannedTransport { req in
        var headers = HTTPHeaders()
        if let tid = req.headers[GamebaseHeader.transactionId] { headers.add(GamebaseHeader.transactionId, tid) }
        return HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }
}

@Suite("GamebaseClient request building and answer decoding")
struct ClientDecodingTests {
    let target = GamebaseTarget(baseURL: "http://127.0.0.1:9/", appId: "app")

    @Test("a client call carries the device id, token, transaction id and a JSON body")
    func requestShape() async throws {
        let t = echoing(
            #"{"header":{"transactionId":"t1","isSuccessful":true,"resultCode":0,"resultMessage":"SUCCESS"}}"#
        )
        let client = GamebaseClient(transport: t, target: target)
        _ = try await client.addMapping(
            device: "dev-1",
            accessToken: "tok",
            AddMappingRequest(idPCode: .google, accessToken: "idp"),
            transactionId: "t1"
        )
        let req = try #require(t.last)
        #expect(req.method == .post)
        #expect(req.url == "http://127.0.0.1:9/tcgb-gateway/v1.3/apps/app/auth/mappings")
        #expect(req.headers[GamebaseHeader.deviceId] == "dev-1")
        #expect(req.headers["authorization"] == "Bearer tok")
        #expect(req.headers[GamebaseHeader.transactionId] == "t1")
        #expect(req.headers[GamebaseHeader.secretKey] == nil, "client calls never carry the secret key")
        #expect(String(decoding: req.body ?? [], as: UTF8.self).contains(#""idPCode":"google""#))
    }

    @Test("Server API calls carry the secret key; Ban Release is a DELETE with a body")
    func serverAPIShape() async throws {
        let t = echoing(
            #"{"header":{"transactionId":"x","isSuccessful":true,"resultCode":0,"resultMessage":"SUCCESS"},"failedUserIdList":[]}"#
        )
        let client = GamebaseClient(transport: t, target: target)
        _ = try await client.banRelease(BanReleaseRequest(userIdList: ["U1"]))
        let req = try #require(t.last)
        #expect(req.method == .delete)
        #expect(req.headers[GamebaseHeader.secretKey] == GamebaseTarget.defaultSecretKey)
        #expect(String(decoding: req.body ?? [], as: UTF8.self).contains("U1"))
    }

    @Test("a failure answer decodes its extras")
    func failureExtras() async throws {
        let body = """
            {"header":{"transactionId":"t","isSuccessful":false,"resultCode":3302,
            "resultMessage":"AUTH_ADD_MAPPING_ALREADY_MAPPED_TO_OTHER_MEMBER"},
            "forcingMappingTicket":{"userId":"A","mappedUserId":"B","mappedUserValid":"Y","idPCode":"google",
            "idPId":"g1","forcingMappingKey":"k","expirationDate":5,"accessToken":"x"}}
            """
        let client = GamebaseClient(transport: echoing(body), target: target)
        let reply = try await client.login(device: "d", LoginRequest(idPCode: .guest), transactionId: "t")
        #expect(reply.resultCode == .addMappingAlreadyMappedToOtherMember)
        #expect(reply.body.forcingMappingTicket?.mappedUserId == "B")
        #expect(reply.transactionIdEchoed)
    }

    @Test(
        "non-200, non-JSON and header-less answers are protocol errors, not crashes",
        arguments: [("{}", 200), ("<html>", 200), (#"{"header":{"resultCode":"x"}}"#, 200), ("{\"header\":{}}", 500)]
    )
    func protocolErrors(body: String, status: Int) async {
        let client = GamebaseClient(transport: echoing(body, status: status), target: target)
        await #expect(throws: ProtocolError.self) {
            _ = try await client.getOwnMember(device: "d", accessToken: nil)
        }
    }

    @Test("a missing echo of the transaction id is visible to the checker")
    func missingEcho() async throws {
        let t = CannedTransport { _ in
            HTTPResponse(
                status: 200,
                body: Array(
                    #"{"header":{"transactionId":"other","isSuccessful":true,"resultCode":0,"resultMessage":"SUCCESS"}}"#
                        .utf8
                )
            )
        }
        let reply = try await GamebaseClient(transport: t, target: target).logout(device: "d", accessToken: "t")
        #expect(!reply.transactionIdEchoed)
    }

    @Test("Transaction ids are gbf- and 16 lowercase hex digits, and never repeat within a process")
    func transactionIds() {
        let ids = (0..<20_000).map { _ in GamebaseClient.newTransactionId() }
        #expect(Set(ids).count == ids.count)
        let hex = Set("0123456789abcdef")
        #expect(ids.allSatisfy { $0.count == 20 && $0.hasPrefix("gbf-") && $0.dropFirst(4).allSatisfy(hex.contains) })
        // Not a visible counter: consecutive ids differ in many digits.
        let differing = zip(ids, ids.dropFirst()).map { a, b in zip(a, b).filter { $0 != $1 }.count }
        #expect(Double(differing.reduce(0, +)) / Double(differing.count) > 10)
    }
}
