/// The `header` object every Gamebase answer carries, success or failure, with HTTP status 200.
package struct ResponseHeader: Codable, Hashable, Sendable {
    package var transactionId: String
    package var isSuccessful: Bool
    package var resultCode: ResultCode
    package var resultMessage: String

    package init(transactionId: String, isSuccessful: Bool, resultCode: ResultCode, resultMessage: String) {
        self.transactionId = transactionId
        self.isSuccessful = isSuccessful
        self.resultCode = resultCode
        self.resultMessage = resultMessage
    }

    /// A header for `code`, with `resultMessage` set to the code's documented name.
    package init(transactionId: String, code: ResultCode, detail: String? = nil) {
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
package struct EmptyResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package init(header: ResponseHeader) { self.header = header }
}
