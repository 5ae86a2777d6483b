import Protocol
import Transport

/// The answer to one probe request: a decoded reply, or why there was none.
package enum ProbeAnswer: Sendable {
    case reply(ClientReply)
    /// An answer that is not a Gamebase envelope (an HTTP error page, say), with its HTTP status.
    case failed(String, status: Int)
    /// No answer at all: the transport failed (refused, reset, timed out).
    case unreachable(String)

    package var code: ResultCode? {
        if case .reply(let r) = self { return r.resultCode }
        return nil
    }

    package var body: ClientReplyBody? {
        if case .reply(let r) = self { return r.body }
        return nil
    }

    package var isSuccess: Bool { code?.isSuccess == true }

    /// The HTTP status of an answer that is not a Gamebase envelope, else `nil`.
    package var foreignStatus: Int? {
        if case .failed(_, let status) = self { return status }
        return nil
    }

    /// `0 SUCCESS (userId …)`, `3011 AUTH_INVALID_GAMEBASE_TOKEN`, or the failure.
    var summary: String {
        switch self {
        case .failed(let why, _): return "no Gamebase answer: \(why)"
        case .unreachable(let why): return "no Gamebase answer: \(why)"
        case .reply(let r):
            var parts = ["\(r.resultCode) \"\(r.header.resultMessage.prefix(120))\""]
            if let m = r.body.member { parts.append("userId \(m.userId)") }
            if r.body.banInfo != nil { parts.append("with banInfo") }
            if let ta = r.body.transferAccount { parts.append("TransferAccount id \(ta.account.id)") }
            if let f = r.body.failTransferAccount { parts.append("failCount \(f.failCount)") }
            return parts.joined(separator: ", ")
        }
    }
}

/// The exchanges of one probe, in order (the evidence its knob file entry records).
package struct ProbeLog: Sendable {
    package private(set) var exchanges: [Exchange] = []

    package init() {}

    /// Sends one request and records it; never throws (a failure is an answer too).
    package mutating func send(
        _ what: String,
        _ path: String,
        _ call: () async throws -> ClientReply
    ) async -> ProbeAnswer {
        let answer: ProbeAnswer
        do {
            answer = .reply(try await call())
        } catch let e as ProtocolError {
            answer = .failed(e.description, status: e.response.status)
        } catch let e as TransportError {
            answer = .unreachable(e.description)
        } catch {
            answer = .unreachable("\(error)")
        }
        exchanges.append(Exchange(request: "\(what): \(path)", answer: answer.summary))
        return answer
    }

    /// Records a Server API call (whose reply has its own body type) by its code.
    package mutating func sendServer<Body: Sendable>(
        _ what: String,
        _ path: String,
        _ call: () async throws -> Reply<Body>
    ) async -> ResultCode? {
        do {
            let r = try await call()
            exchanges.append(Exchange(request: "\(what): \(path)", answer: "\(r.resultCode)"))
            return r.resultCode
        } catch {
            exchanges.append(Exchange(request: "\(what): \(path)", answer: "no Gamebase answer: \(error)"))
            return nil
        }
    }
}
