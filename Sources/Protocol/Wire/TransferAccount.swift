/// `transferAccount`: the TransferAccountInfo returned by issue, query and renew.
package struct TransferAccountInfo: Codable, Hashable, Sendable {
    /// `ISSUED` or `RENEWED`.
    package var issuedType: String
    package var account: TransferAccountCredentials
    package var condition: TransferAccountCondition

    package init(issuedType: String, account: TransferAccountCredentials, condition: TransferAccountCondition) {
        self.issuedType = issuedType
        self.account = account
        self.condition = condition
    }
}

package struct TransferAccountCredentials: Codable, Hashable, Sendable {
    package var id: String
    /// Returned by issue and renew only; query omits it (the password is shown once).
    package var password: String?
    package init(id: String, password: String?) {
        self.id = id
        self.password = password
    }
}

package struct TransferAccountCondition: Codable, Hashable, Sendable {
    /// `UNLIMITED` or `ONE_TIME` (how many transfers the account allows).
    package var transferAccountType: String
    /// `UNLIMITED` or `LIMITED`.
    package var expirationType: String
    /// Present when `expirationType == LIMITED`.
    package var expirationDate: Int64?
    package init(transferAccountType: String, expirationType: String, expirationDate: Int64? = nil) {
        self.transferAccountType = transferAccountType
        self.expirationType = expirationType
        self.expirationDate = expirationDate
    }
}

/// Legacy `transferKey` (older iOS guide): an 8-character key with registration and expiry dates.
package struct TransferKeyInfo: Codable, Hashable, Sendable {
    package var transferKey: String
    package var regDate: Int64
    package var expireDate: Int64
    package init(transferKey: String, regDate: Int64, expireDate: Int64) {
        self.transferKey = transferKey
        self.regDate = regDate
        self.expireDate = expireDate
    }
}
