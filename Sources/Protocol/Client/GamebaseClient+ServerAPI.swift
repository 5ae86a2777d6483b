import Transport

/// The documented Server API (E1…E16, and E17, ours) and test control. All carry `X-Secret-Key`.
extension GamebaseClient {
    /// E1 Token Authentication.
    package func tokenAuthentication(userId: String, accessToken: String, linkedIdP: Bool = false) async throws
        -> Reply<TokenAuthenticationResponse>
    {
        try await call(
            .get,
            Endpoint.tokenAuthentication(appId, userId: userId, accessToken: accessToken, linkedIdP: linkedIdP),
            secret: true,
            as: TokenAuthenticationResponse.self
        )
    }

    /// E16 Get IdP Token and Profile of the session `accessToken`.
    package func idPTokenAndProfile(userId: String, accessToken: String) async throws
        -> Reply<IdPTokenAndProfileResponse>
    {
        try await call(
            .get,
            Endpoint.idPTokenAndProfile(appId, userId: userId, accessToken: accessToken),
            secret: true,
            as: IdPTokenAndProfileResponse.self
        )
    }

    /// E3 Get Member.
    package func getMember(userId: String) async throws -> Reply<GetMemberResponse> {
        try await call(.get, Endpoint.getMember(appId, userId: userId), secret: true, as: GetMemberResponse.self)
    }

    /// E4 Get Members.
    package func getMembers(_ userIds: [String]) async throws -> Reply<GetMembersResponse> {
        try await call(.post, Endpoint.getMembers(appId), secret: true, body: userIds, as: GetMembersResponse.self)
    }

    /// E7 Get UserId Information with IdP Id (at most 300 ids per call).
    package func idPMembers(idPCode: IdPCode, idPIds: [String]) async throws -> Reply<IdPMembersResponse> {
        try await call(
            .post,
            Endpoint.idPMembers(appId, idPCode: idPCode),
            secret: true,
            body: idPIds,
            as: IdPMembersResponse.self
        )
    }

    /// E8 Ban.
    package func ban(_ body: BanRequest) async throws -> Reply<BanResponse> {
        try await call(.post, Endpoint.ban(appId), secret: true, body: body, as: BanResponse.self)
    }

    /// E11 Ban Release (DELETE with a JSON body).
    package func banRelease(_ body: BanReleaseRequest) async throws -> Reply<BanResponse> {
        try await call(.delete, Endpoint.ban(appId), secret: true, body: body, as: BanResponse.self)
    }

    /// E13 Validate TransferAccount.
    package func validateTransferAccount(id: String, password: String) async throws
        -> Reply<ValidateTransferAccountResponse>
    {
        try await call(
            .post,
            Endpoint.validateTransferAccount(appId),
            secret: true,
            body: ValidateTransferAccountRequest(id: id, password: password),
            as: ValidateTransferAccountResponse.self
        )
    }

    /// E14 Withdraw.
    package func serverWithdraw(userId: String, regUser: String) async throws -> Reply<EmptyResponse> {
        try await call(
            .delete,
            Endpoint.serverWithdraw(appId, userId: userId, regUser: regUser),
            secret: true,
            as: EmptyResponse.self
        )
    }

    /// E15 Withdraw Histories.
    package func withdrawHistories(
        begin: String,
        end: String,
        page: Int = 0,
        size: Int = 100,
        order: String = "ASC",
        eventLogType: String? = nil
    ) async throws -> Reply<WithdrawHistoriesResponse> {
        try await withdrawHistories(
            begin: begin,
            end: end,
            pageText: String(page),
            sizeText: String(size),
            order: order,
            eventLogType: eventLogType
        )
    }

    /// E15 Withdraw Histories with `page` and `size` written as given (a number form, §1.3).
    package func withdrawHistories(
        begin: String,
        end: String,
        pageText: String,
        sizeText: String,
        order: String,
        eventLogType: String?
    ) async throws -> Reply<WithdrawHistoriesResponse> {
        try await call(
            .get,
            Endpoint.withdrawHistories(
                appId,
                begin: begin,
                end: end,
                page: pageText,
                size: sizeText,
                order: order,
                eventLogType: eventLogType
            ),
            secret: true,
            as: WithdrawHistoriesResponse.self
        )
    }

    // MARK: Test control

    package func testSemantics() async throws -> Reply<SemanticsResponse> {
        try await call(.get, Endpoint.testSemantics(appId), secret: true, as: SemanticsResponse.self)
    }

    /// The maintenance schedule in force and whether the server is under maintenance now, through
    /// test control or the Server API (E17, ours): the same switch under two prefixes.
    package func maintenance(via route: MaintenanceRoute = .testControl) async throws -> Reply<MaintenanceResponse> {
        try await call(.get, route.schedule(appId), secret: true, as: MaintenanceResponse.self)
    }

    /// Switches the maintenance schedule (`periodSeconds: nil`: never under maintenance).
    package func switchMaintenance(
        _ schedule: MaintenanceSemantics,
        via route: MaintenanceRoute = .testControl
    ) async throws -> Reply<MaintenanceResponse> {
        try await call(.put, route.schedule(appId), secret: true, body: schedule, as: MaintenanceResponse.self)
    }

    /// Maintenance from the server's current second for `durationSeconds`.
    package func startMaintenance(
        durationSeconds: Int64,
        via route: MaintenanceRoute = .testControl
    ) async throws -> Reply<MaintenanceResponse> {
        try await call(
            .post,
            route.start(appId),
            secret: true,
            body: MaintenanceStartRequest(durationSeconds: durationSeconds),
            as: MaintenanceResponse.self
        )
    }

    package func testClock() async throws -> Reply<ClockResponse> {
        try await call(.get, Endpoint.testClock(appId), secret: true, as: ClockResponse.self)
    }

    package func testAdvanceClock(seconds: Int64) async throws -> Reply<ClockResponse> {
        try await call(
            .post,
            Endpoint.testClockAdvance(appId),
            secret: true,
            body: ClockAdvanceRequest(seconds: seconds),
            as: ClockResponse.self
        )
    }

    package func testFreezeClock(_ frozen: Bool) async throws -> Reply<ClockResponse> {
        try await call(
            .post,
            Endpoint.testClockFreeze(appId),
            secret: true,
            body: ClockFreezeRequest(frozen: frozen),
            as: ClockResponse.self
        )
    }

    package func testGraceBan(userId: String, _ body: GraceBanRequest) async throws -> Reply<GraceBanResponse> {
        try await testGraceBan(userId: userId, GraceBanNumberText(body))
    }

    /// A grace ban with its integers written as the given JSON number texts.
    package func testGraceBan(userId: String, _ body: GraceBanNumberText) async throws -> Reply<GraceBanResponse> {
        try await call(
            .post,
            Endpoint.testGraceBan(appId, userId: userId),
            secret: true,
            body: body,
            as: GraceBanResponse.self
        )
    }

    package func testPayment(userId: String, _ body: PaymentRequest) async throws -> Reply<GraceBanResponse> {
        try await call(
            .post,
            Endpoint.testPayment(appId, userId: userId),
            secret: true,
            body: body,
            as: GraceBanResponse.self
        )
    }

    package func testReset() async throws -> Reply<EmptyResponse> {
        try await call(.post, Endpoint.testReset(appId), secret: true, as: EmptyResponse.self)
    }

    package func testBugs() async throws -> Reply<BugsResponse> {
        try await call(.get, Endpoint.testBugs(appId), secret: true, as: BugsResponse.self)
    }
}
