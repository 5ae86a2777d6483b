// Request bodies written without Codable (``JSONWriter``): the members of each type's synthesized
// `Encodable` conformance, in declaration order, absent optionals left out.

extension AdditionalInfo: JSONWritable {
    package func write(to w: inout JSONWriter) { w.object { $0.member("lineChannelRegion", lineChannelRegion) } }
}

extension LoginRequest: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.member("idPCode", idPCode.rawValue)
            $0.member("accessToken", accessToken)
            $0.member("additionalInfo", additionalInfo)
            $0.member("ignoreAlreadyLoggedIn", ignoreAlreadyLoggedIn)
        }
    }
}

extension AddMappingRequest: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.member("idPCode", idPCode.rawValue)
            $0.member("accessToken", accessToken)
            $0.member("additionalInfo", additionalInfo)
        }
    }
}

extension ForcingMappingRequest: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.member("forcingMappingKey", forcingMappingKey)
            $0.member("idPCode", idPCode.rawValue)
            $0.member("accessToken", accessToken)
        }
    }
}

extension TransferAccountRenewRequest: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.member("renewalModeType", renewalModeType)
            $0.member("renewalTargetType", renewalTargetType)
            $0.member("accountId", accountId)
            $0.member("accountPassword", accountPassword)
        }
    }
}

extension TransferAccountLoginRequest: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.member("accountId", accountId)
            $0.member("accountPassword", accountPassword)
        }
    }
}

extension TransferKeyIssueRequest: JSONWritable {
    package func write(to w: inout JSONWriter) { w.object { $0.member("expiresIn", expiresIn) } }
}

extension TransferKeyIssueNumberText: JSONWritable {
    package func write(to w: inout JSONWriter) { w.object { $0.member("expiresIn", numberText: expiresIn) } }
}

extension TransferKeyLoginRequest: JSONWritable {
    package func write(to w: inout JSONWriter) { w.object { $0.member("transferKey", transferKey) } }
}

extension BanRequest: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.member("userIdList", userIdList)
            $0.member("banTypeCode", banTypeCode)
            $0.member("end", end)
            $0.member("templateCode", templateCode)
            $0.member("banReason", banReason)
            $0.member("flags", flags)
            $0.member("banCaller", banCaller)
            $0.member("regUser", regUser)
        }
    }
}

extension BanReleaseRequest: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.member("userIdList", userIdList)
            $0.member("banReleaseReason", banReleaseReason)
            $0.member("banReleaseCaller", banReleaseCaller)
            $0.member("releaseUser", releaseUser)
        }
    }
}

extension ValidateTransferAccountRequest.Account: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.member("id", id)
            $0.member("password", password)
        }
    }
}

extension ValidateTransferAccountRequest: JSONWritable {
    package func write(to w: inout JSONWriter) { w.object { $0.member("account", account) } }
}

extension ClockAdvanceRequest: JSONWritable {
    package func write(to w: inout JSONWriter) { w.object { $0.member("seconds", seconds) } }
}

extension ClockFreezeRequest: JSONWritable {
    package func write(to w: inout JSONWriter) { w.object { $0.member("frozen", frozen) } }
}

/// A body that is a list of strings (the Server API's member look-ups by user id or IdP id).
extension Array: JSONWritable where Element == String {
    package func write(to w: inout JSONWriter) { w.array(self) }
}

extension GraceBanRequest: JSONWritable {
    /// The number-text form with every number as `JSONEncoder` writes it.
    package func write(to w: inout JSONWriter) { GraceBanNumberText(self).write(to: &w) }
}

extension PaymentRequest: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.member("amount", amount)
            $0.member("currency", currency)
        }
    }
}

extension GraceBanNumberText: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            if let g = gracePeriodSeconds { $0.member("gracePeriodSeconds", numberText: g) }
            $0.member("message", request.message)
            if let r = request.releaseRuleCondition {
                $0.member("releaseRuleCondition", RuleText(rule: r, count: count ?? String(r.count)))
            }
        }
    }

    /// `releaseRuleCondition` with `count` as given.
    private struct RuleText: JSONWritable {
        let rule: ReleaseRuleCondition
        let count: String

        func write(to w: inout JSONWriter) {
            w.object {
                $0.member("amount", rule.amount)
                $0.member("count", numberText: count)
                $0.member("currency", rule.currency)
                $0.member("conditionType", rule.conditionType)
            }
        }
    }
}
