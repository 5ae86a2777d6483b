/// `transferAccount`: the TransferAccountInfo returned by issue, query and renew.
public struct TransferAccountInfo: Codable, Hashable, Sendable {
    /// `ISSUED` or `RENEWED`.
    public var issuedType: String
    public var account: TransferAccountCredentials
    public var condition: TransferAccountCondition

    public init(issuedType: String, account: TransferAccountCredentials, condition: TransferAccountCondition) {
        self.issuedType = issuedType
        self.account = account
        self.condition = condition
    }
}

public struct TransferAccountCredentials: Codable, Hashable, Sendable {
    public var id: String
    /// Returned by issue and renew only; query omits it (the password is shown once).
    public var password: String?
    public init(id: String, password: String?) {
        self.id = id
        self.password = password
    }
}

public struct TransferAccountCondition: Codable, Hashable, Sendable {
    /// `UNLIMITED` or `ONE_TIME` (how many transfers the account allows).
    public var transferAccountType: String
    /// `UNLIMITED` or `LIMITED`.
    public var expirationType: String
    /// Present when `expirationType == LIMITED`.
    public var expirationDate: Int64?
    public init(transferAccountType: String, expirationType: String, expirationDate: Int64? = nil) {
        self.transferAccountType = transferAccountType
        self.expirationType = expirationType
        self.expirationDate = expirationDate
    }
}

/// Legacy `transferKey` (older iOS guide): an 8-character key with registration and expiry dates.
public struct TransferKeyInfo: Codable, Hashable, Sendable {
    public var transferKey: String
    public var regDate: Int64
    public var expireDate: Int64
    public init(transferKey: String, regDate: Int64, expireDate: Int64) {
        self.transferKey = transferKey
        self.regDate = regDate
        self.expireDate = expireDate
    }
}
