import Model
import Protocol
import Transport

/// Turns planned operations into ``GamebaseClient`` calls, each with a fresh transaction id.
/// Never throws: every failure becomes a result (protocol violation or transport error).
package struct Executor: OperationExecutor {
    package let client: GamebaseClient
    package let semantics: Semantics

    package init(client: GamebaseClient, semantics: Semantics) {
        self.client = client
        self.semantics = semantics
    }

    package func execute(_ p: PlannedOperation) async -> ExecutionResult {
        let tid = p.op.edge?.transactionId(op: p.op.id) ?? GamebaseClient.newTransactionId()
        do {
            return try await send(p, tid)
        } catch let e as ProtocolError {
            return ExecutionResult(outcome: .protocolError(e), transactionId: tid, response: e.response)
        } catch let e as TransportError {
            return ExecutionResult(outcome: .transportError(e), transactionId: tid)
        } catch is CancellationError {
            return ExecutionResult(outcome: .transportError(TransportError(.shutdown, "cancelled")), transactionId: tid)
        } catch {
            return ExecutionResult(outcome: .transportError(TransportError(.other, "\(error)")), transactionId: tid)
        }
    }

    package func preferredTaskExecutor(player index: Int) -> (any TaskExecutor)? {
        client.transport.preferredTaskExecutor(for: index)
    }

    package func serverClock() async -> Int64? {
        guard let r = try? await client.testClock(), r.resultCode.isSuccess else { return nil }
        return r.body.clock?.now
    }

    private func answer<T: Sendable>(_ r: Reply<T>, _ wrap: (T) -> Observation) -> ExecutionResult {
        let env = Envelope.check(
            status: r.http.status,
            header: r.header,
            sentTransactionId: r.sentTransactionId,
            echoedTransactionId: r.echoedTransactionId,
            messageForm: semantics.shapes.resultMessage
        )
        return ExecutionResult(
            outcome: .answer(wrap(r.body), envelope: env),
            transactionId: r.sentTransactionId,
            response: r.http
        )
    }

    private func send(_ p: PlannedOperation, _ tid: String) async throws -> ExecutionResult {
        let c = Concrete(p, semantics: semantics)
        let cl = self.client
        func wrap(_ r: ClientReply) -> ExecutionResult { answer(r) { .client($0) } }
        switch p.op.action {
        case .loginGuest(let d, let ignore):
            return wrap(
                try await cl.login(
                    device: c.device(d),
                    LoginRequest(idPCode: .guest, ignoreAlreadyLoggedIn: ignore ? true : nil),
                    transactionId: tid
                )
            )
        case .loginIdP(let d, let cred, let ignore):
            let body = LoginRequest(
                idPCode: cred.idPCode,
                accessToken: c.idPToken,
                additionalInfo: cred.lineRegion.map { AdditionalInfo(lineChannelRegion: $0) },
                ignoreAlreadyLoggedIn: ignore ? true : nil
            )
            return wrap(try await cl.login(device: c.device(d), body, transactionId: tid))
        case .loginToken(let d, let t):
            return wrap(try await cl.tokenLogin(device: c.device(d), accessToken: c.token(t), transactionId: tid))
        case .changeLogin(let d, let t, let k, let cred):
            let body = ForcingMappingRequest(
                forcingMappingKey: c.ticket(k),
                idPCode: cred.idPCode,
                accessToken: c.idPToken ?? ""
            )
            return wrap(
                try await cl.changeLogin(device: c.device(d), accessToken: c.token(t), body, transactionId: tid)
            )
        case .logout(let d, let t):
            return wrap(try await cl.logout(device: c.device(d), accessToken: c.token(t), transactionId: tid))
        case .getMember(let d, let t):
            return wrap(try await cl.getOwnMember(device: c.device(d), accessToken: c.token(t), transactionId: tid))
        case .mappingList(let d, let t):
            return wrap(try await cl.getMappingList(device: c.device(d), accessToken: c.token(t), transactionId: tid))
        case .addMapping(let d, let t, let cred):
            let body = AddMappingRequest(
                idPCode: cred.idPCode,
                accessToken: c.idPToken,
                additionalInfo: cred.lineRegion.map { AdditionalInfo(lineChannelRegion: $0) }
            )
            return wrap(try await cl.addMapping(device: c.device(d), accessToken: c.token(t), body, transactionId: tid))
        case .addMappingForcibly(let d, let t, let k, let cred):
            let body = ForcingMappingRequest(
                forcingMappingKey: c.ticket(k),
                idPCode: cred.idPCode,
                accessToken: c.idPToken ?? ""
            )
            return wrap(
                try await cl.addMappingForcibly(device: c.device(d), accessToken: c.token(t), body, transactionId: tid)
            )
        case .removeMapping(let d, let t, let x):
            return wrap(
                try await cl.removeMapping(
                    device: c.device(d),
                    accessToken: c.token(t),
                    idPCode: c.idPCode(x),
                    transactionId: tid
                )
            )
        case .withdraw(let d, let t):
            return wrap(try await cl.withdraw(device: c.device(d), accessToken: c.token(t), transactionId: tid))
        case .requestTemporaryWithdrawal(let d, let t):
            return wrap(
                try await cl.requestTemporaryWithdrawal(
                    device: c.device(d),
                    accessToken: c.token(t),
                    transactionId: tid
                )
            )
        case .cancelTemporaryWithdrawal(let d, let t):
            return wrap(
                try await cl.cancelTemporaryWithdrawal(device: c.device(d), accessToken: c.token(t), transactionId: tid)
            )
        case .issueTransferAccount(let d, let t):
            return wrap(
                try await cl.issueTransferAccount(device: c.device(d), accessToken: c.token(t), transactionId: tid)
            )
        case .queryTransferAccount(let d, let t):
            return wrap(
                try await cl.queryTransferAccount(device: c.device(d), accessToken: c.token(t), transactionId: tid)
            )
        case .renewTransferAccount(let d, let t, let r):
            let body: TransferAccountRenewRequest
            switch r {
            case .autoPassword: body = .auto("PASSWORD")
            case .autoIdPassword: body = .auto("ID_PASSWORD")
            case .manual(let i, let pw):
                body = .manual(id: c.manual(i, isId: true), password: c.manual(pw, isId: false))
            }
            return wrap(
                try await cl.renewTransferAccount(
                    device: c.device(d),
                    accessToken: c.token(t),
                    body,
                    transactionId: tid
                )
            )
        case .transferLogin(let d, let cr):
            let body = TransferAccountLoginRequest(
                accountId: c.credential(cr.id, isId: true),
                accountPassword: c.credential(cr.password, isId: false)
            )
            return wrap(try await cl.transferAccountLogin(device: c.device(d), body, transactionId: tid))
        case .issueTransferKey(let d, let t, let e):
            return wrap(
                try await cl.issueTransferKey(
                    device: c.device(d),
                    accessToken: c.token(t),
                    expiresInText: c.integerText(e),
                    transactionId: tid
                )
            )
        case .transferKeyLogin(let d, let k):
            return wrap(
                try await cl.transferKeyLogin(device: c.device(d), transferKey: c.transferKey(k), transactionId: tid)
            )
        case .serverToken(let u, let t, let linked):
            return answer(
                try await cl.tokenAuthentication(userId: c.user(u), accessToken: c.token(t) ?? "", linkedIdP: linked)
            ) { .tokenAuthentication($0) }
        case .serverProfile(let u, let t):
            return answer(try await cl.idPTokenAndProfile(userId: c.user(u), accessToken: c.token(t) ?? "")) {
                .idPProfile($0)
            }
        case .serverMember(let u):
            return answer(try await cl.getMember(userId: c.user(u))) { .member($0) }
        case .serverMembers(let us):
            return answer(try await cl.getMembers(c.users(us))) { .members($0) }
        case .serverIdP(let code, let accounts):
            return answer(try await cl.idPMembers(idPCode: code, idPIds: accounts.map(p.identities.idPId))) {
                .idPMembers($0)
            }
        case .serverBan(let us, let spec):
            let body = BanRequest(
                userIdList: c.users(us),
                banTypeCode: spec.banType,
                end: c.banEndISO,
                banReason: "gbfuzz",
                regUser: "gbfuzz"
            )
            return answer(try await cl.ban(body)) { .ban($0) }
        case .serverRelease(let us):
            return answer(
                try await cl.banRelease(
                    BanReleaseRequest(userIdList: c.users(us), banReleaseReason: "gbfuzz", releaseUser: "gbfuzz")
                )
            ) { .ban($0) }
        case .serverValidate(let cr):
            return answer(
                try await cl.validateTransferAccount(
                    id: c.credential(cr.id, isId: true),
                    password: c.credential(cr.password, isId: false)
                )
            ) { .validate($0) }
        case .serverWithdraw(let u, let regUser):
            return answer(try await cl.serverWithdraw(userId: c.user(u), regUser: regUser)) { .empty($0) }
        case .serverWithdrawals(let q):
            let dates = c.historyDates
            return answer(
                try await cl.withdrawHistories(
                    begin: dates.begin,
                    end: dates.end,
                    pageText: c.integerText(q.page),
                    sizeText: c.integerText(q.size),
                    order: q.order,
                    eventLogType: q.eventLogType
                )
            ) { .withdrawHistories($0) }
        case .advanceClock(let s):
            return answer(try await cl.testAdvanceClock(seconds: s)) { .clock($0) }
        case .graceBan(let u, let s, let rule):
            let body = GraceBanRequest(gracePeriodSeconds: s, message: "gbfuzz", releaseRuleCondition: rule)
            return answer(
                try await cl.testGraceBan(userId: c.user(u), GraceBanNumberText(body, integerText: c.integerText))
            ) {
                .graceBan($0)
            }
        case .payment(let u, let amount, let currency):
            let body = PaymentRequest(amount: Double(amount), currency: currency)
            return answer(try await cl.testPayment(userId: c.user(u), body)) { .graceBan($0) }
        }
    }
}
