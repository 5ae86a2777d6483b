/// Header names used on the wire.
public enum GamebaseHeader {
    public static let transactionId = "X-TCGB-Transaction-Id"
    /// The simulated device a client call comes from.
    public static let deviceId = "X-TCGB-Device-Id"
    public static let secretKey = "X-Secret-Key"
    public static let authorization = "Authorization"
    public static let contentType = "Content-Type"
    public static let jsonContentType = "application/json; charset=UTF-8"
}

/// Every path the protocol defines. Client operations live under `…/auth/`, so they never
/// collide with the documented Server API paths.
public enum Endpoint {
    static func gateway(_ appId: String) -> String { "/tcgb-gateway/v1.3/apps/\(appId)" }
    static func member(_ appId: String) -> String { "/tcgb-member/v1.3/apps/\(appId)" }
    static func auth(_ appId: String) -> String { "\(gateway(appId))/auth" }
    static func test(_ appId: String) -> String { "/tcgb-test/v1/apps/\(appId)" }

    // MARK: Client operations (method in the comment)
    /// POST: guest or IdP login.
    public static func login(_ appId: String) -> String { "\(auth(appId))/login" }
    /// POST: login with the device's Gamebase access token (last logged-in provider).
    public static func tokenLogin(_ appId: String) -> String { "\(auth(appId))/login/token" }
    /// POST: change login with a forcing-mapping ticket.
    public static func changeLogin(_ appId: String) -> String { "\(auth(appId))/login/change" }
    /// POST: logout.
    public static func logout(_ appId: String) -> String { "\(auth(appId))/logout" }
    /// GET: own member; DELETE: withdraw (immediately).
    public static func ownMember(_ appId: String) -> String { "\(auth(appId))/member" }
    /// GET: mapping list; POST: add mapping.
    public static func mappings(_ appId: String) -> String { "\(auth(appId))/mappings" }
    /// POST: add mapping forcibly.
    public static func mappingsForcibly(_ appId: String) -> String { "\(auth(appId))/mappings/forcibly" }
    /// DELETE: remove mapping of an IdP type.
    public static func mapping(_ appId: String, _ idPCode: IdPCode) -> String {
        "\(auth(appId))/mappings/\(percentEncoded(idPCode.rawValue))"
    }
    /// POST: request temporary withdrawal; DELETE: cancel it.
    public static func temporaryWithdrawal(_ appId: String) -> String { "\(auth(appId))/temporary-withdrawal" }
    /// POST: issue; GET: query; PUT: renew.
    public static func transferAccount(_ appId: String) -> String { "\(auth(appId))/transfer-account" }
    /// POST: transfer the guest account to this device.
    public static func transferAccountLogin(_ appId: String) -> String { "\(auth(appId))/transfer-account/login" }
    /// POST: issue a legacy TransferKey.
    public static func transferKey(_ appId: String) -> String { "\(auth(appId))/transfer-key" }
    /// POST: transfer with a legacy TransferKey.
    public static func transferKeyLogin(_ appId: String) -> String { "\(auth(appId))/transfer-key/login" }

    // MARK: Server API (documented; X-Secret-Key)
    /// E1 GET Token Authentication.
    public static func tokenAuthentication(_ appId: String, userId: String, accessToken: String, linkedIdP: Bool)
        -> String
    {
        "\(gateway(appId))/members/\(percentEncoded(userId))/tokens/\(percentEncoded(accessToken))?linkedIdP=\(linkedIdP)"
    }
    /// E3 GET Get Member.
    public static func getMember(_ appId: String, userId: String) -> String {
        "\(member(appId))/members/\(percentEncoded(userId))"
    }
    /// E4 POST Get Members.
    public static func getMembers(_ appId: String) -> String { "\(member(appId))/members" }
    /// E7 POST Get UserId Information with IdP Id.
    public static func idPMembers(_ appId: String, idPCode: IdPCode) -> String {
        "\(gateway(appId))/idps/\(percentEncoded(idPCode.rawValue))/members"
    }
    /// E8 POST Ban; E11 DELETE Ban Release (with a JSON body).
    public static func ban(_ appId: String) -> String { "\(gateway(appId))/members/ban" }
    /// E13 POST Validate TransferAccount.
    public static func validateTransferAccount(_ appId: String) -> String {
        "\(gateway(appId))/members/transfer-account"
    }
    /// E14 DELETE Withdraw.
    public static func serverWithdraw(_ appId: String, userId: String, regUser: String) -> String {
        "\(gateway(appId))/members/\(percentEncoded(userId))?regUser=\(percentEncoded(regUser))"
    }
    /// E15 GET Withdraw Histories. `begin`/`end` are ISO-8601.
    public static func withdrawHistories(
        _ appId: String,
        begin: String,
        end: String,
        page: Int = 0,
        size: Int = 100,
        order: String = "ASC",
        eventLogType: String? = nil
    ) -> String {
        var q = "begin=\(percentEncoded(begin))&end=\(percentEncoded(end))&page=\(page)&size=\(size)&order=\(order)"
        if let eventLogType { q += "&eventLogType=\(percentEncoded(eventLogType))" }
        return "\(member(appId))/logs/withdrawal?\(q)"
    }

    // MARK: Test control (X-Secret-Key)
    /// GET the semantic knobs.
    public static func testSemantics(_ appId: String) -> String { "\(test(appId))/semantics" }
    /// GET the server clock.
    public static func testClock(_ appId: String) -> String { "\(test(appId))/clock" }
    /// POST advance the clock.
    public static func testClockAdvance(_ appId: String) -> String { "\(test(appId))/clock/advance" }
    /// POST freeze or unfreeze the clock.
    public static func testClockFreeze(_ appId: String) -> String { "\(test(appId))/clock/freeze" }
    /// POST put a user under grace ban.
    public static func testGraceBan(_ appId: String, userId: String) -> String {
        "\(test(appId))/members/\(percentEncoded(userId))/grace-ban"
    }
    /// POST erase all data and reset the clock.
    public static func testReset(_ appId: String) -> String { "\(test(appId))/reset" }
    /// GET the bug switches that are on.
    public static func testBugs(_ appId: String) -> String { "\(test(appId))/bugs" }

    /// The OpenAPI document the reference server serves.
    public static let openAPI = "/openapi.yaml"

    /// Percent-encodes everything outside RFC 3986 unreserved characters.
    public static func percentEncoded(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b & 0xF)]))
            }
        }
        return out
    }
}
