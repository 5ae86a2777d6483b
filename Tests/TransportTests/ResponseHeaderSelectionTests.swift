import GBFuzzTestKit
import Testing
import Transport

/// A transport configured to read some response fields carries exactly those, whatever their case
/// or repetition; `.all` carries every field and `.none` none.
@Suite("Curl transport: response header selection", .timeLimit(.minutes(1)))
struct ResponseHeaderSelectionTests {
    /// Repeated and differently cased fields, an empty one, and fields nobody asks for.
    static let fields = [
        HTTPHeader("X-TCGB-Transaction-Id", "tx-1"),
        HTTPHeader("X-Other", "o"),
        HTTPHeader("set-cookie", "a=1"),
        HTTPHeader("Content-Type", "application/json"),
        HTTPHeader("Set-Cookie", "b=2"),
        HTTPHeader("X-Empty", ""),
    ]

    static func send(_ selection: CurlTransport.ResponseHeaders) async throws -> HTTPResponse {
        try await Fixtures.withServer(
            configuration: .init(responseHeaders: selection),
            handler: { _ in .respond(status: 200, headers: Self.fields, body: [], close: false) }
        ) { server, transport in
            try await transport.send(HTTPRequest(method: .get, url: server.baseURL + "/"))
        }
    }

    static func pairs(_ response: HTTPResponse) -> [String] {
        response.headers.fields.map { "\($0.name.lowercased())=\($0.value)" }
    }

    @Test("Named fields are read case-insensitively, each name's repeats in arrival order, in the order of the names")
    func named() async throws {
        let response = try await Self.send(.named(["SET-COOKIE", "x-tcgb-transaction-id", "x-empty", "X-Absent"]))
        #expect(Self.pairs(response) == ["set-cookie=a=1", "set-cookie=b=2", "x-tcgb-transaction-id=tx-1", "x-empty="])
        #expect(response.headers.fields.first?.name == "SET-COOKIE", "a field carries its name as asked")
        #expect(response.headers["X-TCGB-Transaction-Id"] == "tx-1")
        #expect(response.headers["X-Other"] == nil)
        #expect(response.headers["Content-Length"] == nil)
    }

    @Test("All fields arrive with .all, none with .none")
    func allAndNone() async throws {
        let all = Self.pairs(try await Self.send(.all))
        let sent = Self.fields.map { "\($0.name.lowercased())=\($0.value)" }
        #expect(all.filter { sent.contains($0) } == sent)
        #expect(all.contains("content-length=0"))
        #expect(try await Self.send(.none).headers.fields.isEmpty)
    }
}
