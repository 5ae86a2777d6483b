import Transport

/// Client operations (what the SDK sends to the gateway), as defined in docs/PROTOCOL.md.
extension GamebaseClient {
    package func login(device: String, _ body: LoginRequest, transactionId: String? = nil) async throws -> ClientReply {
        try await call(
            .post,
            Endpoint.login(appId),
            device: device,
            body: body,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    /// Token login: `accessToken` is the device's stored Gamebase token; `nil` sends none (→ 3103).
    package func tokenLogin(device: String, accessToken: String?, transactionId: String? = nil) async throws
        -> ClientReply
    {
        try await call(
            .post,
            Endpoint.tokenLogin(appId),
            device: device,
            accessToken: accessToken,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func logout(device: String, accessToken: String?, transactionId: String? = nil) async throws -> ClientReply
    {
        try await call(
            .post,
            Endpoint.logout(appId),
            device: device,
            accessToken: accessToken,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func addMapping(
        device: String,
        accessToken: String?,
        _ body: AddMappingRequest,
        transactionId: String? = nil
    )
        async throws -> ClientReply
    {
        try await call(
            .post,
            Endpoint.mappings(appId),
            device: device,
            accessToken: accessToken,
            body: body,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func addMappingForcibly(
        device: String,
        accessToken: String?,
        _ body: ForcingMappingRequest,
        transactionId: String? = nil
    ) async throws -> ClientReply {
        try await call(
            .post,
            Endpoint.mappingsForcibly(appId),
            device: device,
            accessToken: accessToken,
            body: body,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func changeLogin(
        device: String,
        accessToken: String?,
        _ body: ForcingMappingRequest,
        transactionId: String? = nil
    ) async throws -> ClientReply {
        try await call(
            .post,
            Endpoint.changeLogin(appId),
            device: device,
            accessToken: accessToken,
            body: body,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func removeMapping(device: String, accessToken: String?, idPCode: IdPCode, transactionId: String? = nil)
        async throws -> ClientReply
    {
        try await call(
            .delete,
            Endpoint.mapping(appId, idPCode),
            device: device,
            accessToken: accessToken,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func getOwnMember(device: String, accessToken: String?, transactionId: String? = nil) async throws
        -> ClientReply
    {
        try await call(
            .get,
            Endpoint.ownMember(appId),
            device: device,
            accessToken: accessToken,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func getMappingList(device: String, accessToken: String?, transactionId: String? = nil) async throws
        -> ClientReply
    {
        try await call(
            .get,
            Endpoint.mappings(appId),
            device: device,
            accessToken: accessToken,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    /// Withdraw immediately (`withdraw` and `withdrawImmediately` are the same operation).
    package func withdraw(device: String, accessToken: String?, transactionId: String? = nil) async throws
        -> ClientReply
    {
        try await call(
            .delete,
            Endpoint.ownMember(appId),
            device: device,
            accessToken: accessToken,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func requestTemporaryWithdrawal(device: String, accessToken: String?, transactionId: String? = nil)
        async throws -> ClientReply
    {
        try await call(
            .post,
            Endpoint.temporaryWithdrawal(appId),
            device: device,
            accessToken: accessToken,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func cancelTemporaryWithdrawal(device: String, accessToken: String?, transactionId: String? = nil)
        async throws -> ClientReply
    {
        try await call(
            .delete,
            Endpoint.temporaryWithdrawal(appId),
            device: device,
            accessToken: accessToken,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func issueTransferAccount(device: String, accessToken: String?, transactionId: String? = nil) async throws
        -> ClientReply
    {
        try await call(
            .post,
            Endpoint.transferAccount(appId),
            device: device,
            accessToken: accessToken,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func queryTransferAccount(device: String, accessToken: String?, transactionId: String? = nil) async throws
        -> ClientReply
    {
        try await call(
            .get,
            Endpoint.transferAccount(appId),
            device: device,
            accessToken: accessToken,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func renewTransferAccount(
        device: String,
        accessToken: String?,
        _ body: TransferAccountRenewRequest,
        transactionId: String? = nil
    ) async throws -> ClientReply {
        try await call(
            .put,
            Endpoint.transferAccount(appId),
            device: device,
            accessToken: accessToken,
            body: body,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    /// Transfers the guest account named by the credentials to `device`.
    package func transferAccountLogin(device: String, _ body: TransferAccountLoginRequest, transactionId: String? = nil)
        async throws -> ClientReply
    {
        try await call(
            .post,
            Endpoint.transferAccountLogin(appId),
            device: device,
            body: body,
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func issueTransferKey(
        device: String,
        accessToken: String?,
        expiresIn: Int64,
        transactionId: String? = nil
    ) async throws -> ClientReply {
        try await call(
            .post,
            Endpoint.transferKey(appId),
            device: device,
            accessToken: accessToken,
            body: TransferKeyIssueRequest(expiresIn: expiresIn),
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    /// Issue with `expiresIn` written as the JSON number text `expiresInText` (`600.0`, `6E2`…).
    package func issueTransferKey(
        device: String,
        accessToken: String?,
        expiresInText: String,
        transactionId: String? = nil
    ) async throws -> ClientReply {
        try await call(
            .post,
            Endpoint.transferKey(appId),
            device: device,
            accessToken: accessToken,
            body: TransferKeyIssueNumberText(expiresIn: expiresInText),
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }

    package func transferKeyLogin(device: String, transferKey: String, transactionId: String? = nil) async throws
        -> ClientReply
    {
        try await call(
            .post,
            Endpoint.transferKeyLogin(appId),
            device: device,
            body: TransferKeyLoginRequest(transferKey: transferKey),
            transactionId: transactionId,
            as: ClientReplyBody.self
        )
    }
}
