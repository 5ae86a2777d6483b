import Protocol

/// The bodies of E8 Ban and E11 Ban Release (docs/PROTOCOL.md §3), read as §1.3 ranks bad input.
package struct BanInput: Sendable {
    package var userIds: [String]
    package var banType: String
    package var end: Int64?
    package var reason: String

    /// Bad-input checks of E8, ranked by §1.3.
    package static func parse(_ json: JSONValue?, now: Int64) throws -> BanInput {
        let v = Validator()
        guard case .object(let o)? = json else { throw GamebaseFailure(.malformedJSON) }
        let r = ObjectReader(o, v)
        let ids = r.strings("userIdList", required: true, maxCount: ListLimits.userIdList)
        if ids?.isEmpty == true { v.report(.missing, "userIdList is empty") }
        let type = r.oneOf("banTypeCode", ["TEMPORARY", "PERMANENT"], required: true)
        var end: Int64?
        if type == "TEMPORARY", let text = r.string("end", required: true) {
            end = v.date(text, "end")
            if let e = end, e <= now { v.report(.inappropriateValue, "end is not after now") }
        }
        _ = r.int("templateCode")
        let reason = r.string("banReason")
        for key in ["flags", "banCaller", "regUser"] { _ = r.string(key) }
        try v.check()
        return BanInput(userIds: ids ?? [], banType: type ?? "", end: end, reason: reason ?? "")
    }

    /// Bad-input checks of E11.
    package static func parseRelease(_ json: JSONValue?) throws -> [String] {
        let v = Validator()
        guard case .object(let o)? = json else { throw GamebaseFailure(.malformedJSON) }
        let r = ObjectReader(o, v)
        let ids = r.strings("userIdList", required: true, maxCount: ListLimits.userIdList)
        if ids?.isEmpty == true { v.report(.missing, "userIdList is empty") }
        for key in ["banReleaseReason", "banReleaseCaller", "releaseUser"] { _ = r.string(key) }
        try v.check()
        return ids ?? []
    }
}
