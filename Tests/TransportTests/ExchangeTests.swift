import GBFuzzTestKit
import Testing
import Transport

/// What goes over the wire and comes back: methods, bodies, headers.
@Suite("Curl transport: request and response exchange", .timeLimit(.minutes(1)))
struct ExchangeTests {
    @Test("A 5 MiB body round-trips byte-exact, without Expect: 100-continue")
    func largeBodyRoundTrips() async throws {
        let payload = Fixtures.bytes(count: 5 << 20, seed: 42)
        let response = try await Fixtures.withServer { server, transport in
            try await transport.send(HTTPRequest(method: .post, url: server.baseURL + "/big", body: payload))
        }
        #expect(response.status == 200)
        #expect(response.body.count == payload.count)
        #expect(response.body == payload)
        #expect(response.headers["x-echo-h-expect"] == nil)
        #expect(response.headers["x-echo-h-content-length"] == String(payload.count))
    }

    @Test("DELETE with a JSON body arrives with its body and method")
    func deleteCarriesBody() async throws {
        let json = Array(#"{"userId":"u-1","reason":"test"}"#.utf8)
        let response = try await Fixtures.withServer { server, transport in
            try await transport.send(
                HTTPRequest(
                    method: .delete,
                    url: server.baseURL + "/ban",
                    headers: [HTTPHeader("Content-Type", "application/json")],
                    body: json
                )
            )
        }
        #expect(response.headers["X-Echo-Method"] == "DELETE")
        #expect(response.body == json)
        #expect(response.headers["x-echo-h-content-type"] == "application/json")
        #expect(response.headers["x-echo-h-content-length"] == String(json.count))
    }

    @Test("Request headers arrive as sent; response headers are found case-insensitively")
    func headersRoundTrip() async throws {
        let response = try await Fixtures.withServer { server, transport in
            try await transport.send(
                HTTPRequest(
                    method: .get,
                    url: server.baseURL + "/h?x=1",
                    headers: [
                        HTTPHeader("X-TCGB-Transaction-Id", "tx-123"),
                        HTTPHeader("authorization", "Bearer abc"),
                        HTTPHeader("X-Empty", ""),
                    ]
                )
            )
        }
        #expect(response.status == 200)
        #expect(response.headers["x-echo-h-x-tcgb-transaction-id"] == "tx-123")
        #expect(response.headers["X-ECHO-H-AUTHORIZATION"] == "Bearer abc")
        #expect(response.headers["X-Echo-H-X-Empty"].map { Array($0.utf8) } == [])
        #expect(response.headers["x-echo-target"] == "/h?x=1")
        #expect(response.headers["CONTENT-LENGTH"] == "0")
    }

    @Test("A body without Content-Type is sent without curl's form default")
    func noDefaultContentType() async throws {
        let response = try await Fixtures.withServer { server, transport in
            try await transport.send(HTTPRequest(method: .post, url: server.baseURL, body: Array("x".utf8)))
        }
        #expect(response.headers["x-echo-h-content-type"] == nil)
        #expect(response.body == Array("x".utf8))
    }

    @Test(
        "Every method reaches the server as given",
        arguments: ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "PURGE", "X-FUZZ"]
    )
    func methods(_ method: String) async throws {
        let response = try await Fixtures.withServer { server, transport in
            try await transport.send(HTTPRequest(method: HTTPMethod(rawValue: method), url: server.baseURL + "/m"))
        }
        #expect(response.status == 200)
        #expect(response.headers["x-echo-method"] == method)
    }

    @Test("HEAD returns headers and no body")
    func head() async throws {
        let response = try await Fixtures.withServer(handler: { request in
            .respond(status: 200, headers: [HTTPHeader("X-Method", request.method)], body: [], close: false)
        }) { server, transport in
            try await transport.send(HTTPRequest(method: HTTPMethod(rawValue: "HEAD"), url: server.baseURL))
        }
        #expect(response.headers["x-method"] == "HEAD")
        #expect(response.body.isEmpty)
    }

    @Test("Non-200 statuses are responses, not errors")
    func statusPassesThrough() async throws {
        let response = try await Fixtures.withServer(handler: { _ in
            .respond(status: 404, headers: [], body: Array("nope".utf8), close: false)
        }) { server, transport in
            try await transport.send(HTTPRequest(method: .get, url: server.baseURL + "/missing"))
        }
        #expect(response.status == 404)
        #expect(response.body == Array("nope".utf8))
    }

    @Test("Timing figures are ordered: connect ≤ first byte ≤ total")
    func timingIsOrdered() async throws {
        let response = try await Fixtures.withServer(handler: { _ in
            .delay(.milliseconds(30), .respond(status: 200, headers: [], body: [1], close: false))
        }) { server, transport in
            try await transport.send(HTTPRequest(method: .get, url: server.baseURL))
        }
        #expect(response.timing.connect > .zero)
        #expect(response.timing.connect <= response.timing.timeToFirstByte)
        #expect(response.timing.timeToFirstByte <= response.timing.total)
        #expect(response.timing.timeToFirstByte >= .milliseconds(25))
    }

    @Test("A pooled handle carries nothing over from its previous request, repeated or not")
    func handleReuseCarriesNothingOver() async throws {
        let delete = HTTPRequest(
            method: .delete,
            url: "/d",
            headers: [HTTPHeader("X-One", "1")],
            body: Array("payload".utf8)
        )
        let results = try await Fixtures.withServer { server, transport in
            var delete = delete
            delete.url = server.baseURL + "/d"
            let get = HTTPRequest(method: .get, url: server.baseURL + "/g")
            var responses: [HTTPResponse] = []
            // Sequential sends: every request reuses the same pooled handle.
            for request in [delete, delete, get, delete, get, get] {
                responses.append(try await transport.send(request))
            }
            #expect(transport.liveEasyHandleCount == 1)
            return responses
        }
        let methods = results.map { $0.headers["x-echo-method"] }
        #expect(methods == ["DELETE", "DELETE", "GET", "DELETE", "GET", "GET"])
        let bodies = results.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies == ["payload", "payload", "", "payload", "", ""])
        let custom = results.map { $0.headers["x-echo-h-x-one"] }
        #expect(custom == ["1", "1", nil, "1", nil, nil])
        #expect(results[2].headers["x-echo-h-content-length"] == nil)
    }

    @Test("Requests that differ only in URL, headers or body bytes send exactly their own on a reused handle")
    func sameShapeReuseSendsEachRequest() async throws {
        let results = try await Fixtures.withServer { server, transport in
            var sent: [(HTTPRequest, HTTPResponse)] = []
            for i in 0..<12 {
                // Header sets that grow, shrink and empty, an empty value, bodies long and short;
                // methods in runs so consecutive requests share a shape.
                var headers: HTTPHeaders = [HTTPHeader("X-Id", "tx-\(i)-" + String(repeating: "z", count: i * 9))]
                if i % 3 == 0 { headers.add("X-Extra", "") }
                if i % 4 == 1 { headers.add("Content-Type", "application/json") }
                let body: [UInt8]? = i < 8 ? Array("{\"n\":\(i)}".utf8) + Array(repeating: 65, count: i * 40) : nil
                let request = HTTPRequest(
                    method: i < 8 ? .post : .get,
                    url: server.baseURL + "/p/\(i)",
                    headers: i == 10 ? [] : headers,
                    body: body
                )
                sent.append((request, try await transport.send(request)))
            }
            #expect(transport.liveEasyHandleCount == 1)
            return sent
        }
        for (i, (request, response)) in results.enumerated() {
            #expect(response.headers["x-echo-target"] == "/p/\(i)")
            #expect(response.headers["x-echo-method"] == (i < 8 ? "POST" : "GET"))
            #expect(response.body == (request.body ?? []))
            #expect(response.headers["x-echo-h-x-id"] == (i == 10 ? nil : request.headers["X-Id"]))
            #expect(response.headers["x-echo-h-x-extra"] == (i % 3 == 0 && i != 10 ? "" : nil))
            let type = response.headers["x-echo-h-content-type"]
            #expect(type == (i % 4 == 1 && i != 10 ? "application/json" : nil), "request \(i)")
            #expect(response.headers["x-echo-h-expect"] == nil)
        }
    }
}
