import Model
import Protocol

extension Renderer {
    func iso(_ ms: Int64) -> String { GamebaseDate.iso8601(milliseconds: ms) }

    mutating func serverMember(_ u: Sym, _ st: inout ModelState, withTW: Bool) -> ServerMember {
        let user = st.users[u]!
        let uid = value(u, &st)
        return ServerMember(
            userId: uid,
            valid: user.valid,
            appId: semantics.appId,
            regDate: iso(now),
            lastLoginDate: user.isWithdrawn ? nil : iso(now),
            authList: user.authList.sorted().map {
                ServerAuthMapping(userId: uid, idPCode: $0.idPCode, authKey: identities.idPId($0), regDate: iso(now))
            },
            temporaryWithdrawal: withTW
                ? user.temporaryWithdrawal.map { ServerTemporaryWithdrawal(gracePeriodDate: iso($0.earliest)) } : nil
        )
    }

    /// E3's `memberInfo`: the device facts a faithful target reports, constant placeholders here.
    static let memberInfo = MemberInfo(
        "KR",
        usimCountryCode: "KR",
        language: "en",
        osCode: "IOS",
        telecom: "x",
        storeCode: "AS",
        network: "wifi",
        deviceModel: "x",
        osVersion: "1",
        sdkVersion: "1",
        clientVersion: "1"
    )

    /// Mints the IdP tokens E16 answers with: set up once (an HMAC key per answer otherwise). The
    /// matcher reads only the account a token names, so the secret is immaterial.
    static let signer = IdPTokenSigner(secret: IdPTokenSigner.defaultSecret)

    mutating func renderServer(_ e: Expectation, _ o: Outcome, _ st: inout ModelState) -> Observation? {
        let header = ResponseHeader(transactionId: "sim", code: o.code)
        switch e {
        case .serverToken(let u, let linked):
            let m = serverMember(u, &st, withTW: true)
            let l = linked.map { LinkedIdP(idPCode: $0.idPCode, idPId: identities.idPId($0)) }
            return .tokenAuthentication(TokenAuthenticationResponse(header, linkedIdP: l, member: m))
        case .serverMember(let u):
            let m = serverMember(u, &st, withTW: false)
            let user = st.users[u]!
            let info: MemberInfo? = user.isWithdrawn ? nil : Self.memberInfo
            let tw =
                user.valid == .temporaryWithdrawal
                ? user.temporaryWithdrawal.map { ServerTemporaryWithdrawal(gracePeriodDate: iso($0.earliest)) } : nil
            return .member(GetMemberResponse(header, member: m, temporaryWithdrawal: tw, memberInfo: info))
        case .serverMembers(let users):
            var list: [MemberSummary] = []
            for u in users {
                let m = serverMember(u, &st, withTW: false)
                list.append(
                    MemberSummary(
                        m.userId,
                        valid: m.valid,
                        appId: m.appId,
                        regDate: m.regDate,
                        lastLoginDate: m.lastLoginDate
                    )
                )
            }
            return .members(GetMembersResponse(header, memberList: list))
        case .idPMembers(let mapped, _):
            var result: [String: String] = [:]
            for (a, u) in mapped { result[identities.idPId(a)] = value(u, &st) }
            return .idPMembers(IdPMembersResponse(header, result: result))
        case .failedUsers(let failed):
            let c = Concrete(PlannedOperation(op: op, player: 0, identities: identities), semantics: semantics)
            var all: [UserArg] = []
            if case .serverBan(let us, _) = op.action { all = us }
            if case .serverRelease(let us) = op.action { all = us }
            var remaining = failed
            var out: [String] = []
            for (i, ua) in all.enumerated() {
                if let j = remaining.firstIndex(of: ua) {
                    remaining.remove(at: j)
                    out.append(c.user(ua, index: i))
                }
            }
            return .ban(BanResponse(header, failedUserIdList: out))
        case .validatedMember(let u):
            let m = serverMember(u, &st, withTW: false)
            let summary = MemberSummary(m.userId, valid: m.valid, appId: m.appId, regDate: m.regDate)
            return .validate(ValidateTransferAccountResponse(header, member: summary))
        case .graceBanInfo(let u):
            return .graceBan(GraceBanResponse(header, graceBanInfo: graceBanInfo(st.users[u]!)))
        case .serverProfile(let l):
            let account = identities.idPAccount(l)
            let token =
                semantics.idp.tokenMode == .plain
                ? account.idPId : Self.signer.mint(account)
            return .idPProfile(IdPTokenAndProfileResponse(header, account: account, idPAccessToken: token))
        case .withdrawHistory(let h):
            return .withdrawHistories(withdrawHistories(h, header, &st))
        default:
            return nil
        }
    }

    /// E15's page of the world's withdrawals, each dated at its earliest possible moment.
    mutating func withdrawHistories(_ h: ExpectedHistory, _ header: ResponseHeader, _ st: inout ModelState)
        -> WithdrawHistoriesResponse
    {
        var rows: [(date: Int64, row: WithdrawHistory)] = []
        for (u, user) in st.users.sorted(by: { $0.key < $1.key }) {
            guard let w = user.withdrawal, (h.eventLogType ?? w.eventLogType) == w.eventLogType else { continue }
            let date = w.date.valueRange.lowerBound
            guard date >= h.span.begin, date <= h.span.end else { continue }
            let row = WithdrawHistory(value(u, &st), date: iso(date), regUser: w.regUser, eventLogType: w.eventLogType)
            rows.append((date, row))
        }
        rows.sort { a, b in
            let (x, y) = ((a.date, a.row.userId), (b.date, b.row.userId))
            return h.descending ? x > y : x < y
        }
        let (page, size) = (Int(h.page), Int(h.size))
        let onPage = rows.dropFirst(min(rows.count, page * size)).prefix(size).map(\.row)
        let pages = (rows.count + size - 1) / size
        return WithdrawHistoriesResponse(
            header,
            pagingInfo: PagingInfo(
                page == 0,
                last: page >= pages - 1,
                numberOfElements: onPage.count,
                page: page,
                size: size,
                totalElements: rows.count,
                totalPages: pages
            ),
            result: onPage
        )
    }
}

/// The `graceBanInfo` a faithful target shows for `u`: `nil` without a pending grace ban.
func graceBanInfo(_ u: UserState) -> GraceBanInfo? {
    u.graceBan.map {
        GraceBanInfo(
            gracePeriodDate: $0.earliest,
            message: "",
            paymentStatus: u.paymentStatus,
            releaseRuleCondition: u.graceRule
        )
    }
}
