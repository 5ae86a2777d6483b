import Foundation
import GBFuzzTestKit
import Protocol
import Testing
import Transport

/// A raw exchange for bad-input tests: any method, path, headers and body bytes.
struct RawReply {
    var status: Int
    var header: ResponseHeader
    var echoed: String?
    var json: [String: Any]
}

extension TestServer {
    func raw(
        _ method: String,
        _ path: String,
        headers: [(String, String)] = [],
        body: String? = nil,
        contentType: String? = "application/json"
    ) async throws -> RawReply {
        var h = HTTPHeaders()
        for (n, v) in headers { h.add(n, v) }
        if body != nil, let contentType { h.add("Content-Type", contentType) }
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: method),
            url: baseURL + path,
            headers: h,
            body: body.map { Array($0.utf8) }
        )
        let response = try await SharedTransport.curl.send(request)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
            "not a JSON object"
        )
        let header = try JSONDecoder().decode(HeaderOnly.self, from: Data(response.body)).header
        return RawReply(
            status: response.status,
            header: header,
            echoed: response.headers[GamebaseHeader.transactionId],
            json: json
        )
    }

    var authPrefix: String { "/tcgb-gateway/v1.3/apps/\(appId)/auth" }
    var gatewayPrefix: String { "/tcgb-gateway/v1.3/apps/\(appId)" }
    var memberPrefix: String { "/tcgb-member/v1.3/apps/\(appId)" }
    var testPrefix: String { "/tcgb-test/v1/apps/\(appId)" }
    var secret: (String, String) { (GamebaseHeader.secretKey, GamebaseTarget.defaultSecretKey) }
}

private struct HeaderOnly: Decodable { var header: ResponseHeader }
