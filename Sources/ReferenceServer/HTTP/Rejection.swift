import Protocol

/// A semantic failure that changes nothing: thrown by an operation, it rolls back the operation's
/// savepoint (never the deadlines settled before it) and answers with `code` and its extras.
struct Rejection: Error, Sendable {
    var code: ResultCode
    var detail: String = ""
    var banInfo: BanInfo?
    var failTransferAccount: TransferAccountFailInfo?

    init(_ code: ResultCode, _ detail: String = "", banInfo: BanInfo? = nil) {
        self.code = code
        self.detail = detail
        self.banInfo = banInfo
    }

    /// The envelope body (extras only exist on client operations).
    func body(transactionId: String) -> ClientReplyBody {
        ClientReplyBody(
            header: ResponseHeader(transactionId: transactionId, code: code, detail: detail),
            failTransferAccount: failTransferAccount,
            banInfo: banInfo
        )
    }
}
