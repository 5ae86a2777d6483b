import Basics
import Model
import Protocol

/// Writes the answer a server following `outcome` would give, inventing fresh values.
struct Renderer {
    let identities: Identities
    let semantics: Semantics
    let now: Int64
    var counter: UInt64
    let op: Op

    mutating func fresh(_ alphabet: [Character], _ n: Int) -> String {
        counter += 1
        var rng = SplitMix64(seed: StableHash.of(identities.salt, String(counter), String(op.id)))
        return String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
    }
    static let userAlphabet = Array("ABCDFGHJKLMNPQRSTWXYZ1346789")
    static let b64 = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    static let alnum = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// The value of `s` in `st`, or a new one of its kind.
    mutating func value(_ s: Sym, _ st: inout ModelState) -> String {
        if let v = st.value(of: s) ?? op.values[s] { return v }
        let v: String
        switch s.kind {
        case .user: v = fresh(Self.userAlphabet, 16)
        case .token: v = fresh(Self.b64, 43)
        case .ticket: v = fresh(Self.alnum, 32)
        case .transferId, .chosenId:
            v = fresh(semantics.transferAccount.idFormat.alphabet, semantics.transferAccount.idFormat.minimumLength)
        case .transferPassword, .chosenPassword:
            let f = semantics.transferAccount.passwordFormat
            v = f == .disabled ? "" : fresh(f.alphabet, f.minimumLength)
        case .transferKey: v = fresh(Self.alnum, 8)
        case .transferAccount: v = ""
        }
        st.bind(s, v)
        return v
    }

    func authList(_ u: UserState, _ uid: String) -> [AuthMappingInfo] {
        u.authList.sorted().map {
            AuthMappingInfo(userId: uid, idPCode: $0.idPCode, authKey: identities.idPId($0), regDate: now)
        }
    }

    mutating func render(_ o: Outcome) -> Observation {
        var st = o.next
        let header = ResponseHeader(transactionId: "sim", code: o.code)
        var body = ClientReplyBody(header: header)
        var server: Observation?
        for e in o.expectations {
            switch e {
            case .member(let em):
                let uid = value(em.user, &st)
                let u = st.users[em.user]!
                body.member = Member(
                    userId: uid,
                    valid: em.valid,
                    appId: semantics.appId,
                    regDate: now,
                    lastLoginDate: em.lastLoginDate ? now : nil,
                    authList: authList(u, uid),
                    temporaryWithdrawal: em.valid == .temporaryWithdrawal
                        ? u.temporaryWithdrawal.map { .init(gracePeriodDate: $0.earliest) } : nil,
                    graceBanInfo: em.valid == .graceBan ? graceBanInfo(u) : nil
                )
            case .newToken(let t, _), .sameToken(let t):
                body.token = TokenInfo(accessToken: value(t, &st), expirationDate: st.tokens[t]!.expiry.earliest)
            case .lastLoggedInProvider(let c, _): body.lastLoggedInProvider = c
            case .mappingList(let u): body.authMappingList = st.users[u]!.authList.map(\.idPCode).sorted()
            case .temporaryWithdrawal(let u):
                body.temporaryWithdrawal = TemporaryWithdrawalInfo(
                    gracePeriodDate: st.users[u]!.temporaryWithdrawal!.earliest
                )
            case .transferAccount(let et):
                let ta = st.transferAccounts[et.account]!
                let sem = semantics.transferAccount
                body.transferAccount = TransferAccountInfo(
                    issuedType: et.issuedType,
                    account: .init(id: value(et.id, &st), password: et.password.map { value($0, &st) }),
                    condition: .init(
                        transferAccountType: sem.oneTime ? "ONE_TIME" : "UNLIMITED",
                        expirationType: sem.expirySeconds == nil ? "UNLIMITED" : "LIMITED",
                        expirationDate: ta.expiry?.earliest
                    )
                )
            case .transferKey(let k):
                body.transferKey = TransferKeyInfo(
                    transferKey: value(k, &st),
                    regDate: now,
                    expireDate: st.transferKeys[k]!.expiry.earliest
                )
            case .ticket(let et):
                body.forcingMappingTicket = ForcingMappingTicket(
                    userId: value(et.requester, &st),
                    mappedUserId: value(et.owner, &st),
                    mappedUserValid: et.ownerValid,
                    idPCode: et.account.idPCode,
                    idPId: semantics.shapes.ticketIdPId == .required ? identities.idPId(et.account) : nil,
                    forcingMappingKey: value(et.ticket, &st),
                    expirationDate: et.expiry.earliest,
                    accessToken: op.idPToken ?? ""
                )
            case .failInfo(let a, let n):
                let ta = st.transferAccounts[a]!
                body.failTransferAccount = TransferAccountFailInfo(
                    appId: semantics.appId,
                    id: value(ta.id, &st),
                    failCount: n,
                    blockEndDate: ta.blocked?.end?.earliest ?? Int64.max / 2,
                    regDate: now
                )
            case .deviceFailInfo(let d, let n):
                body.failTransferAccount = TransferAccountFailInfo(
                    appId: semantics.appId,
                    id: "unknown",
                    failCount: n,
                    blockEndDate: st.wrongIdDevices[d]?.blocked?.end?.earliest ?? Int64.max / 2,
                    regDate: now
                )
            case .banInfo(let u):
                let b = st.users[u]!.ban!
                body.banInfo = BanInfo(
                    userId: value(u, &st),
                    banType: b.permanent ? "PERMANENT" : "TEMPORARY",
                    beginDate: b.begin.earliest,
                    endDate: b.end,
                    csInfo: semantics.shapes.banInfoContact == .required ? "" : nil,
                    csUrl: semantics.shapes.banInfoContact == .required ? "" : nil
                )
            default:
                server = renderServer(e, o, &st)
            }
        }
        return server ?? .client(body)
    }
}
