import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Protocol

/// Builds every answer: HTTP 200, JSON, the transaction id in the header (rule X1).
enum Envelope {
    static let transactionIdField = HTTPField.Name(GamebaseHeader.transactionId)!
    static let jsonContentType = "application/json; charset=utf-8"

    static func header(_ context: ServerRequestContext, _ code: ResultCode = .success, _ detail: String? = nil)
        -> ResponseHeader
    {
        ResponseHeader(transactionId: context.transactionId, code: code, detail: detail)
    }

    /// Writes a client answer with the hand-written encoder (the hot path).
    static func response(_ body: some ReplyJSON, context: ServerRequestContext) -> Response {
        raw(body.jsonBytes, contentType: jsonContentType, transactionId: context.transactionId)
    }

    /// Encodes `body` as the answer with `JSONEncoder` (Server API and test control answers).
    @_disfavoredOverload
    static func response(_ body: some Encodable, context: ServerRequestContext) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(body)
        } catch {
            let fallback = EmptyResponse(header: header(context, .internalSystemError, "encoding failed"))
            data = (try? encoder.encode(fallback)) ?? Data()
        }
        return raw(data, contentType: jsonContentType, transactionId: context.transactionId)
    }

    /// An envelope with no payload.
    static func failure(_ code: ResultCode, _ detail: String = "", context: ServerRequestContext) -> Response {
        response(EmptyResponse(header: header(context, code, detail)), context: context)
    }

    static func raw(_ data: some Sequence<UInt8>, contentType: String, transactionId: String) -> Response {
        var headers = HTTPFields()
        headers.reserveCapacity(4)
        headers[.contentType] = contentType
        headers[transactionIdField] = transactionId
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
