import Protocol

/// Request and cancel temporary withdrawal (docs/PROTOCOL.md §2.11, W4).
enum TemporaryWithdrawal {
    static func request(_ s: OperationScope) throws -> ClientReplyBody {
        var (_, user) = try s.authenticate()
        if user.tempWithdrawalUntil != nil, !s.bug(.tempWithdrawTwice) {
            throw Rejection(.withdrawAlreadyTemporaryWithdraw)
        }
        let until = s.now + s.semantics.withdrawal.gracePeriodMilliseconds
        user.tempWithdrawalUntil = until
        try user.update(s.db)
        s.backend.noteDeadline(until)
        return ClientReplyBody(
            header: s.caller.header(),
            temporaryWithdrawal: TemporaryWithdrawalInfo(gracePeriodDate: until)
        )
    }

    static func cancel(_ s: OperationScope) throws -> ClientReplyBody {
        var (_, user) = try s.authenticate()
        guard user.tempWithdrawalUntil != nil else { throw Rejection(.withdrawNotTemporaryWithdraw) }
        user.tempWithdrawalUntil = nil
        try user.update(s.db)
        return ClientReplyBody(header: s.caller.header())
    }
}
