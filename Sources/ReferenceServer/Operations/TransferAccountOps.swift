import GRDB
import Protocol
import RequestInput

/// TransferAccount issue, query and renew (docs/PROTOCOL.md §2.12).
enum TransferAccountOps {
    static func issue(_ s: OperationScope) throws -> ClientReplyBody {
        let (_, user) = try s.authenticate()
        let cfg = s.semantics.transferAccount
        guard cfg.enabled else { throw Rejection(.transferAccountConsoleNoCondition) }  // T1
        guard try isGuestOnly(s.db, user.userId) else { throw Rejection(.notGuestOrHasOthers) }  // T2
        guard try TransferAccountRow.fetch(s.db, user: user.userId) == nil else {
            throw Rejection(.transferAccountAlreadyExistID)  // T6
        }
        let row = TransferAccountRow(
            userId: user.userId,
            accountId: try newId(s),
            password: Identifiers.credential(cfg.passwordFormat),
            issuedType: "ISSUED",
            regDate: s.now,
            expiresAt: cfg.expirySeconds.map { s.now + $0 * 1000 }
        )
        try row.save(s.db)
        return ClientReplyBody(header: s.caller.header(), transferAccount: info(s, row, withPassword: true))
    }

    static func query(_ s: OperationScope) throws -> ClientReplyBody {
        let row = try existing(s)
        return ClientReplyBody(header: s.caller.header(), transferAccount: info(s, row, withPassword: false))
    }

    static func renew(_ s: OperationScope, _ input: RenewInput) throws -> ClientReplyBody {
        var row = try existing(s)
        let cfg = s.semantics.transferAccount
        switch (input.mode, input.target) {
        case ("AUTO", "PASSWORD"):
            row.password = Identifiers.credential(cfg.passwordFormat)
        case ("AUTO", _):
            row.accountId = try newId(s)
            row.password = Identifiers.credential(cfg.passwordFormat)
        default:
            let id = input.accountId ?? ""
            let password = input.accountPassword ?? ""
            guard cfg.idFormat.accepts(id) else { throw Rejection(.invalidParameter, "accountId format") }
            guard cfg.passwordFormat.accepts(password) else {
                throw Rejection(.invalidParameter, "accountPassword format")
            }
            guard id != row.accountId else { throw Rejection(.invalidParameter, "accountId unchanged") }
            guard cfg.passwordFormat == .disabled || password != row.password else {
                throw Rejection(.invalidParameter, "accountPassword unchanged")
            }
            // T7: the id must be free.
            guard try !TransferAccountRow.idExists(s.db, id) else { throw Rejection(.transferAccountAlreadyExistID) }
            row.accountId = id
            row.password = password
        }
        row.issuedType = "RENEWED"
        row.regDate = s.now
        row.expiresAt = cfg.expirySeconds.map { s.now + $0 * 1000 }
        row.used = false
        try row.save(s.db)
        return ClientReplyBody(header: s.caller.header(), transferAccount: info(s, row, withPassword: true))
    }

    /// The preamble, 3045 and 3046 shared by query and renew.
    private static func existing(_ s: OperationScope) throws -> TransferAccountRow {
        let (_, user) = try s.authenticate()
        guard s.semantics.transferAccount.enabled else { throw Rejection(.transferAccountConsoleNoCondition) }
        guard let row = try TransferAccountRow.fetch(s.db, user: user.userId) else {
            throw Rejection(.transferAccountNotExist)  // T6
        }
        return row
    }

    static func isGuestOnly(_ db: Database, _ userId: String) throws -> Bool {
        let codes = try db.strings("SELECT idPCode FROM mapping WHERE userId = ?", [userId])
        return codes == [IdPCode.guest.rawValue]
    }

    private static func newId(_ s: OperationScope) throws -> String {
        var id = Identifiers.credential(s.semantics.transferAccount.idFormat)
        while try TransferAccountRow.idExists(s.db, id) {
            id = Identifiers.credential(s.semantics.transferAccount.idFormat)
        }
        return id
    }

    static func info(_ s: OperationScope, _ row: TransferAccountRow, withPassword: Bool) -> TransferAccountInfo {
        TransferAccountInfo(
            issuedType: row.issuedType,
            account: TransferAccountCredentials(id: row.accountId, password: withPassword ? row.password : nil),
            condition: TransferAccountCondition(
                transferAccountType: s.semantics.transferAccount.oneTime ? "ONE_TIME" : "UNLIMITED",
                expirationType: row.expiresAt == nil ? "UNLIMITED" : "LIMITED",
                expirationDate: row.expiresAt
            )
        )
    }
}
