/// A Gamebase `header.resultCode`: `0` is success, positive values are client SDK error codes
/// (7, 8, 9, 3xxx…), negative values are Server API codes (-4000001…).
///
/// Numbers and names are copied from the public Gamebase error-code tables.
package struct ResultCode: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package init(_ rawValue: Int) { self.rawValue = rawValue }

    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    package static func < (a: ResultCode, b: ResultCode) -> Bool { a.rawValue < b.rawValue }

    package var isSuccess: Bool { rawValue == 0 }
    /// The documented name (`AUTH_ADD_MAPPING_ALREADY_MAPPED_TO_OTHER_MEMBER`), or `UNKNOWN_<n>`.
    package var name: String { Self.names[rawValue] ?? "UNKNOWN_\(rawValue)" }
    package var description: String { "\(rawValue) \(name)" }
    /// Whether the code is one of the documented codes (not a number no edition names).
    package var isDocumented: Bool { Self.names[rawValue] != nil }

    /// Every code this project knows, for coverage counting and documentation.
    package static var allKnown: [ResultCode] { names.keys.sorted().map(ResultCode.init(rawValue:)) }
}

// MARK: - Success and client SDK codes

extension ResultCode {
    package static let success = ResultCode(0)
    package static let notLoggedIn = ResultCode(2)
    package static let invalidParameter = ResultCode(3)
    package static let invalidJSONFormat = ResultCode(4)
    package static let userPermission = ResultCode(5)
    package static let invalidMember = ResultCode(6)
    package static let bannedMember = ResultCode(7)
    package static let sameRequestor = ResultCode(8)
    package static let notGuestOrHasOthers = ResultCode(9)
    package static let notSupported = ResultCode(10)
    package static let authNotSupportedProvider = ResultCode(3002)
    package static let authNotExistMember = ResultCode(3003)
    package static let authInvalidMember = ResultCode(3004)
    package static let authBannedMember = ResultCode(3005)
    package static let authInvalidGamebaseToken = ResultCode(3011)
    package static let transferKeyExpired = ResultCode(3031)
    package static let transferKeyConsumed = ResultCode(3032)
    package static let transferKeyNotExist = ResultCode(3033)
    package static let transferAccountExpired = ResultCode(3041)
    package static let transferAccountBlock = ResultCode(3042)
    package static let transferAccountInvalidID = ResultCode(3043)
    package static let transferAccountInvalidPassword = ResultCode(3044)
    package static let transferAccountConsoleNoCondition = ResultCode(3045)
    package static let transferAccountNotExist = ResultCode(3046)
    package static let transferAccountAlreadyExistID = ResultCode(3047)
    package static let transferAccountAlreadyUsed = ResultCode(3048)
    package static let tokenLoginFailed = ResultCode(3101)
    package static let tokenLoginInvalidTokenInfo = ResultCode(3102)
    package static let tokenLoginInvalidLastLoggedInIdP = ResultCode(3103)
    package static let idpLoginFailed = ResultCode(3201)
    package static let idpLoginInvalidIdPInfo = ResultCode(3202)
    package static let idpLoginExternalAuthRequired = ResultCode(3203)
    package static let addMappingFailed = ResultCode(3301)
    package static let addMappingAlreadyMappedToOtherMember = ResultCode(3302)
    package static let addMappingAlreadyHasSameIdP = ResultCode(3303)
    package static let addMappingInvalidIdPInfo = ResultCode(3304)
    package static let addMappingCannotAddGuestIdP = ResultCode(3305)
    package static let forciblyNotExistKey = ResultCode(3311)
    package static let forciblyAlreadyUsedKey = ResultCode(3312)
    package static let forciblyExpiredKey = ResultCode(3313)
    package static let forciblyDifferentIdP = ResultCode(3314)
    package static let forciblyDifferentAuthKey = ResultCode(3315)
    package static let removeMappingFailed = ResultCode(3401)
    package static let removeMappingLastMappedIdP = ResultCode(3402)
    package static let removeMappingLoggedInIdP = ResultCode(3403)
    package static let logoutFailed = ResultCode(3501)
    package static let withdrawFailed = ResultCode(3601)
    package static let withdrawAlreadyTemporaryWithdraw = ResultCode(3602)
    package static let withdrawNotTemporaryWithdraw = ResultCode(3603)
    package static let notPlayable = ResultCode(3701)
    package static let authUnknownError = ResultCode(3999)
}

// MARK: - Server API codes

extension ResultCode {
    package static let wrongParameterType = ResultCode(-4000001)
    package static let missingParameter = ResultCode(-4000002)
    package static let undefinedValue = ResultCode(-4000003)
    package static let inappropriateValue = ResultCode(-4000005)
    package static let parameterTooLong = ResultCode(-4000008)
    package static let invalidAppID = ResultCode(-4010001)
    package static let invalidSecretKey = ResultCode(-4010004)
    package static let wrongContentType = ResultCode(-4060001)
    package static let wrongURI = ResultCode(-4060003)
    package static let malformedJSON = ResultCode(-4150001)
    package static let internalSystemError = ResultCode(-5000001)
    package static let gatewayInvalidAccessToken = ResultCode(-4010203)
    package static let gatewayInvalidUser = ResultCode(-4010204)
    package static let memberNotExist = ResultCode(-4040401)
    /// E16 (ours): the session holds no IdP credential (it logged in as guest).
    package static let idPTokenNotFound = ResultCode(-4040204)
    package static let memberAlreadyWithdrawn = ResultCode(-4100401)
    package static let transferAccountNotExistServer = ResultCode(-4040403)
    package static let transferAccountAlreadyUsedServer = ResultCode(-4100402)
    package static let transferAccountExpiredServer = ResultCode(-4100403)
    package static let transferAccountBlockedServer = ResultCode(-4000901)
    package static let transferAccountWrongPasswordServer = ResultCode(-4000927)
    package static let transferAccountIDNotFoundServer = ResultCode(-4040920)
    package static let productNotEnabled = ResultCode(-4040201)
}

extension ResultCode {
    static let names: [Int: String] = [
        0: "SUCCESS",
        2: "NOT_LOGGED_IN",
        3: "INVALID_PARAMETER",
        4: "INVALID_JSON_FORMAT",
        5: "USER_PERMISSION",
        6: "INVALID_MEMBER",
        7: "BANNED_MEMBER",
        8: "SAME_REQUESTOR",
        9: "NOT_GUEST_OR_HAS_OTHERS",
        10: "NOT_SUPPORTED",
        3002: "AUTH_NOT_SUPPORTED_PROVIDER",
        3003: "AUTH_NOT_EXIST_MEMBER",
        3004: "AUTH_INVALID_MEMBER",
        3005: "AUTH_BANNED_MEMBER",
        3011: "AUTH_INVALID_GAMEBASE_TOKEN",
        3031: "AUTH_TRANSFERKEY_EXPIRED",
        3032: "AUTH_TRANSFERKEY_CONSUMED",
        3033: "AUTH_TRANSFERKEY_NOT_EXIST",
        3041: "AUTH_TRANSFERACCOUNT_EXPIRED",
        3042: "AUTH_TRANSFERACCOUNT_BLOCK",
        3043: "AUTH_TRANSFERACCOUNT_INVALID_ID",
        3044: "AUTH_TRANSFERACCOUNT_INVALID_PASSWORD",
        3045: "AUTH_TRANSFERACCOUNT_CONSOLE_NO_CONDITION",
        3046: "AUTH_TRANSFERACCOUNT_NOT_EXIST",
        3047: "AUTH_TRANSFERACCOUNT_ALREADY_EXIST_ID",
        3048: "AUTH_TRANSFERACCOUNT_ALREADY_USED",
        3101: "AUTH_TOKEN_LOGIN_FAILED",
        3102: "AUTH_TOKEN_LOGIN_INVALID_TOKEN_INFO",
        3103: "AUTH_TOKEN_LOGIN_INVALID_LAST_LOGGED_IN_IDP",
        3201: "AUTH_IDP_LOGIN_FAILED",
        3202: "AUTH_IDP_LOGIN_INVALID_IDP_INFO",
        3203: "AUTH_IDP_LOGIN_EXTERNAL_AUTHENTICATION_REQUIRED",
        3301: "AUTH_ADD_MAPPING_FAILED",
        3302: "AUTH_ADD_MAPPING_ALREADY_MAPPED_TO_OTHER_MEMBER",
        3303: "AUTH_ADD_MAPPING_ALREADY_HAS_SAME_IDP",
        3304: "AUTH_ADD_MAPPING_INVALID_IDP_INFO",
        3305: "AUTH_ADD_MAPPING_CANNOT_ADD_GUEST_IDP",
        3311: "AUTH_ADD_MAPPING_FORCIBLY_NOT_EXIST_KEY",
        3312: "AUTH_ADD_MAPPING_FORCIBLY_ALREADY_USED_KEY",
        3313: "AUTH_ADD_MAPPING_FORCIBLY_EXPIRED_KEY",
        3314: "AUTH_ADD_MAPPING_FORCIBLY_DIFFERENT_IDP",
        3315: "AUTH_ADD_MAPPING_FORCIBLY_DIFFERENT_AUTHKEY",
        3401: "AUTH_REMOVE_MAPPING_FAILED",
        3402: "AUTH_REMOVE_MAPPING_LAST_MAPPED_IDP",
        3403: "AUTH_REMOVE_MAPPING_LOGGED_IN_IDP",
        3501: "AUTH_LOGOUT_FAILED",
        3601: "AUTH_WITHDRAW_FAILED",
        3602: "AUTH_WITHDRAW_ALREADY_TEMPORARY_WITHDRAW",
        3603: "AUTH_WITHDRAW_NOT_TEMPORARY_WITHDRAW",
        3701: "AUTH_NOT_PLAYABLE",
        3999: "AUTH_UNKNOWN_ERROR",
        -4000001: "WRONG_PARAMETER_TYPE",
        -4000002: "MISSING_PARAMETER",
        -4000003: "UNDEFINED_VALUE",
        -4000005: "INAPPROPRIATE_VALUE",
        -4000008: "PARAMETER_TOO_LONG",
        -4010001: "INVALID_APP_ID",
        -4010004: "INVALID_SECRET_KEY",
        -4060001: "WRONG_CONTENT_TYPE",
        -4060003: "UNSUPPORTED_API_OR_WRONG_URI",
        -4150001: "MALFORMED_JSON",
        -5000001: "INTERNAL_SYSTEM_ERROR",
        -4010203: "INVALID_ACCESS_TOKEN",
        -4010204: "INVALID_USER",
        -4040201: "PRODUCT_NOT_ENABLED",
        -4040401: "MEMBER_NOT_EXIST",
        -4040204: "IDP_TOKEN_NOT_FOUND",
        -4100401: "MEMBER_ALREADY_WITHDRAWN",
        -4040403: "TRANSFER_ACCOUNT_NOT_EXIST",
        -4100402: "TRANSFER_ACCOUNT_ALREADY_USED",
        -4100403: "TRANSFER_ACCOUNT_EXPIRED",
        -4000901: "TRANSFER_ACCOUNT_BLOCKED",
        -4000927: "TRANSFER_ACCOUNT_WRONG_PASSWORD",
        -4040920: "TRANSFER_ACCOUNT_ID_NOT_FOUND",
    ]
}
