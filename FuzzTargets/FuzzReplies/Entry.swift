import Foundation
import Model
import Protocol
import Transport

/// libFuzzer's entry: the bytes as the body of an HTTP 200 answer through
/// ``GamebaseClient/decode(_:sentTransactionId:as:)`` as every reply type the client decodes, then
/// each decoded reply through ``Envelope/check(status:header:sentTransactionId:echoedTransactionId:)``:
/// once as answered (an id other than the one sent stops at X1), once as if the body echoed the id
/// that was sent, so the checks after X1 run too. Where the reply fast path (``JSONReadable``)
/// reads a body, it must read what `JSONDecoder` reads, or the fuzzer stops.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let response = HTTPResponse(
        status: 200,
        headers: [HTTPHeader(GamebaseHeader.transactionId, sentTransactionId)],
        body: Array(UnsafeBufferPointer(start: data, count: size))
    )
    check(response, ClientReplyBody.self)
    check(response, TokenAuthenticationResponse.self)
    check(response, GetMemberResponse.self)
    check(response, GetMembersResponse.self)
    check(response, IdPMembersResponse.self)
    check(response, BanResponse.self)
    check(response, ValidateTransferAccountResponse.self)
    check(response, EmptyResponse.self)
    check(response, WithdrawHistoriesResponse.self)
    check(response, SemanticsResponse.self)
    check(response, ClockResponse.self)
    check(response, GraceBanResponse.self)
    check(response, BugsResponse.self)
    check(response, IdPTokenAndProfileResponse.self)
    check(response, MaintenanceResponse.self)
    return 0
}

private let sentTransactionId = "gbf-00000000000000f0"

private struct HeaderOnly: Decodable { var header: ResponseHeader }

private func check<R: Decodable & Sendable & Equatable>(_ response: HTTPResponse, _ type: R.Type) {
    if let fast = GamebaseClient.fastDecode(response.body, as: type) {
        let data = Data(response.body)
        let header = try? JSONDecoder().decode(HeaderOnly.self, from: data).header
        let body = try? JSONDecoder().decode(type, from: data)
        precondition(header == fast.header && body == fast.body, "the reply fast path disagrees with JSONDecoder")
    }
    guard let reply = try? GamebaseClient.decode(response, sentTransactionId: sentTransactionId, as: type) else {
        return
    }
    _ = Envelope.check(
        status: reply.http.status,
        header: reply.header,
        sentTransactionId: reply.sentTransactionId,
        echoedTransactionId: reply.echoedTransactionId
    )
    _ = Envelope.check(
        status: reply.http.status,
        header: reply.header,
        sentTransactionId: reply.header.transactionId,
        echoedTransactionId: reply.header.transactionId
    )
}
