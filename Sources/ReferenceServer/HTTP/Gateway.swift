import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Protocol
import RequestInput

/// The shared front half of every endpoint: the bad-input checks of docs/PROTOCOL.md §1.3 rows
/// 2–6, in order (row 1 is the router's), and the rest of the rows through ``Validator``.
struct Gateway: Sendable {
    let backend: Backend
    let maxBodyBytes: Int

    enum Family { case client, serverAPI, testControl }
    enum BodyShape { case none, object, array }

    static let secretField = HTTPField.Name(GamebaseHeader.secretKey)!
    static let deviceField = HTTPField.Name(GamebaseHeader.deviceId)!

    /// Checks app id, secret, size, content type and JSON syntax; returns the parsed body (nil for
    /// endpoints that take none).
    func admit(_ request: Request, _ context: ServerRequestContext, _ family: Family, body shape: BodyShape)
        async throws -> JSONValue?
    {
        let appId = context.parameters.get("appId").map(Self.decodePath) ?? ""
        guard appId == backend.appId else { throw GamebaseFailure(.invalidAppID, "appId \(appId)") }
        if family != .client {
            guard request.headers[Self.secretField] == backend.secretKey else {
                throw GamebaseFailure(.invalidSecretKey)
            }
        }
        // A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3):
        // skip waiting for the body stream's end, which costs a suspension per request.
        let hasBody =
            request.headers[.transferEncoding] != nil || (request.headers[.contentLength].flatMap { Int($0) } ?? 0) > 0
        var buffer = ByteBuffer()
        if hasBody {
            do {
                buffer = try await request.body.collect(upTo: maxBodyBytes)
            } catch is NIOTooManyBytesError {
                throw GamebaseFailure(.parameterTooLong, "body larger than \(maxBodyBytes) bytes")
            }
        }
        guard shape != .none else { return nil }
        if buffer.readableBytes > 0 {
            let type = request.headers[.contentType] ?? ""
            let media =
                type == "application/json"
                ? type
                : type.split(separator: ";", maxSplits: 1).first.map {
                    $0.trimmingCharacters(in: .whitespaces).lowercased()
                }
            guard media == "application/json" else {
                throw GamebaseFailure(.wrongContentType, "expected application/json")
            }
        }
        guard let json = JSONValue.parse(buffer.readableBytesView) else {
            throw GamebaseFailure(.malformedJSON, "the body is not valid JSON")
        }
        switch (shape, json) {
        case (.object, .object), (.array, .array): return json
        default: throw GamebaseFailure(.malformedJSON, "expected a JSON \(shape == .object ? "object" : "array")")
        }
    }

    /// A path parameter, percent-decoded. ``validator(_:)`` has checked its length.
    func path(_ ctx: ServerRequestContext, _ name: String) -> String {
        Self.decodePath(ctx.parameters.get(name) ?? "")
    }

    /// A request's ``Validator``, holding already row 11 for every path parameter but `{appId}`
    /// (row 2 judges that one): the one place path parameters are checked.
    func validator(_ ctx: ServerRequestContext) -> Validator {
        let v = Validator()
        for (name, raw) in ctx.parameters where name != "appId" {
            v.limitLength(Self.decodePath(raw), String(name))
        }
        return v
    }

    /// A path parameter, percent-decoded.
    static func decodePath(_ raw: some StringProtocol) -> String {
        let s = String(raw)
        return s.contains("%") ? (s.removingPercentEncoding ?? s) : s
    }

    /// The token of `Authorization: Bearer <token>`; anything else counts as no token.
    static func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization] else { return nil }
        if let token = plainBearer(value) { return token }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The common form, `Bearer <visible ASCII>`, without Foundation's Unicode-aware trimming;
    /// nil for anything else, which ``bearer(_:)`` then parses in full.
    static func plainBearer(_ value: String) -> String? {
        let prefix = "Bearer ".utf8
        let utf8 = value.utf8
        guard utf8.count > prefix.count, utf8.starts(with: prefix) else { return nil }
        let rest = utf8.dropFirst(prefix.count)
        guard rest.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return String(value[rest.startIndex...])
    }

    /// Query parameters, percent-decoded (`+` is a space).
    static func query(_ request: Request) -> [String: String] {
        var out: [String: String] = [:]
        guard let q = request.uri.query else { return out }
        for pair in q.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = decodePath(kv[0].replacingOccurrences(of: "+", with: " "))
            let value = kv.count > 1 ? decodePath(kv[1].replacingOccurrences(of: "+", with: " ")) : ""
            if out[key] == nil { out[key] = value }
        }
        return out
    }
}
