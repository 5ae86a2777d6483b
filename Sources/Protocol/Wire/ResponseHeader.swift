/// The `header` object every Gamebase answer carries, success or failure, with HTTP status 200.
public struct ResponseHeader: Codable, Hashable, Sendable {
    public var transactionId: String
    public var isSuccessful: Bool
    public var resultCode: ResultCode
    public var resultMessage: String

    public init(transactionId: String, isSuccessful: Bool, resultCode: ResultCode, resultMessage: String) {
        self.transactionId = transactionId
        self.isSuccessful = isSuccessful
        self.resultCode = resultCode
        self.resultMessage = resultMessage
    }

    /// A header for `code`, with `resultMessage` set to the code's documented name.
    public init(transactionId: String, code: ResultCode, detail: String? = nil) {
        self.transactionId = transactionId
        self.isSuccessful = code.isSuccess
        self.resultCode = code
        if let detail, !detail.isEmpty {
            self.resultMessage = "\(code.name): \(detail)"
        } else {
            self.resultMessage = code.name
        }
    }
}

/// A body that is only the envelope (logout, withdraw, remove mapping, Server API withdraw…).
public struct EmptyResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public init(header: ResponseHeader) { self.header = header }
}
