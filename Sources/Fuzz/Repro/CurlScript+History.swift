import Model

// The verdict of a script whose last step is E15: the oracle's page checks (Matcher+WithdrawHistory)
// made again on the last answer by a few lines of python, with the model's withdrawals as the
// script's own simulated run left them, moved to the target's time.
extension CurlScript {
    /// The page checks, when the finding is about an E15 page (`result…`, `pagingInfo…`) and the
    /// last step sent one; `nil` otherwise. UNCHECKED on a target without test control (its clock
    /// runs on) and when the page cannot be read (a date the python does not parse).
    func historyVerdict(_ rule: String, last: PlannedOperation?, final: ModelState) -> [String]? {
        guard repro.field.hasPrefix("result") || repro.field.hasPrefix("pagingInfo"),
            let last, case .serverWithdrawals(let q) = last.op.action, let span = last.op.historySpan
        else { return nil }
        guard repro.capabilities.testControl else {
            // Without test control the target's clock runs on while the script runs, and the
            // script cannot know the skew: the model's exact dates would not be the target's.
            return [
                "echo \"VERDICT: UNCHECKED \(rule): a page judged by dates, on a target whose clock the script cannot freeze; gbfuzz replay judges it at the target's time\"; exit 0"
            ]
        }
        func at(_ ms: Int64) -> String { "$((NOW0 + \(ms - Self.simulatedStart)))" }
        // One argument per user the script knows: `value|type|regUser|lo|hi` (type `-`: not withdrawn).
        var users: [String] = []
        for u in final.boundUsers {
            guard let user = final.users[u] else { continue }
            guard let w = user.withdrawal else {
                users.append("\"${\(u):-}|-|-|0|0\"")
                continue
            }
            let r = w.date.valueRange
            users.append("\"${\(u):-}|\(w.eventLogType)|\(w.regUser ?? "-")|\(at(r.lowerBound))|\(at(r.upperBound))\"")
        }
        let args =
            [at(span.begin), at(span.end), "\(q.size)", "\(q.page)", q.order, q.eventLogType ?? "-"] + users
        return [
            "if ! WHY=$(RESP=\"$RESP\" python3 -c '\(Self.pageCheck)' \(args.joined(separator: " "))); then echo \"VERDICT: UNCHECKED \(rule): the page could not be read; compare it above with the model's expectation\"; exit 0; fi",
            "if [ -n \"$WHY\" ]; then echo \"VERDICT: REPRODUCED \(rule): $WHY\"; exit 2; fi",
            "echo \"VERDICT: not reproduced (the page is as the model expects)\"; exit 0",
        ]
    }

    /// The python that judges a page: prints why it does not fit, or nothing.
    static let pageCheck = """
        import json, os, sys, datetime
        r = json.loads(os.environ["RESP"])
        b, e, size, page, desc, typ = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "DESC", sys.argv[6]
        epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
        ms = lambda s: (datetime.datetime.fromisoformat(s.replace("Z", "+00:00")) - epoch) // datetime.timedelta(milliseconds=1)
        def why():
            rows = r.get("result")
            if rows is None: return "result is absent"
            if len(rows) > size: return "%d entries, more than size %d" % (len(rows), size)
            prev = None
            for i, x in enumerate(rows):
                t, k = ms(x["date"]), (ms(x["date"]), x["userId"])
                if not b <= t <= e: return "result[%d].date %s is outside the window" % (i, x["date"])
                if typ != "-" and x["eventLogType"] != typ: return "result[%d].eventLogType %s, asked for %s" % (i, x["eventLogType"], typ)
                if prev is not None and (k >= prev if desc else k <= prev): return "result[%d] is out of order" % i
                prev = k
            listed = {x["userId"]: x for x in rows}
            complete = page == 0 and (len(rows) < size or (r.get("pagingInfo") or {}).get("totalElements") == len(rows))
            for spec in sys.argv[7:]:
                v, ty, reg, lo, hi = spec.split("|")
                x, lo, hi = listed.get(v), int(lo), int(hi)
                if not v: continue
                if ty == "-":
                    if x: return "%s is listed, and it is not withdrawn" % v
                elif x:
                    if x["eventLogType"] != ty: return "%s is listed as %s, withdrawn as %s" % (v, x["eventLogType"], ty)
                    if (x.get("regUser") or "-") != reg: return "%s has regUser %s, not %s" % (v, x.get("regUser"), reg)
                    if not lo <= ms(x["date"]) <= hi: return "%s is dated %s, withdrawn at %d..%d" % (v, x["date"], lo, hi)
                elif complete and b <= lo and hi <= e and typ in ("-", ty): return "%s (withdrawn %s at %d..%d) is omitted" % (v, ty, lo, hi)
            p = r.get("pagingInfo")
            if p is None: return "pagingInfo is absent"
            total = p.get("totalElements", -1)
            pages = (total + size - 1) // size
            want = {"page": page, "size": size, "numberOfElements": len(rows), "totalPages": pages, "first": page == 0, "last": page >= pages - 1}
            for f, w in want.items():
                if p.get(f) != w: return "pagingInfo.%s is %s, not %s" % (f, p.get(f), w)
            if total < 0 or max(0, min(size, total - page * size)) != len(rows): return "pagingInfo.totalElements %s disagrees with the page" % total
            return ""
        print(why())
        """
}
