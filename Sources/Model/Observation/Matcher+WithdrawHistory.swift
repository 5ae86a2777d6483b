import Protocol

// E15 answers: a partial oracle. The page may list other players' withdrawals, which the state
// does not know; everything else about it is checked.
extension Ctx {
    /// Every entry within the window, of the type asked for, each withdrawal once in the order asked
    /// for, at most `size` of them; each withdrawal of the state's users as the state has it (type,
    /// `regUser`, a date its request's window admits, which then becomes exact); a user the state
    /// has not withdrawn never listed; and, when the page holds every entry (the first page, not
    /// full), every withdrawal of the state's users that surely lies in the window listed.
    /// `pagingInfo` must agree with the page.
    mutating func checkHistory(_ h: ExpectedHistory, _ st: inout ModelState) throws(MissingState) -> Mismatch? {
        guard case .withdrawHistories(let b) = obs, let rows = b.result else {
            return fail(.E15, "result", "present", "absent")
        }
        if rows.count > h.size { return fail(.E15, "result", "at most \(h.size) entries", "\(rows.count)") }
        var previous: (date: Int64, userId: String)?
        var listed: Set<Sym> = []
        for (i, row) in rows.enumerated() {
            let field = "result[\(i)]"
            guard let date = GamebaseDate.parseISO8601(row.date) else {
                return fail(.E15, "\(field).date", "an ISO-8601 date", row.date)
            }
            if date < h.span.begin || date > h.span.end {
                return fail(.E15, "\(field).date", "within \(h.span)", "\(row.date) (\(date))")
            }
            if !HistoryQuery.eventLogTypes.contains(row.eventLogType)
                || (h.eventLogType ?? row.eventLogType) != row.eventLogType
            {
                return fail(.E15, "\(field).eventLogType", h.eventLogType ?? "WAA, WAES or WAGE", row.eventLogType)
            }
            if let p = previous {
                let (before, this) = ((p.date, p.userId), (date, row.userId))
                if h.descending ? before <= this : before >= this {
                    return fail(
                        .E15,
                        "\(field)",
                        "each withdrawal once, by date then userId \(h.descending ? "DESC" : "ASC")",
                        "\(row.userId) at \(date) after \(p.userId) at \(p.date)"
                    )
                }
            }
            previous = (date, row.userId)
            guard let u = st.symbol(forValue: row.userId, kind: .user), let user = st.users[u] else { continue }
            listed.insert(u)
            if let f = try checkListed(u, user, row, date, field: field, &st) { return f }
        }
        let complete = h.page == 0 && (rows.count < h.size || b.pagingInfo?.totalElements == rows.count)
        if complete {
            for (u, user) in st.users.sorted(by: { $0.key < $1.key }) where !listed.contains(u) {
                guard let w = user.withdrawal, let v = st.value(of: u) else { continue }
                let range = w.date.valueRange
                guard range.lowerBound >= h.span.begin, range.upperBound <= h.span.end,
                    (h.eventLogType ?? w.eventLogType) == w.eventLogType
                else { continue }
                return fail(
                    .W2,
                    "result",
                    "includes \(u) (\(v)), withdrawn (\(w.eventLogType)) at \(w.date)",
                    "omitted"
                )
            }
        }
        return checkPaging(h, b.pagingInfo, rows.count)
    }

    /// One of the state's users, listed: withdrawn as the state has it.
    private func checkListed(
        _ u: Sym,
        _ user: UserState,
        _ row: WithdrawHistory,
        _ date: Int64,
        field: String,
        _ st: inout ModelState
    ) throws(MissingState) -> Mismatch? {
        guard let w = user.withdrawal else {
            return fail(.W2, field, "\(u) not listed (\(user.valid.rawValue), not withdrawn)", row.userId)
        }
        if row.eventLogType != w.eventLogType {
            return fail(w.eventLogType == "WAGE" ? .W5 : .W2, "\(field).eventLogType", w.eventLogType, row.eventLogType)
        }
        if row.regUser != w.regUser {
            return fail(
                w.eventLogType == "WAES" ? .E14 : .W2,
                "\(field).regUser",
                w.regUser ?? "null",
                row.regUser ?? "null"
            )
        }
        switch self.date(w.date, date, rule: .W2, field: "\(field).date") {
        case .failure(let f): return f
        case .success(let d): try st.editUser(u) { $0.withdrawal?.date = d }
        }
        return nil
    }

    /// `pagingInfo` (§3 E15): the page asked for, its entries counted, and totals that agree with
    /// them (`totalPages` = ⌈`totalElements` / `size`⌉; a page past the last is empty and `last`).
    private func checkPaging(_ h: ExpectedHistory, _ p: PagingInfo?, _ count: Int) -> Mismatch? {
        guard let p else { return fail(.E15, "pagingInfo", "present", "absent") }
        let (page, size) = (Int(h.page), Int(h.size))
        if p.page != page { return fail(.E15, "pagingInfo.page", "\(page)", "\(p.page)") }
        if p.size != size { return fail(.E15, "pagingInfo.size", "\(size)", "\(p.size)") }
        if p.numberOfElements != count {
            return fail(.E15, "pagingInfo.numberOfElements", "\(count)", "\(p.numberOfElements)")
        }
        let onPage = max(0, min(size, p.totalElements - page * size))
        if p.totalElements < 0 || onPage != count {
            return fail(.E15, "pagingInfo.totalElements", "\(count) of them on page \(page)", "\(p.totalElements)")
        }
        let pages = (p.totalElements + size - 1) / size
        if p.totalPages != pages {
            return fail(.E15, "pagingInfo.totalPages", "\(pages) (of \(p.totalElements))", "\(p.totalPages)")
        }
        if p.first != (page == 0) { return fail(.E15, "pagingInfo.first", "\(page == 0)", "\(p.first)") }
        if p.last != (page >= pages - 1) { return fail(.E15, "pagingInfo.last", "\(page >= pages - 1)", "\(p.last)") }
        return nil
    }
}
