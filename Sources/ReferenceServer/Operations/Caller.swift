import Hummingbird
import Protocol
import RequestInput

/// Who is calling a client operation: the device, the presented Gamebase token, the exchange id.
struct Caller: Sendable {
    var device: String
    var bearer: String?
    var transactionId: String

    func header(_ code: ResultCode = .success, _ detail: String? = nil) -> ResponseHeader {
        ResponseHeader(transactionId: transactionId, code: code, detail: detail)
    }
}

extension Gateway {
    /// Admits a client operation and validates its path parameters, device header and body together
    /// (rows 7–11).
    func client<Input: Sendable>(
        _ request: Request,
        _ context: ServerRequestContext,
        body shape: BodyShape = .none,
        _ parse: (ObjectReader?) -> Input
    ) async throws -> (Caller, Input) {
        let json = try await admit(request, context, .client, body: shape)
        let validator = validator(context)
        let device = validator.deviceId(request.headers[Self.deviceField])
        let reader: ObjectReader? = if case .object(let o)? = json { ObjectReader(o, validator) } else { nil }
        let input = parse(reader)
        try validator.check()
        return (Caller(device: device, bearer: Self.bearer(request), transactionId: context.transactionId), input)
    }

    /// Runs a client operation in one write transaction and answers its body.
    func runClient(
        _ caller: Caller,
        _ context: ServerRequestContext,
        _ op: @escaping @Sendable (OperationScope) throws -> ClientReplyBody
    ) async throws -> Response {
        let backend = self.backend
        let body = try await backend.write { db, now in
            try OperationScope.run(db: db, backend: backend, caller: caller, now: now, op)
        }
        return Envelope.response(body, context: context)
    }
}
