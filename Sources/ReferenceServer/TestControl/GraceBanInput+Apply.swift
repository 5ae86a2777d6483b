import Foundation
import GRDB
import Protocol
import RequestInput

/// Sets the grace ban a `POST …/members/{userId}/grace-ban` asked for (B5).
extension GraceBanInput {
    static func apply(_ s: OperationScope, _ input: GraceBanInput) throws -> GraceBanResponse {
        guard var user = try UserRow.fetch(s.db, input.userId) else { throw Rejection(.memberNotExist) }
        guard user.valid != .withdrawn, user.valid != .lost else { throw Rejection(.memberAlreadyWithdrawn) }
        // A new grace ban replaces the pending one, its conditions and what was paid towards them.
        user.clearGraceBan()
        user.graceBanUntil = s.now + input.seconds * 1000
        user.graceBanMessage = input.message
        user.graceBanRule = input.rule.flatMap { try? String(decoding: JSONEncoder().encode($0), as: UTF8.self) }
        try user.update(s.db)
        s.backend.noteDeadline(user.graceBanUntil!)
        return GraceBanResponse(s.caller.header(), graceBanInfo: MemberView.graceBanInfo(user))
    }
}
