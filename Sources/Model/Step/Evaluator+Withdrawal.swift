import Protocol

// §2.10–2.11: withdraw, temporary withdrawal; §4.9 deadlines.
extension Evaluator {
    mutating func withdraw(_ d: DeviceRef, _ arg: TokenArg) throws(MissingState) -> Outcome {
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        try s.withdraw(sess.user, WithdrawalRecord(eventLogType: "WAA", date: window.during), .W1)
        return done(.success, .W1, "\(sess.user) is withdrawn")
    }

    mutating func requestTemporaryWithdrawal(_ d: DeviceRef, _ arg: TokenArg) throws(MissingState) -> Outcome {
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        if try s.user(sess.user).temporaryWithdrawal != nil {
            return done(.withdrawAlreadyTemporaryWithdraw, .W4, "\(sess.user) already requested it")
        }
        let end = window.deadline(after: sem.withdrawal.gracePeriodMilliseconds)
        try s.editUser(sess.user) { $0.temporaryWithdrawal = end }
        return done(.success, .W4, "\(sess.user) becomes T", [.temporaryWithdrawal(user: sess.user)])
    }

    mutating func cancelTemporaryWithdrawal(_ d: DeviceRef, _ arg: TokenArg) throws(MissingState) -> Outcome {
        let sess: Session
        switch try preamble(d, arg) {
        case .stop(let o): return o
        case .pass(let p): sess = p
        }
        if try s.user(sess.user).temporaryWithdrawal == nil {
            return done(.withdrawNotTemporaryWithdraw, .W4, "\(sess.user) is not T")
        }
        try s.editUser(sess.user) { $0.temporaryWithdrawal = nil }
        return done(.success, .W4, "the request is cancelled")
    }

    /// §1.5, §4.9: every deadline the clock has passed takes effect before the request, in order.
    mutating func applyDeadlines() throws(MissingState) {
        enum Effect { case withdraw, banEnd, graceEnd, unblock }
        // Only the deadlines the window may have reached: most steps have none, and then neither
        // an array nor a sort (this runs on every step).
        let hi = window.hi
        var events: [(Deadline, Effect, Sym)] = []
        for (u, st) in s.users where !st.isWithdrawn {
            if let d = st.temporaryWithdrawal, d.earliest <= hi { events.append((d, .withdraw, u)) }
            if let b = st.ban, !b.permanent, let e = b.end, e <= hi {
                events.append((Deadline(exactly: e), .banEnd, u))
            }
            if let g = st.graceBan, g.earliest <= hi { events.append((g, .graceEnd, u)) }
        }
        for (a, ta) in s.transferAccounts {
            if let e = ta.blocked?.end, e.earliest <= hi { events.append((e, .unblock, a)) }
        }
        if events.count > 1 { events.sort { ($0.0.earliest, $0.2) < ($1.0.earliest, $1.2) } }
        for (d, effect, x) in events {
            switch effect {
            case .withdraw:
                guard s.users[x]?.temporaryWithdrawal == d, paths.passed(d) else { continue }
                // W5 makes the user D; what the withdrawal does (mappings freed, tokens dead) is W1.
                try s.withdraw(x, WithdrawalRecord(eventLogType: "WAGE", date: d), .W1)
            case .banEnd:
                // Only the temporary ban that ends then (a grace ban may have replaced it meanwhile).
                guard let b = s.users[x]?.ban, !b.permanent, b.end == d.earliest, paths.passed(d) else { continue }
                try s.editUser(x) { $0.ban = nil }
            case .graceEnd:
                guard s.users[x]?.graceBan == d, paths.passed(d) else { continue }
                try s.editUser(x) {
                    $0.endGraceBan()
                    $0.ban = BanState(permanent: true, end: nil, begin: d, message: nil)
                }
            case .unblock:
                guard s.transferAccounts[x]?.blocked != nil, paths.passed(d) else { continue }
                try s.editTransferAccount(x) {
                    $0.blocked = nil
                    $0.failCount = 0
                    $0.moreFailCounts = 0
                }
            }
        }
        // T15: a device's block for unknown ids ends with its count (independent of the above).
        func due(_ w: WrongIdState) -> Bool { w.blocked?.end.map { $0.earliest <= hi } ?? false }
        guard s.wrongIdDevices.values.contains(where: due) else { return }
        for (device, w) in s.wrongIdDevices.sorted(by: { $0.key.index < $1.key.index }) where due(w) {
            guard let e = w.blocked?.end, paths.passed(e) else { continue }
            s.wrongIdDevices[device] = nil
        }
    }
}
