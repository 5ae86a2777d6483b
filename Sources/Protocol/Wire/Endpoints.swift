import Transport

/// Header names used on the wire.
package enum GamebaseHeader {
    package static let transactionId = "X-TCGB-Transaction-Id"
    /// The simulated device a client call comes from.
    package static let deviceId = "X-TCGB-Device-Id"
    package static let secretKey = "X-Secret-Key"
    package static let authorization = "Authorization"
    package static let contentType = "Content-Type"
    package static let jsonContentType = "application/json; charset=UTF-8"
    /// The response fields a ``GamebaseClient`` reads: the echoed transaction id, the content
    /// type that the probe names when an answer is not JSON, and the mark of a request the
    /// fault-injecting proxy sent twice (``FaultSpec/header``).
    package static let read = [transactionId, contentType, FaultSpec.header]
}

/// Every path the protocol defines. Client operations live under `…/auth/`, so they never
/// collide with the documented Server API paths.
package enum Endpoint {
    // Each path is one interpolation of a prefix, the app id and the rest: built from nested
    // helpers (the login path from the auth path from the gateway path) a path took three string
    // allocations, on every request a campaign sends.
    // A path with parameters interpolates them into the same line as its prefix.
    static let gatewayApps = "/tcgb-gateway/v1.3/apps/"
    static let memberApps = "/tcgb-member/v1.3/apps/"
    static func gateway(_ appId: String, _ rest: String) -> String { "\(gatewayApps)\(appId)\(rest)" }
    static func member(_ appId: String, _ rest: String) -> String { "\(memberApps)\(appId)\(rest)" }
    static func auth(_ appId: String, _ rest: String) -> String { "\(gatewayApps)\(appId)/auth\(rest)" }
    static func test(_ appId: String, _ rest: String) -> String { "\(testControlPrefix)/v1/apps/\(appId)\(rest)" }
    /// Where test control lives: the harness's own channel to the target (its clock, its knobs),
    /// which the fault-injecting proxy forwards untouched.
    package static let testControlPrefix = "/tcgb-test"

    // MARK: Client operations (method in the comment)
    /// POST: guest or IdP login.
    package static func login(_ appId: String) -> String { auth(appId, "/login") }
    /// POST: login with the device's Gamebase access token (last logged-in provider).
    package static func tokenLogin(_ appId: String) -> String { auth(appId, "/login/token") }
    /// POST: change login with a forcing-mapping ticket.
    package static func changeLogin(_ appId: String) -> String { auth(appId, "/login/change") }
    /// POST: logout.
    package static func logout(_ appId: String) -> String { auth(appId, "/logout") }
    /// GET: own member; DELETE: withdraw (immediately).
    package static func ownMember(_ appId: String) -> String { auth(appId, "/member") }
    /// GET: mapping list; POST: add mapping.
    package static func mappings(_ appId: String) -> String { auth(appId, "/mappings") }
    /// POST: add mapping forcibly.
    package static func mappingsForcibly(_ appId: String) -> String { auth(appId, "/mappings/forcibly") }
    /// DELETE: remove mapping of an IdP type.
    package static func mapping(_ appId: String, _ idPCode: IdPCode) -> String {
        "\(gatewayApps)\(appId)/auth/mappings/\(percentEncoded(idPCode.rawValue))"
    }
    /// POST: request temporary withdrawal; DELETE: cancel it.
    package static func temporaryWithdrawal(_ appId: String) -> String { auth(appId, "/temporary-withdrawal") }
    /// POST: issue; GET: query; PUT: renew.
    package static func transferAccount(_ appId: String) -> String { auth(appId, "/transfer-account") }
    /// POST: transfer the guest account to this device.
    package static func transferAccountLogin(_ appId: String) -> String { auth(appId, "/transfer-account/login") }
    /// POST: issue a legacy TransferKey.
    package static func transferKey(_ appId: String) -> String { auth(appId, "/transfer-key") }
    /// POST: transfer with a legacy TransferKey.
    package static func transferKeyLogin(_ appId: String) -> String { auth(appId, "/transfer-key/login") }

    // MARK: Server API (documented; X-Secret-Key)
    /// E1 GET Token Authentication.
    package static func tokenAuthentication(_ appId: String, userId: String, accessToken: String, linkedIdP: Bool)
        -> String
    {
        "\(gatewayApps)\(appId)/members/\(percentEncoded(userId))/tokens/\(percentEncoded(accessToken))?linkedIdP=\(linkedIdP)"
    }
    /// E16 GET Get IdP Token and Profile (the path is ours: the seeds name the call, not its route).
    package static func idPTokenAndProfile(_ appId: String, userId: String, accessToken: String) -> String {
        "\(gatewayApps)\(appId)/members/\(percentEncoded(userId))/tokens/\(percentEncoded(accessToken))/idp-profile"
    }
    /// E3 GET Get Member.
    package static func getMember(_ appId: String, userId: String) -> String {
        "\(memberApps)\(appId)/members/\(percentEncoded(userId))"
    }
    /// E4 POST Get Members.
    package static func getMembers(_ appId: String) -> String { member(appId, "/members") }
    /// E7 POST Get UserId Information with IdP Id.
    package static func idPMembers(_ appId: String, idPCode: IdPCode) -> String {
        "\(gatewayApps)\(appId)/idps/\(percentEncoded(idPCode.rawValue))/members"
    }
    /// E8 POST Ban; E11 DELETE Ban Release (with a JSON body).
    package static func ban(_ appId: String) -> String { gateway(appId, "/members/ban") }
    /// E13 POST Validate TransferAccount.
    package static func validateTransferAccount(_ appId: String) -> String {
        gateway(appId, "/members/transfer-account")
    }
    /// E14 DELETE Withdraw.
    package static func serverWithdraw(_ appId: String, userId: String, regUser: String) -> String {
        "\(gatewayApps)\(appId)/members/\(percentEncoded(userId))?regUser=\(percentEncoded(regUser))"
    }
    /// E15 GET Withdraw Histories. `begin`/`end` are ISO-8601; `page` and `size` are number text
    /// (any JSON number form, §1.3).
    package static func withdrawHistories(
        _ appId: String,
        begin: String,
        end: String,
        page: String = "0",
        size: String = "100",
        order: String = "ASC",
        eventLogType: String? = nil
    ) -> String {
        var q =
            "begin=\(percentEncoded(begin))&end=\(percentEncoded(end))&page=\(percentEncoded(page))&size=\(percentEncoded(size))&order=\(percentEncoded(order))"
        if let eventLogType { q += "&eventLogType=\(percentEncoded(eventLogType))" }
        return "\(memberApps)\(appId)/logs/withdrawal?\(q)"
    }

    /// E17 (ours): GET the maintenance schedule in force; PUT switch it.
    package static func maintenance(_ appId: String) -> String { gateway(appId, "/maintenance") }
    /// E17 (ours): POST maintenance from now for a while.
    package static func maintenanceStart(_ appId: String) -> String { gateway(appId, "/maintenance/start") }

    // MARK: Test control (X-Secret-Key)
    /// GET the semantic knobs.
    package static func testSemantics(_ appId: String) -> String { test(appId, "/semantics") }
    /// GET the server clock.
    package static func testClock(_ appId: String) -> String { test(appId, "/clock") }
    /// POST advance the clock.
    package static func testClockAdvance(_ appId: String) -> String { test(appId, "/clock/advance") }
    /// POST freeze or unfreeze the clock.
    package static func testClockFreeze(_ appId: String) -> String { test(appId, "/clock/freeze") }
    /// GET the maintenance schedule in force; PUT switch it.
    package static func testMaintenance(_ appId: String) -> String { test(appId, "/maintenance") }
    /// POST maintenance from now for a while.
    package static func testMaintenanceStart(_ appId: String) -> String { test(appId, "/maintenance/start") }
    /// POST put a user under grace ban.
    package static func testGraceBan(_ appId: String, userId: String) -> String {
        "\(testControlPrefix)/v1/apps/\(appId)/members/\(percentEncoded(userId))/grace-ban"
    }
    /// POST record a payment of a user (grace-ban release conditions).
    package static func testPayment(_ appId: String, userId: String) -> String {
        "\(testControlPrefix)/v1/apps/\(appId)/members/\(percentEncoded(userId))/payment"
    }
    /// POST erase all data and reset the clock.
    package static func testReset(_ appId: String) -> String { test(appId, "/reset") }
    /// GET the bug switches that are on.
    package static func testBugs(_ appId: String) -> String { test(appId, "/bugs") }

    /// The OpenAPI document the reference server serves.
    package static let openAPI = "/openapi.yaml"

    /// Percent-encodes everything outside RFC 3986 unreserved characters.
    package static func percentEncoded(_ s: String) -> String {
        // Ids and tokens are nearly always unreserved already: then the string itself, not a copy
        // built byte by byte (this runs for every path parameter a campaign sends).
        guard !s.utf8.allSatisfy(isUnreserved) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count * 3)
        for b in s.utf8 {
            if isUnreserved(b) {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(b >> 4)])
                out.append(hexDigits[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

/// Where the maintenance switch is reached: test control, or the Server API's E17 (ours).
package enum MaintenanceRoute: Sendable {
    case testControl, serverAPI

    /// GET the schedule in force; PUT switch it.
    package func schedule(_ appId: String) -> String {
        self == .testControl ? Endpoint.testMaintenance(appId) : Endpoint.maintenance(appId)
    }

    /// POST maintenance from now for a while.
    package func start(_ appId: String) -> String {
        self == .testControl ? Endpoint.testMaintenanceStart(appId) : Endpoint.maintenanceStart(appId)
    }
}
