// Public initialisers for the Server API and test-control answer types, so a server (the reference
// server) can build them outside this module. Additive only. The first argument is unlabelled
// because an extension may not redeclare the (internal) synthesized memberwise initialiser.

extension TokenAuthenticationResponse {
    package init(_ header: ResponseHeader, linkedIdP: LinkedIdP? = nil, member: ServerMember? = nil) {
        self.header = header
        self.linkedIdP = linkedIdP
        self.member = member
    }
}

extension IdPTokenAndProfileResponse {
    package init(_ header: ResponseHeader, account: IdPAccount? = nil, idPAccessToken: String? = nil) {
        self.header = header
        self.idPCode = account?.idPCode
        self.idPId = account?.idPId
        self.idPAccessToken = idPAccessToken
        self.idPProfile = account.map { IdPProfile(id: $0.idPId) }
    }
}

extension MemberInfo {
    package init(
        _ deviceCountryCode: String,
        usimCountryCode: String,
        language: String,
        osCode: String,
        telecom: String,
        storeCode: String,
        network: String,
        deviceModel: String,
        osVersion: String,
        sdkVersion: String,
        clientVersion: String
    ) {
        self.deviceCountryCode = deviceCountryCode
        self.usimCountryCode = usimCountryCode
        self.language = language
        self.osCode = osCode
        self.telecom = telecom
        self.storeCode = storeCode
        self.network = network
        self.deviceModel = deviceModel
        self.osVersion = osVersion
        self.sdkVersion = sdkVersion
        self.clientVersion = clientVersion
    }
}

extension GetMemberResponse {
    package init(
        _ header: ResponseHeader,
        member: ServerMember? = nil,
        temporaryWithdrawal: ServerTemporaryWithdrawal? = nil,
        memberInfo: MemberInfo? = nil
    ) {
        self.header = header
        self.member = member
        self.temporaryWithdrawal = temporaryWithdrawal
        self.memberInfo = memberInfo
    }
}

extension MemberSummary {
    package init(_ userId: String, valid: MemberValid, appId: String, regDate: String, lastLoginDate: String? = nil) {
        self.userId = userId
        self.valid = valid
        self.appId = appId
        self.regDate = regDate
        self.lastLoginDate = lastLoginDate
    }
}

extension GetMembersResponse {
    package init(_ header: ResponseHeader, memberList: [MemberSummary]? = nil) {
        self.header = header
        self.memberList = memberList
    }
}

extension IdPMembersResponse {
    package init(_ header: ResponseHeader, result: [String: String]? = nil) {
        self.header = header
        self.result = result
    }
}

extension BanResponse {
    package init(_ header: ResponseHeader, failedUserIdList: [String]? = nil) {
        self.header = header
        self.failedUserIdList = failedUserIdList
    }
}

extension ValidateTransferAccountResponse {
    package init(_ header: ResponseHeader, member: MemberSummary? = nil) {
        self.header = header
        self.member = member
    }
}

extension PagingInfo {
    package init(
        _ first: Bool,
        last: Bool,
        numberOfElements: Int,
        page: Int,
        size: Int,
        totalElements: Int,
        totalPages: Int
    ) {
        self.first = first
        self.last = last
        self.numberOfElements = numberOfElements
        self.page = page
        self.size = size
        self.totalElements = totalElements
        self.totalPages = totalPages
    }
}

extension WithdrawHistory {
    package init(_ userId: String, date: String, regUser: String?, eventLogType: String) {
        self.userId = userId
        self.date = date
        self.regUser = regUser
        self.eventLogType = eventLogType
    }
}

extension WithdrawHistoriesResponse {
    package init(_ header: ResponseHeader, pagingInfo: PagingInfo? = nil, result: [WithdrawHistory]? = nil) {
        self.header = header
        self.pagingInfo = pagingInfo
        self.result = result
    }
}

extension ClockResponse {
    package init(_ header: ResponseHeader, clock: ServerClock? = nil) {
        self.header = header
        self.clock = clock
    }
}

extension GraceBanResponse {
    package init(_ header: ResponseHeader, graceBanInfo: GraceBanInfo? = nil) {
        self.header = header
        self.graceBanInfo = graceBanInfo
    }
}

extension SemanticsResponse {
    package init(_ header: ResponseHeader, semantics: Semantics? = nil) {
        self.header = header
        self.semantics = semantics
    }
}

extension MaintenanceResponse {
    package init(_ header: ResponseHeader, maintenance: MaintenanceSemantics? = nil, underMaintenance: Bool? = nil) {
        self.header = header
        self.maintenance = maintenance
        self.underMaintenance = underMaintenance
    }
}

extension BugsResponse {
    package init(_ header: ResponseHeader, bugs: [String]? = nil) {
        self.header = header
        self.bugs = bugs
    }
}
