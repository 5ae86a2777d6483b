import Protocol

extension Action: CustomStringConvertible {
    /// A compact human-readable form: `login.idp d0 google(google#1) ignore`.
    package var description: String {
        let k = kind.rawValue
        switch self {
        case .loginGuest(let d, let i): return "\(k) \(d)\(i ? " ignoreAlreadyLoggedIn" : "")"
        case .loginIdP(let d, let c, let i): return "\(k) \(d) \(c)\(i ? " ignoreAlreadyLoggedIn" : "")"
        case .loginToken(let d, let t), .logout(let d, let t), .getMember(let d, let t), .mappingList(let d, let t),
            .withdraw(let d, let t), .requestTemporaryWithdrawal(let d, let t),
            .cancelTemporaryWithdrawal(let d, let t),
            .issueTransferAccount(let d, let t), .queryTransferAccount(let d, let t):
            return "\(k) \(d) \(t)"
        case .changeLogin(let d, let t, let key, let c), .addMappingForcibly(let d, let t, let key, let c):
            return "\(k) \(d) \(t) key=\(key) \(c)"
        case .addMapping(let d, let t, let c): return "\(k) \(d) \(t) \(c)"
        case .removeMapping(let d, let t, let x): return "\(k) \(d) \(t) \(x)"
        case .renewTransferAccount(let d, let t, let r): return "\(k) \(d) \(t) \(r)"
        case .transferLogin(let d, let c): return "\(k) \(d) \(c)"
        case .issueTransferKey(let d, let t, let e): return "\(k) \(d) \(t) expiresIn=\(e)"
        case .transferKeyLogin(let d, let key): return "\(k) \(d) \(key)"
        case .serverToken(let u, let t, let l): return "\(k) \(u) \(t)\(l ? " linkedIdP" : "")"
        case .serverMember(let u): return "\(k) \(u)"
        case .serverProfile(let u, let t): return "\(k) \(u) \(t)"
        case .serverMembers(let us): return "\(k) \(us.map(\.description).joined(separator: ","))"
        case .serverIdP(let c, let accs): return "\(k) \(c) \(accs.map(\.description).joined(separator: ","))"
        case .serverBan(let us, let b): return "\(k) \(us.map(\.description).joined(separator: ",")) \(b)"
        case .serverRelease(let us): return "\(k) \(us.map(\.description).joined(separator: ","))"
        case .serverValidate(let c): return "\(k) \(c)"
        case .serverWithdraw(let u, let r): return "\(k) \(u) regUser=\(r)"
        case .serverWithdrawals(let q): return "\(k) \(q)"
        case .advanceClock(let s): return "\(k) \(s)s"
        case .graceBan(let u, let s, let rule):
            guard let rule else { return "\(k) \(u) \(s)s" }
            return "\(k) \(u) \(s)s release=\(rule.conditionType):\(Int(rule.amount))\(rule.currency)/\(rule.count)"
        case .payment(let u, let amount, let currency): return "\(k) \(u) \(amount)\(currency)"
        }
    }
}
