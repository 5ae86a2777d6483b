// The reply fast path (``JSONReadable``) for the envelope and the client-operation answers: each
// initializer reads exactly the members the type's synthesized `Decodable` conformance reads, with
// the same required and optional ones, and returns `nil` where that conformance would not decode
// the same value.

extension ResponseHeader: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let transactionId = o["transactionId"]?.string,
            let isSuccessful = o["isSuccessful"]?.bool, let code = o["resultCode"]?.int,
            let resultMessage = o["resultMessage"]?.string
        else { return nil }
        self.init(
            transactionId: transactionId,
            isSuccessful: isSuccessful,
            resultCode: ResultCode(rawValue: code),
            resultMessage: resultMessage
        )
    }
}

extension TokenInfo: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let accessToken = o["accessToken"]?.string,
            let expirationDate = o["expirationDate"]?.int64
        else { return nil }
        self.init(accessToken: accessToken, expirationDate: expirationDate)
    }
}

extension EmptyResponse: JSONReadable {
    package init?(json: JSONValue) {
        guard let header = json.object?["header"].flatMap(ResponseHeader.init(json:)) else { return nil }
        self.init(header: header)
    }
}

extension ClientReplyBody: JSONReadable {
    package init?(json: JSONValue) {
        guard let o = json.object, let header = o["header"].flatMap(ResponseHeader.init(json:)),
            let token = o.optional("token", TokenInfo.init(json:)),
            let member = o.optional("member", Member.init(json:)),
            let provider = o.optional("lastLoggedInProvider", IdPCode.init(json:)),
            let mappings = o.optional("authMappingList", [IdPCode].init(json:)),
            let withdrawal = o.optional("temporaryWithdrawal", TemporaryWithdrawalInfo.init(json:)),
            let transferAccount = o.optional("transferAccount", TransferAccountInfo.init(json:)),
            let transferKey = o.optional("transferKey", TransferKeyInfo.init(json:)),
            let ticket = o.optional("forcingMappingTicket", ForcingMappingTicket.init(json:)),
            let failTransferAccount = o.optional("failTransferAccount", TransferAccountFailInfo.init(json:)),
            let banInfo = o.optional("banInfo", BanInfo.init(json:))
        else { return nil }
        self.init(
            header: header,
            token: token,
            member: member,
            lastLoggedInProvider: provider,
            authMappingList: mappings,
            temporaryWithdrawal: withdrawal,
            transferAccount: transferAccount,
            transferKey: transferKey,
            forcingMappingTicket: ticket,
            failTransferAccount: failTransferAccount,
            banInfo: banInfo
        )
    }
}

extension IdPCode: JSONReadable {
    package init?(json: JSONValue) {
        guard let s = json.string else { return nil }
        self.init(rawValue: s)
    }
}

extension MemberValid: JSONReadable {
    package init?(json: JSONValue) {
        guard let s = json.string else { return nil }
        self.init(rawValue: s)
    }
}

extension String: JSONReadable {
    package init?(json: JSONValue) {
        guard let s = json.string else { return nil }
        self = s
    }
}
