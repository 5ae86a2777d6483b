import Foundation
import GRDB
import Protocol

/// Builds the member objects of answers (docs/PROTOCOL.md §1.8, §3) from a settled user row.
enum MemberView {
    static func client(_ db: Database, _ backend: Backend, user: UserRow, lastLoginDate: Int64?) throws -> Member {
        client(backend, user: user, mappings: try MappingRow.of(db, user: user.userId), lastLoginDate: lastLoginDate)
    }

    /// The member from a settled user row and its mappings.
    static func client(_ backend: Backend, user: UserRow, mappings: [MappingRow], lastLoginDate: Int64?) -> Member {
        let valid = user.valid
        return Member(
            userId: user.userId,
            valid: valid,
            appId: backend.appId,
            regDate: user.regDate,
            lastLoginDate: lastLoginDate,
            authList: mappings.map {
                AuthMappingInfo(userId: $0.userId, idPCode: IdPCode($0.idPCode), authKey: $0.idPId, regDate: $0.regDate)
            },
            temporaryWithdrawal: valid == .temporaryWithdrawal
                ? user.tempWithdrawalUntil.map(TemporaryWithdrawalInfo.init(gracePeriodDate:)) : nil,
            graceBanInfo: valid == .graceBan ? graceBanInfo(user) : nil
        )
    }

    static func graceBanInfo(_ user: UserRow) -> GraceBanInfo? {
        guard let until = user.graceBanUntil else { return nil }
        let rule = user.graceRule
        return GraceBanInfo(
            gracePeriodDate: until,
            message: user.graceBanMessage ?? "",
            paymentStatus: rule.map {
                PaymentStatus(amount: user.gracePaidAmount, count: user.gracePaidCount, currency: $0.currency)
            },
            releaseRuleCondition: rule
        )
    }

    /// The ban of `user`; the contact fields only when `shapes.banInfoContact` is `required`.
    static func banInfo(_ user: UserRow, _ semantics: Semantics) -> BanInfo {
        let contact = semantics.shapes.banInfoContact == .required
        return BanInfo(
            userId: user.userId,
            banType: user.banType ?? "PERMANENT",
            beginDate: user.banBegin ?? 0,
            endDate: user.banType == "TEMPORARY" ? user.banEnd : nil,
            message: user.banMessage ?? "",
            csInfo: contact ? "gbfuzz reference server" : nil,
            csUrl: contact ? "http://127.0.0.1/cs" : nil
        )
    }

    /// The Server API member (ISO dates). Withdrawn users have no `lastLoginDate` (W2).
    static func server(
        _ db: Database,
        _ backend: Backend,
        user: UserRow,
        includeTemporaryWithdrawal: Bool
    ) throws -> ServerMember {
        let valid = user.valid
        let mappings = try MappingRow.of(db, user: user.userId)
        return ServerMember(
            userId: user.userId,
            valid: valid,
            appId: backend.appId,
            regDate: GamebaseDate.iso8601(milliseconds: user.regDate),
            lastLoginDate: valid == .withdrawn ? nil : user.lastLoginDate.map(GamebaseDate.iso8601(milliseconds:)),
            authList: mappings.map {
                ServerAuthMapping(
                    userId: $0.userId,
                    idPCode: IdPCode($0.idPCode),
                    authKey: $0.idPId,
                    regDate: GamebaseDate.iso8601(milliseconds: $0.regDate)
                )
            },
            temporaryWithdrawal: includeTemporaryWithdrawal ? temporaryWithdrawal(user) : nil
        )
    }

    static func temporaryWithdrawal(_ user: UserRow) -> ServerTemporaryWithdrawal? {
        guard user.valid == .temporaryWithdrawal, let until = user.tempWithdrawalUntil else { return nil }
        return ServerTemporaryWithdrawal(gracePeriodDate: GamebaseDate.iso8601(milliseconds: until))
    }

    static func summary(_ backend: Backend, user: UserRow) -> MemberSummary {
        let valid = user.valid
        return MemberSummary(
            user.userId,
            valid: valid,
            appId: backend.appId,
            regDate: GamebaseDate.iso8601(milliseconds: user.regDate),
            lastLoginDate: valid == .withdrawn ? nil : user.lastLoginDate.map(GamebaseDate.iso8601(milliseconds:))
        )
    }
}
