import Foundation
import Synchronization
import Transport

/// Typed calls to a Gamebase-compatible backend over any ``HTTPTransport``.
///
/// Every call carries a transaction id (generated when not given). Answers decode into
/// ``Reply``; an answer that is not a well-formed Gamebase envelope throws ``ProtocolError``.
package struct GamebaseClient: Sendable {
    package let transport: any HTTPTransport
    package let target: GamebaseTarget
    /// Per-request timeout; `nil` uses the transport default.
    package var timeout: Duration?

    package init(transport: any HTTPTransport, target: GamebaseTarget, timeout: Duration? = nil) {
        self.transport = transport
        self.target = target
        self.timeout = timeout
    }

    package var appId: String { target.appId }

    /// A fresh transaction id: `gbf-` and 16 hex digits. The digits are a per-process counter,
    /// started at a random value, passed through SplitMix64's finalizer (a bijection of 64-bit
    /// words): ids never repeat within a process, look random, and cost no system call each
    /// (`UInt64.random` reads the kernel's generator per call, ~1 % of a checked operation).
    package static func newTransactionId() -> String {
        var z = transactionCounter.wrappingAdd(1, ordering: .relaxed).newValue
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        z ^= z >> 31
        return String(unsafeUninitializedCapacity: 20) { buffer in
            for (i, c) in "gbf-".utf8.enumerated() { buffer[i] = c }
            for i in 0..<16 { buffer[4 + i] = hexDigits[Int((z >> UInt64(60 - 4 * i)) & 0xF)] }
            return 20
        }
    }

    private static let transactionCounter = Atomic<UInt64>(UInt64.random(in: .min ... .max))
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Builds the request without sending it (the shrinker's curl writer uses the same shape).
    package func request(
        _ method: HTTPMethod,
        _ path: String,
        device: String? = nil,
        accessToken: String? = nil,
        secret: Bool = false,
        body: [UInt8]? = nil,
        transactionId: String
    ) -> HTTPRequest {
        var headers = HTTPHeaders()
        headers.fields.reserveCapacity(5)  // grown one field at a time, that was three reallocations
        headers.add(GamebaseHeader.transactionId, transactionId)
        if let device { headers.add(GamebaseHeader.deviceId, device) }
        if let accessToken { headers.add(GamebaseHeader.authorization, "Bearer \(accessToken)") }
        if secret { headers.add(GamebaseHeader.secretKey, target.secretKey) }
        if body != nil { headers.add(GamebaseHeader.contentType, GamebaseHeader.jsonContentType) }
        return HTTPRequest(method: method, url: target.baseURL + path, headers: headers, body: body, timeout: timeout)
    }

    /// Sends a request and decodes the answer as `R`.
    package func call<R: Decodable & Sendable>(
        _ method: HTTPMethod,
        _ path: String,
        device: String? = nil,
        accessToken: String? = nil,
        secret: Bool = false,
        body: (some Encodable)? = String?.none,
        transactionId: String? = nil,
        as: R.Type
    ) async throws -> Reply<R> {
        let (response, tid) = try await exchange(method, path, device, accessToken, secret, body, transactionId)
        return try Self.decode(response, sentTransactionId: tid, as: R.self)
    }

    /// Sends a request and decodes the answer as `R`, a type the reply reader knows: the same as
    /// the call above, with the reader chosen when compiling instead of by a cast per answer.
    package func call<R: Decodable & Sendable & JSONReadable>(
        _ method: HTTPMethod,
        _ path: String,
        device: String? = nil,
        accessToken: String? = nil,
        secret: Bool = false,
        body: (some Encodable)? = String?.none,
        transactionId: String? = nil,
        as: R.Type
    ) async throws -> Reply<R> {
        let (response, tid) = try await exchange(method, path, device, accessToken, secret, body, transactionId)
        return try Self.decode(response, sentTransactionId: tid, as: R.self)
    }

    /// Sends one request; returns the response and the transaction id it carried.
    private func exchange(
        _ method: HTTPMethod,
        _ path: String,
        _ device: String?,
        _ accessToken: String?,
        _ secret: Bool,
        _ body: (some Encodable)?,
        _ transactionId: String?
    ) async throws -> (HTTPResponse, String) {
        // Request bodies the writer knows skip Codable; any other goes through JSONEncoder.
        let bytes: [UInt8]? = try body.map { b in
            if let writable = b as? any JSONWritable { return writable.jsonBytes }
            return Array(try JSONEncoder().encode(b))
        }
        let tid = transactionId ?? Self.newTransactionId()
        let req = request(
            method,
            path,
            device: device,
            accessToken: accessToken,
            secret: secret,
            body: bytes,
            transactionId: tid
        )
        return (try await transport.send(req), tid)
    }

    /// Decodes a raw response into a ``Reply``; throws ``ProtocolError`` when it is not a
    /// Gamebase envelope of the expected shape.
    package static func decode<R: Decodable & Sendable>(
        _ response: HTTPResponse,
        sentTransactionId: String,
        as: R.Type
    ) throws -> Reply<R> {
        try decode(response, sentTransactionId) { fastDecode($0, as: R.self) }
    }

    /// ``decode(_:sentTransactionId:as:)`` for a type the reply reader knows, without the cast.
    package static func decode<R: Decodable & Sendable & JSONReadable>(
        _ response: HTTPResponse,
        sentTransactionId: String,
        as: R.Type
    ) throws -> Reply<R> {
        try decode(response, sentTransactionId) { fastDecode($0, as: R.self) }
    }

    /// The status check, then `fast`, then (when `fast` does not decide) `JSONDecoder`.
    private static func decode<R: Decodable & Sendable>(
        _ response: HTTPResponse,
        _ sentTransactionId: String,
        fast: ([UInt8]) -> (header: ResponseHeader, body: R)?
    ) throws -> Reply<R> {
        guard response.status == 200 else {
            throw ProtocolError(.httpStatus, "HTTP \(response.status)", response: response)
        }
        let (header, body) = try fast(response.body) ?? decodeWithCodable(response, as: R.self)
        return Reply(
            body: body,
            header: header,
            sentTransactionId: sentTransactionId,
            echoedTransactionId: response.headers[GamebaseHeader.transactionId],
            http: response
        )
    }

    /// The decoder of every answer the reply reader did not decide: `JSONDecoder`, which also gives
    /// the error for a bad one.
    private static func decodeWithCodable<R: Decodable>(
        _ response: HTTPResponse,
        as: R.Type
    ) throws -> (header: ResponseHeader, body: R) {
        let data = Data(response.body)
        do {
            // One parse for the header and the body; the body is read from the same object.
            let decoded = try JSONDecoder.shared.decode(WithHeader<R>.self, from: data)
            return (decoded.header, decoded.body)
        } catch {
            // Only a failure looks again, to tell a body that is not a JSON object from a bad envelope.
            guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
                throw ProtocolError(
                    .notJSON,
                    "body is not a JSON object (\(response.body.count) bytes)",
                    response: response
                )
            }
            throw ProtocolError(.badEnvelope, "\(error)", response: response)
        }
    }

    /// The reply fast path: a body type that is ``JSONReadable`` (the client-operation answers)
    /// read without Codable, when the reader can decide it; `nil` sends the answer to
    /// `JSONDecoder`, which decides every other answer and gives the error for a bad one.
    package static func fastDecode<R: Decodable>(_ body: [UInt8], as: R.Type) -> (header: ResponseHeader, body: R)? {
        guard let readable = R.self as? any JSONReadable.Type, let (json, header) = envelope(body),
            let decoded = readable.init(json: json) as? R
        else { return nil }
        return (header, decoded)
    }

    /// The fast path for a type known to be ``JSONReadable`` where the call is compiled.
    package static func fastDecode<R: Decodable & JSONReadable>(_ body: [UInt8], as: R.Type) -> (
        header: ResponseHeader, body: R
    )? {
        guard let (json, header) = envelope(body), let decoded = R(json: json) else { return nil }
        return (header, decoded)
    }

    /// The parsed body and its envelope header, when the reader can decide both.
    private static func envelope(_ body: [UInt8]) -> (JSONValue, ResponseHeader)? {
        guard let json = JSONValue.parse(body), let header = json.object?["header"].flatMap(ResponseHeader.init(json:))
        else { return nil }
        return (json, header)
    }

    /// A reply's header and its typed body, decoded from one JSON object.
    private struct WithHeader<Body: Decodable>: Decodable {
        var header: ResponseHeader
        var body: Body

        private enum Key: String, CodingKey { case header }

        init(from decoder: any Decoder) throws {
            header = try decoder.container(keyedBy: Key.self).decode(ResponseHeader.self, forKey: .header)
            body = try Body(from: decoder)
        }
    }
}

extension JSONDecoder {
    /// One decoder for every reply: a decoder with default options keeps no state between calls.
    fileprivate static let shared = JSONDecoder()
}
