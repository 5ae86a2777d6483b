import Protocol

/// The wire types of client answers written with ``JSONOutput``, members in sorted key order
/// (what `JSONEncoder`'s `.sortedKeys` gives; the tests compare both byte for byte).
protocol ReplyJSON {
    func write(to out: inout JSONOutput)
}

extension ReplyJSON {
    /// The whole document.
    var jsonBytes: [UInt8] {
        var out = JSONOutput()
        write(to: &out)
        return out.bytes
    }
}

extension ResponseHeader: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("isSuccessful", isSuccessful)
            $0.member("resultCode", resultCode.rawValue)
            $0.member("resultMessage", resultMessage)
            $0.member("transactionId", transactionId)
        }
    }
}

extension EmptyResponse: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.key("header")
            header.write(to: &$0)
        }
    }
}

extension ClientReplyBody: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object { o in
            if let authMappingList {
                o.key("authMappingList")
                o.array(authMappingList) { $0.string($1.rawValue) }
            }
            o.optional("banInfo", banInfo)
            o.optional("failTransferAccount", failTransferAccount)
            o.optional("forcingMappingTicket", forcingMappingTicket)
            o.key("header")
            header.write(to: &o)
            o.member("lastLoggedInProvider", lastLoggedInProvider?.rawValue)
            o.optional("member", member)
            o.optional("temporaryWithdrawal", temporaryWithdrawal)
            o.optional("token", token)
            o.optional("transferAccount", transferAccount)
            o.optional("transferKey", transferKey)
        }
    }
}

extension JSONOutput {
    /// A member whose value is a nested object, left out when nil.
    mutating func optional(_ k: StaticString, _ value: (some ReplyJSON)?) {
        guard let value else { return }
        key(k)
        value.write(to: &self)
    }
}

extension TokenInfo: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("accessToken", accessToken)
            $0.member("expirationDate", expirationDate)
        }
    }
}

extension Member: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object { o in
            o.member("appId", appId)
            o.key("authList")
            o.array(authList) { $1.write(to: &$0) }
            o.optional("graceBanInfo", graceBanInfo)
            o.member("lastLoginDate", lastLoginDate)
            o.member("regDate", regDate)
            o.optional("temporaryWithdrawal", temporaryWithdrawal)
            o.member("userId", userId)
            o.member("valid", valid.rawValue)
        }
    }
}

extension AuthMappingInfo: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("authKey", authKey)
            $0.member("authSystem", authSystem)
            $0.member("idPCode", idPCode.rawValue)
            $0.member("regDate", regDate)
            $0.member("userId", userId)
        }
    }
}

extension TemporaryWithdrawalInfo: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object { $0.member("gracePeriodDate", gracePeriodDate) }
    }
}

extension GraceBanInfo: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("gracePeriodDate", gracePeriodDate)
            $0.member("message", message)
            $0.optional("paymentStatus", paymentStatus)
            $0.optional("releaseRuleCondition", releaseRuleCondition)
        }
    }
}

extension PaymentStatus: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("amount", amount)
            $0.member("count", count)
            $0.member("currency", currency)
        }
    }
}

extension ReleaseRuleCondition: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("amount", amount)
            $0.member("conditionType", conditionType)
            $0.member("count", count)
            $0.member("currency", currency)
        }
    }
}

extension BanInfo: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("banType", banType)
            $0.member("beginDate", beginDate)
            $0.member("csInfo", csInfo)
            $0.member("csUrl", csUrl)
            $0.member("endDate", endDate)
            $0.member("message", message)
            $0.member("userId", userId)
        }
    }
}

extension ForcingMappingTicket: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("accessToken", accessToken)
            $0.member("expirationDate", expirationDate)
            $0.member("forcingMappingKey", forcingMappingKey)
            $0.member("idPCode", idPCode.rawValue)
            $0.member("idPId", idPId)
            $0.member("mappedUserId", mappedUserId)
            $0.member("mappedUserValid", mappedUserValid.rawValue)
            $0.member("userId", userId)
        }
    }
}

extension TransferAccountFailInfo: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("appId", appId)
            $0.member("blockEndDate", blockEndDate)
            $0.member("failCount", failCount)
            $0.member("id", id)
            $0.member("regDate", regDate)
            $0.member("status", status)
        }
    }
}

extension TransferAccountInfo: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.optional("account", account)
            $0.optional("condition", condition)
            $0.member("issuedType", issuedType)
        }
    }
}

extension TransferAccountCredentials: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("id", id)
            $0.member("password", password)
        }
    }
}

extension TransferAccountCondition: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("expirationDate", expirationDate)
            $0.member("expirationType", expirationType)
            $0.member("transferAccountType", transferAccountType)
        }
    }
}

extension TransferKeyInfo: ReplyJSON {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.member("expireDate", expireDate)
            $0.member("regDate", regDate)
            $0.member("transferKey", transferKey)
        }
    }
}
