// The reply fast path (``JSONReadable``) for the Server API and test-control answers the fuzzer
// asks for on every run (the rarer ones, withdraw histories, semantics and bugs, go to
// `JSONDecoder`); see ClientReplyBody+JSON.swift.

extension ServerMember: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let userId = o["userId"]?.string,
            let valid = o["valid"].flatMap(MemberValid.init(json:)), let appId = o["appId"]?.string,
            let regDate = o["regDate"]?.string, let lastLoginDate = o.optional("lastLoginDate", \.string),
            let authList = o.optional("authList", [ServerAuthMapping].init(json:)),
            let withdrawal = o.optional("temporaryWithdrawal", ServerTemporaryWithdrawal.init(json:))
        else { return nil }
        self.init(
            userId: userId,
            valid: valid,
            appId: appId,
            regDate: regDate,
            lastLoginDate: lastLoginDate,
            authList: authList,
            temporaryWithdrawal: withdrawal
        )
    }
}

extension ServerAuthMapping: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let userId = o["userId"]?.string, let authSystem = o["authSystem"]?.string,
            let idPCode = o["idPCode"].flatMap(IdPCode.init(json:)), let authKey = o["authKey"]?.string,
            let regDate = o["regDate"]?.string
        else { return nil }
        self.init(userId: userId, authSystem: authSystem, idPCode: idPCode, authKey: authKey, regDate: regDate)
    }
}

extension ServerTemporaryWithdrawal: JSONReadable {
    package init?(json: JSONValue) {
        guard let date = json.object?["gracePeriodDate"]?.string else { return nil }
        self.init(gracePeriodDate: date)
    }
}

extension LinkedIdP: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let idPCode = o["idPCode"].flatMap(IdPCode.init(json:)),
            let idPId = o["idPId"]?.string
        else { return nil }
        self.init(idPCode: idPCode, idPId: idPId)
    }
}

extension TokenAuthenticationResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let linkedIdP = o.optional("linkedIdP", LinkedIdP.init(json:)),
            let member = o.optional("member", ServerMember.init(json:))
        else { return nil }
        self.init(header: header, linkedIdP: linkedIdP, member: member)
    }
}

extension MemberInfo: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let deviceCountryCode = o["deviceCountryCode"]?.string,
            let usimCountryCode = o["usimCountryCode"]?.string, let language = o["language"]?.string,
            let osCode = o["osCode"]?.string, let telecom = o["telecom"]?.string,
            let storeCode = o["storeCode"]?.string, let network = o["network"]?.string,
            let deviceModel = o["deviceModel"]?.string, let osVersion = o["osVersion"]?.string,
            let sdkVersion = o["sdkVersion"]?.string, let clientVersion = o["clientVersion"]?.string
        else { return nil }
        self.init(
            deviceCountryCode: deviceCountryCode,
            usimCountryCode: usimCountryCode,
            language: language,
            osCode: osCode,
            telecom: telecom,
            storeCode: storeCode,
            network: network,
            deviceModel: deviceModel,
            osVersion: osVersion,
            sdkVersion: sdkVersion,
            clientVersion: clientVersion
        )
    }
}

extension GetMemberResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let member = o.optional("member", ServerMember.init(json:)),
            let withdrawal = o.optional("temporaryWithdrawal", ServerTemporaryWithdrawal.init(json:)),
            let memberInfo = o.optional("memberInfo", MemberInfo.init(json:))
        else { return nil }
        self.init(header: header, member: member, temporaryWithdrawal: withdrawal, memberInfo: memberInfo)
    }
}

extension MemberSummary: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let userId = o["userId"]?.string,
            let valid = o["valid"].flatMap(MemberValid.init(json:)), let appId = o["appId"]?.string,
            let regDate = o["regDate"]?.string, let lastLoginDate = o.optional("lastLoginDate", \.string)
        else { return nil }
        self.init(userId: userId, valid: valid, appId: appId, regDate: regDate, lastLoginDate: lastLoginDate)
    }
}

extension GetMembersResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let list = o.optional("memberList", [MemberSummary].init(json:))
        else { return nil }
        self.init(header: header, memberList: list)
    }
}

extension IdPMembersResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let result = o.optional("result", Self.stringMap)
        else { return nil }
        self.init(header: header, result: result)
    }

    /// An object of strings (keys are unique: the parser refuses repeats).
    private static func stringMap(_ json: JSONValue) -> [String: String]? {
        guard let o = json.object else { return nil }
        var map: [String: String] = [:]
        for member in o.members {
            guard let s = member.value.string else { return nil }
            map[member.key] = s
        }
        return map
    }
}

extension BanResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let failed = o.optional("failedUserIdList", [String].init(json:))
        else { return nil }
        self.init(header: header, failedUserIdList: failed)
    }
}

extension ValidateTransferAccountResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let member = o.optional("member", MemberSummary.init(json:))
        else { return nil }
        self.init(header: header, member: member)
    }
}

extension ServerClock: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let now = o["now"]?.int64, let offsetMs = o["offsetMs"]?.int64,
            let frozen = o["frozen"]?.bool
        else { return nil }
        self.init(now: now, offsetMs: offsetMs, frozen: frozen)
    }
}

extension ClockResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let clock = o.optional("clock", ServerClock.init(json:))
        else { return nil }
        self.init(header: header, clock: clock)
    }
}

extension GraceBanResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let info = o.optional("graceBanInfo", GraceBanInfo.init(json:))
        else { return nil }
        self.init(header: header, graceBanInfo: info)
    }
}

extension IdPProfile: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let id = o["id"]?.string else { return nil }
        self.init(id: id)
    }
}

extension IdPTokenAndProfileResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let idPCode = o.optional("idPCode", IdPCode.init(json:)), let idPId = o.optional("idPId", \.string),
            let token = o.optional("idPAccessToken", \.string),
            let profile = o.optional("idPProfile", IdPProfile.init(json:))
        else { return nil }
        self.header = header
        self.idPCode = idPCode
        self.idPId = idPId
        self.idPAccessToken = token
        self.idPProfile = profile
    }
}

extension PagingInfo: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let first = o["first"]?.bool, let last = o["last"]?.bool,
            let count = o["numberOfElements"]?.int, let page = o["page"]?.int, let size = o["size"]?.int,
            let totalElements = o["totalElements"]?.int, let totalPages = o["totalPages"]?.int
        else { return nil }
        self.init(
            first,
            last: last,
            numberOfElements: count,
            page: page,
            size: size,
            totalElements: totalElements,
            totalPages: totalPages
        )
    }
}

extension WithdrawHistory: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let userId = o["userId"]?.string, let date = o["date"]?.string,
            let regUser = o.optional("regUser", \.string), let type = o["eventLogType"]?.string
        else { return nil }
        self.init(userId, date: date, regUser: regUser, eventLogType: type)
    }
}

extension WithdrawHistoriesResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let paging = o.optional("pagingInfo", PagingInfo.init(json:)),
            let result = o.optional("result", [WithdrawHistory].init(json:))
        else { return nil }
        self.init(header, pagingInfo: paging, result: result)
    }
}
