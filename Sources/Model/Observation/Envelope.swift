import Protocol

/// The checks every answer gets whatever the operation: HTTP 200 and the envelope (X2), and the
/// transaction id echoed in the response header and `header.transactionId` (X1).
package enum Envelope {
    package static func check(
        status: Int,
        header: ResponseHeader,
        sentTransactionId: String,
        echoedTransactionId: String?,
        messageForm: ResultMessageForm = .codeName
    ) -> Mismatch? {
        if status != 200 { return Mismatch(.X2, "HTTP status", expected: "200", observed: "\(status)") }
        if echoedTransactionId != sentTransactionId {
            return Mismatch(
                .X1,
                "X-TCGB-Transaction-Id",
                expected: sentTransactionId,
                observed: echoedTransactionId ?? "absent"
            )
        }
        if header.transactionId != sentTransactionId {
            return Mismatch(.X1, "header.transactionId", expected: sentTransactionId, observed: header.transactionId)
        }
        if header.isSuccessful != header.resultCode.isSuccess {
            return Mismatch(
                .X2,
                "header.isSuccessful",
                expected: "\(header.resultCode.isSuccess) for \(header.resultCode.rawValue)",
                observed: "\(header.isSuccessful)"
            )
        }
        let name = header.resultCode.name
        if messageForm == .codeName, header.resultMessage != name, !header.resultMessage.hasPrefix(name + ": ") {
            return Mismatch(.X2, "header.resultMessage", expected: "\(name)[: detail]", observed: header.resultMessage)
        }
        return nil
    }
}
