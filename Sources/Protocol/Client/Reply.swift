import Transport

/// A decoded Gamebase answer plus what the checker needs to judge it.
package struct Reply<Body: Sendable>: Sendable {
    package var body: Body
    package var header: ResponseHeader
    /// The transaction id the request carried.
    package var sentTransactionId: String
    /// The `X-TCGB-Transaction-Id` response header, if any.
    package var echoedTransactionId: String?
    /// The raw exchange (status, headers, body bytes, timing).
    package var http: HTTPResponse

    package init(
        body: Body,
        header: ResponseHeader,
        sentTransactionId: String,
        echoedTransactionId: String?,
        http: HTTPResponse
    ) {
        self.body = body
        self.header = header
        self.sentTransactionId = sentTransactionId
        self.echoedTransactionId = echoedTransactionId
        self.http = http
    }

    package var resultCode: ResultCode { header.resultCode }
    /// Both the response header and `header.transactionId` echo the id that was sent.
    package var transactionIdEchoed: Bool {
        echoedTransactionId == sentTransactionId && header.transactionId == sentTransactionId
    }
}

/// Answers of client operations.
package typealias ClientReply = Reply<ClientReplyBody>
