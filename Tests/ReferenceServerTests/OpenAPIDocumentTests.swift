import Foundation
import GBFuzzTestKit
import Protocol
import ReferenceServer
import Testing
import Transport

@Suite("OpenAPI document", .timeLimit(.minutes(1)))
struct OpenAPIDocumentTests {
    static let docsPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/openapi.yaml")

    @Test("docs/openapi.yaml and the served resource are the same file")
    func docsMatchResource() throws {
        let docs = try String(contentsOf: Self.docsPath, encoding: .utf8)
        #expect(ReferenceServer.openAPIDocument == docs)
        #expect(docs.hasPrefix("openapi: 3.0"))
    }

    @Test("GET /openapi.yaml serves it without a secret, and it names every endpoint and result code")
    func served() async throws {
        try await withServer { server in
            let response = try await SharedTransport.curl.send(
                .init(method: .get, url: server.baseURL + "/openapi.yaml")
            )
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"]?.hasPrefix("application/yaml") == true)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text == ReferenceServer.openAPIDocument)
            for path in [
                "/auth/login:", "/auth/login/token:", "/auth/login/change:", "/auth/logout:", "/auth/member:",
                "/auth/mappings:",
                "/auth/mappings/forcibly:", "/auth/mappings/{idPCode}:", "/auth/temporary-withdrawal:",
                "/auth/transfer-account:",
                "/auth/transfer-account/login:", "/auth/transfer-key:", "/auth/transfer-key/login:",
                "/members/{userId}/tokens/{accessToken}:", "/tokens/{accessToken}/idp-profile:", "/members/ban:",
                "/members/transfer-account:",
                "/idps/{idPCode}/members:",
                "/logs/withdrawal:", "/v1.3/apps/{appId}/maintenance:", "/v1.3/apps/{appId}/maintenance/start:",
                "/semantics:", "/clock:", "/clock/advance:", "/clock/freeze:", "/grace-ban:",
                "/reset:", "/bugs:",
            ] {
                #expect(text.contains(path), "missing \(path)")
            }
            for code in ResultCode.allKnown where code != .internalSystemError || true {
                #expect(text.contains("\(code.rawValue)"), "missing result code \(code)")
            }
        }
    }
}
