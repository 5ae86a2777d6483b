import Protocol

/// The result codes with which a target says an operation failed without saying why
/// (`AUTH_UNKNOWN_ERROR`, `AUTH_LOGOUT_FAILED`…; `INTERNAL_SYSTEM_ERROR` on the Server API). Every
/// edition lists them, none says when they come. They are no semantic answer the model could
/// predict: an answer with one of them (for an operation it names) is a **server error**, counted
/// apart from violations (`server_error`), and the operation may or may not have been applied.
/// Never a code the model predicts (tested), so a semantic answer is never taken for one.
package enum GenericFailure {
    /// The generic failure codes of `kind`'s answers.
    package static func codes(for kind: OperationKind) -> [ResultCode] {
        if isServerSide(kind) { return [.internalSystemError] }
        return [own(kind), .authUnknownError].compactMap { $0 }
    }

    /// Whether `code` is a generic failure of `kind`: ``codes(for:)`` without building the list
    /// (asked of every answer).
    package static func isGeneric(_ code: ResultCode, for kind: OperationKind) -> Bool {
        if isServerSide(kind) { return code == .internalSystemError }
        return code == .authUnknownError || code == own(kind)
    }

    /// The Server API and test control fail with `INTERNAL_SYSTEM_ERROR` alone.
    private static func isServerSide(_ kind: OperationKind) -> Bool { kind.needsServerAPI || kind.needsTestControl }

    /// A client operation's own failure code, beside `AUTH_UNKNOWN_ERROR` which every one has.
    private static func own(_ kind: OperationKind) -> ResultCode? {
        switch kind {
        case .loginToken: .tokenLoginFailed
        case .mappingAdd, .mappingForcibly: .addMappingFailed
        case .logout: .logoutFailed
        case .withdraw, .withdrawTemporary, .withdrawCancel: .withdrawFailed
        default: nil
        }
    }
}
