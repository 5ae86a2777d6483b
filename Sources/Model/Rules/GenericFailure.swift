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
        if kind.needsServerAPI || kind.needsTestControl { return [.internalSystemError] }
        switch kind {
        case .loginToken: return [.tokenLoginFailed, .authUnknownError]
        case .mappingAdd, .mappingForcibly: return [.addMappingFailed, .authUnknownError]
        case .logout: return [.logoutFailed, .authUnknownError]
        case .withdraw, .withdrawTemporary, .withdrawCancel: return [.withdrawFailed, .authUnknownError]
        default: return [.authUnknownError]
        }
    }

    /// Whether `code` is a generic failure of `kind`: ``codes(for:)`` without building the list
    /// (asked of every answer).
    package static func isGeneric(_ code: ResultCode, for kind: OperationKind) -> Bool {
        if kind.needsServerAPI || kind.needsTestControl { return code == .internalSystemError }
        if code == .authUnknownError { return true }
        switch kind {
        case .loginToken: return code == .tokenLoginFailed
        case .mappingAdd, .mappingForcibly: return code == .addMappingFailed
        case .logout: return code == .logoutFailed
        case .withdraw, .withdrawTemporary, .withdrawCancel: return code == .withdrawFailed
        default: return false
        }
    }
}
