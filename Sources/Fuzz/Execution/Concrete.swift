import Model
import Protocol

/// The concrete strings of a planned operation (shared by the executor and the curl writer).
package struct Concrete: Sendable {
    package let planned: PlannedOperation
    /// The TransferAccount id and password formats (all of the semantics a value needs; a copy of
    /// the whole ``Semantics`` per operation was measurable).
    let idFormat: CredentialFormat
    let passwordFormat: CredentialFormat
    package init(_ planned: PlannedOperation, semantics: Semantics) {
        self.planned = planned
        self.idFormat = semantics.transferAccount.idFormat
        self.passwordFormat = semantics.transferAccount.passwordFormat
    }

    var op: Op { planned.op }
    var ids: Identities { planned.identities }

    /// The device id sent: broken when the step has a device id edge.
    package func device(_ d: DeviceRef) -> String { op.edge?.device(ids.device(d)) ?? ids.device(d) }
    /// An integer JSON field as written: in the step's number form (an edge), else plain digits.
    package func integerText(_ n: Int64) -> String {
        if case .numberForm(let f)? = op.edge { f.text(n) } else { String(n) }
    }

    package func token(_ t: TokenArg) -> String? {
        switch t {
        case .none: nil
        case .garbage:
            // Only E1 and E16 carry the token in their path; everywhere else it is the Authorization
            // header, which an edge stretches with ASCII only (HTTP layers refuse non-ASCII header bytes).
            op.kind == .serverToken || op.kind == .serverProfile
                ? madeUp(ids.garbageToken(op: op.id))
                : op.edge?.asciiOnly.madeUp(ids.garbageToken(op: op.id)) ?? ids.garbageToken(op: op.id)
        case .token(let s): op.values[s] ?? ids.garbageToken(op: op.id)
        }
    }

    package func user(_ u: UserArg, index: Int = 0) -> String {
        switch u {
        case .unknown: madeUp(ids.unknownUser(op: op.id, index: index))
        case .user(let s): op.values[s] ?? ids.unknownUser(op: op.id, index: index)
        }
    }

    /// The IdP code of a path parameter: the made-up one stretched like any made-up value.
    package func idPCode(_ x: IdPCode) -> IdPCode {
        x == .madeUp ? IdPCode(madeUp(x.rawValue)) : x
    }

    /// A made-up value, stretched to the length of the step's made-up value edge when it has one.
    func madeUp(_ value: String) -> String { op.edge?.madeUp(value) ?? value }

    package func users(_ us: [UserArg]) -> [String] { us.enumerated().map { user($1, index: $0) } }

    package func ticket(_ k: TicketArg) -> String {
        if case .ticket(let s) = k, let v = op.values[s] { return v }
        return madeUp(ids.garbageForcingKey(op: op.id))
    }

    package func transferKey(_ k: KeyArg) -> String {
        if case .key(let s) = k, let v = op.values[s] { return v }
        return madeUp(ids.garbageTransferKey(op: op.id))
    }

    package func credential(_ c: CredentialArg, isId: Bool) -> String {
        if case .value(let s) = c, let v = op.values[s] { return v }
        let format = isId ? idFormat : passwordFormat
        return ids.chosen(format == .disabled ? .digitsLowerUpper : format, isId ? "unknown-id" : "wrong-pw", op: op.id)
    }

    package func manual(_ m: ManualValue, isId: Bool) -> String {
        switch m {
        case .fresh(let s): return op.values[s] ?? ""
        case .current:
            return op.values[isId ? PlannedOperation.currentIdKey : PlannedOperation.currentPasswordKey] ?? ""
        case .badFormat: return "bad format!"
        case .otherAccount(let s): return op.values[s] ?? ""
        }
    }

    /// The IdP access token of a login or mapping (minted when the step was planned).
    package var idPToken: String? { op.idPToken }

    package var banEndISO: String? { op.banEnd.map(date) }
    /// E15's `begin` and `end` (the epoch when the step was planned without a target).
    package var historyDates: (begin: String, end: String) {
        let span = op.historySpan ?? HistorySpan(begin: 0, end: 0)
        return (date(span.begin), date(span.end))
    }

    /// A date as sent: in the step's date form (an edge), else ISO-8601 in UTC.
    package func date(_ ms: Int64) -> String {
        if case .dateForm(let f)? = op.edge, op.action.hasDateField { return f.text(ms) }
        return GamebaseDate.iso8601(milliseconds: ms)
    }
}
