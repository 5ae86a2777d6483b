// The reply fast path (``JSONReadable``) for TransferAccount and transfer-key answers and the
// failure extras; see ClientReplyBody+JSON.swift.

extension TransferAccountInfo: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let issuedType = o["issuedType"]?.string,
            let account = o["account"].flatMap(TransferAccountCredentials.init(json:)),
            let condition = o["condition"].flatMap(TransferAccountCondition.init(json:))
        else { return nil }
        self.init(issuedType: issuedType, account: account, condition: condition)
    }
}

extension TransferAccountCredentials: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let id = o["id"]?.string, let password = o.optional("password", \.string)
        else { return nil }
        self.init(id: id, password: password)
    }
}

extension TransferAccountCondition: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let type = o["transferAccountType"]?.string,
            let expirationType = o["expirationType"]?.string,
            let expirationDate = o.optional("expirationDate", \.int64)
        else { return nil }
        self.init(transferAccountType: type, expirationType: expirationType, expirationDate: expirationDate)
    }
}

extension TransferKeyInfo: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let key = o["transferKey"]?.string, let regDate = o["regDate"]?.int64,
            let expireDate = o["expireDate"]?.int64
        else { return nil }
        self.init(transferKey: key, regDate: regDate, expireDate: expireDate)
    }
}

extension TransferAccountFailInfo: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let appId = o["appId"]?.string, let id = o["id"]?.string,
            let status = o["status"]?.string, let failCount = o["failCount"]?.int,
            let blockEndDate = o["blockEndDate"]?.int64, let regDate = o["regDate"]?.int64
        else { return nil }
        self.init(
            appId: appId,
            id: id,
            status: status,
            failCount: failCount,
            blockEndDate: blockEndDate,
            regDate: regDate
        )
    }
}

extension BanInfo: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let userId = o["userId"]?.string, let banType = o["banType"]?.string,
            let beginDate = o["beginDate"]?.int64, let endDate = o.optional("endDate", \.int64),
            let message = o["message"]?.string, let csInfo = o.optional("csInfo", \.string),
            let csUrl = o.optional("csUrl", \.string)
        else { return nil }
        self.init(
            userId: userId,
            banType: banType,
            beginDate: beginDate,
            endDate: endDate,
            message: message,
            csInfo: csInfo,
            csUrl: csUrl
        )
    }
}

extension ForcingMappingTicket: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let userId = o["userId"]?.string, let mappedUserId = o["mappedUserId"]?.string,
            let mappedValid = o["mappedUserValid"].flatMap(MemberValid.init(json:)),
            let idPCode = o["idPCode"].flatMap(IdPCode.init(json:)), let idPId = o.optional("idPId", \.string),
            let key = o["forcingMappingKey"]?.string, let expirationDate = o["expirationDate"]?.int64,
            let accessToken = o["accessToken"]?.string
        else { return nil }
        self.init(
            userId: userId,
            mappedUserId: mappedUserId,
            mappedUserValid: mappedValid,
            idPCode: idPCode,
            idPId: idPId,
            forcingMappingKey: key,
            expirationDate: expirationDate,
            accessToken: accessToken
        )
    }
}
