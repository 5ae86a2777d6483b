// The reply fast path (``JSONReadable``) for a member and its parts; see ClientReplyBody+JSON.swift.

extension Member: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let userId = o["userId"]?.string,
            let valid = o["valid"].flatMap(MemberValid.init(json:)), let appId = o["appId"]?.string,
            let regDate = o["regDate"]?.int64, let lastLoginDate = o.optional("lastLoginDate", \.int64),
            let authList = o["authList"].flatMap([AuthMappingInfo].init(json:)),
            let withdrawal = o.optional("temporaryWithdrawal", TemporaryWithdrawalInfo.init(json:)),
            let graceBan = o.optional("graceBanInfo", GraceBanInfo.init(json:))
        else { return nil }
        self.init(
            userId: userId,
            valid: valid,
            appId: appId,
            regDate: regDate,
            lastLoginDate: lastLoginDate,
            authList: authList,
            temporaryWithdrawal: withdrawal,
            graceBanInfo: graceBan
        )
    }
}

extension AuthMappingInfo: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let userId = o["userId"]?.string, let authSystem = o["authSystem"]?.string,
            let idPCode = o["idPCode"].flatMap(IdPCode.init(json:)), let authKey = o["authKey"]?.string,
            let regDate = o["regDate"]?.int64
        else { return nil }
        self.init(userId: userId, authSystem: authSystem, idPCode: idPCode, authKey: authKey, regDate: regDate)
    }
}

extension TemporaryWithdrawalInfo: JSONReadable {
    package init?(json: JSONValue) {
        guard let date = json.object?["gracePeriodDate"]?.int64 else { return nil }
        self.init(gracePeriodDate: date)
    }
}

extension GraceBanInfo: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let date = o["gracePeriodDate"]?.int64, let message = o["message"]?.string,
            let payment = o.optional("paymentStatus", PaymentStatus.init(json:)),
            let rule = o.optional("releaseRuleCondition", ReleaseRuleCondition.init(json:))
        else { return nil }
        self.init(gracePeriodDate: date, message: message, paymentStatus: payment, releaseRuleCondition: rule)
    }
}

extension PaymentStatus: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let amount = o["amount"]?.double, let count = o["count"]?.int,
            let currency = o.optional("currency", \.string)
        else { return nil }
        self.init(amount: amount, count: count, currency: currency)
    }
}

extension ReleaseRuleCondition: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let amount = o["amount"]?.double, let count = o["count"]?.int,
            let currency = o["currency"]?.string, let conditionType = o["conditionType"]?.string
        else { return nil }
        self.init(amount: amount, count: count, currency: currency, conditionType: conditionType)
    }
}
