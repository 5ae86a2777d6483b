import Foundation
import Transport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport every test talks through. Temporary: a URLSession transport until the project's
/// curl transport lands on main; then this returns it and `URLSessionTestTransport` goes away.
func makeTestTransport() -> any HTTPTransport { URLSessionTestTransport.shared }

/// A minimal ``HTTPTransport`` over URLSession (sends bodies with any method, DELETE included).
final class URLSessionTestTransport: HTTPTransport {
    static let shared = URLSessionTestTransport()
    private let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 128
        configuration.timeoutIntervalForRequest = 60
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let url = URL(string: request.url) else { throw TransportError(.invalidRequest, request.url) }
        var r = URLRequest(url: url)
        r.httpMethod = request.method.rawValue
        for field in request.headers { r.addValue(field.value, forHTTPHeaderField: field.name) }
        r.httpBody = request.body.map { Data($0) }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await session.data(for: r)
        } catch {
            throw TransportError(.other, "\(error)")
        }
        guard let http = response as? HTTPURLResponse else { throw TransportError(.malformedResponse) }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(String(describing: name), String(describing: value))
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: Array(data))
    }
}
