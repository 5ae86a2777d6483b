import Hummingbird
import Logging
import Protocol
import RequestInput

/// The outermost middleware: fixes the transaction id (echoed, or generated when absent) and turns
/// every thrown error — bad input, an unknown path, anything unexpected — into the envelope with
/// HTTP 200, so no answer is ever a 4xx/5xx (rules X1, X2).
struct EnvelopeMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(
        _ request: Request,
        context: ServerRequestContext,
        next: (Request, ServerRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.transactionId = request.headers[Envelope.transactionIdField] ?? Self.newTransactionId()
        do {
            var response = try await next(request, context)
            response.headers[Envelope.transactionIdField] = context.transactionId
            return response
        } catch let failure as GamebaseFailure {
            return Envelope.failure(failure.code, failure.detail, context: context)
        } catch let error as HTTPError {
            // The router's fallback throws 404 for an unknown path or method.
            if error.status == .notFound || error.status == .methodNotAllowed {
                return Envelope.failure(.wrongURI, "\(request.method) \(request.uri.path)", context: context)
            }
            return Envelope.failure(.internalSystemError, "\(error.status.code)", context: context)
        } catch {
            context.logger.error("request failed: \(error)")
            return Envelope.failure(.internalSystemError, "", context: context)
        }
    }

    static func newTransactionId() -> String {
        let v = UInt64.random(in: .min ... .max)
        let hex = String(v, radix: 16)
        return "srv-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
