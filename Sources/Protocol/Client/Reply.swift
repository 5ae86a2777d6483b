import Transport

/// A decoded Gamebase answer plus what the checker needs to judge it.
public struct Reply<Body: Sendable>: Sendable {
    public var body: Body
    public var header: ResponseHeader
    /// The transaction id the request carried.
    public var sentTransactionId: String
    /// The `X-TCGB-Transaction-Id` response header, if any.
    public var echoedTransactionId: String?
    /// The raw exchange (status, headers, body bytes, timing).
    public var http: HTTPResponse

    public init(
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

    public var resultCode: ResultCode { header.resultCode }
    /// Both the response header and `header.transactionId` echo the id that was sent.
    public var transactionIdEchoed: Bool {
        echoedTransactionId == sentTransactionId && header.transactionId == sentTransactionId
    }
}

/// Answers of client operations.
public typealias ClientReply = Reply<ClientReplyBody>
