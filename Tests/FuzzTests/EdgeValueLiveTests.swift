import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import Testing

@Suite("Edge values against the reference server")
struct EdgeValueLiveTests {
    @Test(
        "Made-up path parameters are sent at their edge length in code points, ASCII or not: judged as unknown at 1,024, -4000008 past it"
    )
    func madeUpPathParameters() async throws {
        try await ConcurrencyLimit.endToEnd.run {
            try await withLiveTarget { live in
                let config = FuzzConfiguration(seed: 1, runSalt: "edge-idp")
                let clock = await ClockTracker.prepare(client: live.client, configuration: config)
                let runner = ScriptRunner(configuration: config, executor: live.executor, clock: clock)
                let d = DeviceRef(0)
                let token = TokenArg.token(Sym(.token, 1))
                let steps = [
                    Op(id: 1, action: .loginGuest(device: d, ignoreAlreadyLoggedIn: false)),
                    Op(id: 2, action: .removeMapping(device: d, token: token, idPCode: .madeUp)),
                    Op(
                        id: 3,
                        action: .removeMapping(device: d, token: token, idPCode: .madeUp),
                        edge: .longValue(1024)
                    ),
                    Op(
                        id: 4,
                        action: .removeMapping(device: d, token: token, idPCode: .madeUp),
                        edge: .longValue(1025)
                    ),
                    Op(
                        id: 5,
                        action: .removeMapping(device: d, token: token, idPCode: .madeUp),
                        edge: .longUnicodeValue(1024)
                    ),
                    Op(
                        id: 6,
                        action: .removeMapping(device: d, token: token, idPCode: .madeUp),
                        edge: .longUnicodeValue(1025)
                    ),
                    Op(id: 7, action: .serverMember(user: .unknown), edge: .longUnicodeValue(1024)),
                    Op(id: 8, action: .serverMember(user: .unknown), edge: .longUnicodeValue(1025)),
                ]
                let run = await runner.run(steps, salt: "edge-idp")
                #expect(run.violation == nil, "\(run.violation?.message ?? "")")
                #expect(
                    run.steps.map(\.observed) == [
                        .success, .removeMappingFailed, .removeMappingFailed, .parameterTooLong,
                        .removeMappingFailed, .parameterTooLong, .memberNotExist, .parameterTooLong,
                    ]
                )
            }
        }
    }

    @Test(
        "E15's dates in each form of §1.4 and its page and size in each number form get what the model predicts from the reference server, the exact window holding the withdrawal"
    )
    func historyForms() async throws {
        try await ConcurrencyLimit.endToEnd.run {
            try await withLiveTarget { live in
                let config = FuzzConfiguration(seed: 1, runSalt: "edge-history")
                let clock = await ClockTracker.prepare(client: live.client, configuration: config)
                let runner = ScriptRunner(configuration: config, executor: live.executor, clock: clock)
                let d = DeviceRef(0)
                var steps = [
                    Op(id: 1, action: .loginGuest(device: d, ignoreAlreadyLoggedIn: false)),
                    Op(id: 2, action: .withdraw(device: d, token: .token(Sym(.token, 1)))),
                ]
                // A window of one instant, the withdrawal's own (the clock is frozen): a form read
                // as another instant, or a fraction rounded, leaves it out (W2).
                let exact = Action.serverWithdrawals(query: HistoryQuery(around: Sym(.user, 1), before: 0, after: 0))
                let edges =
                    EdgeValue.DateForm.allCases.map(EdgeValue.dateForm)
                    + EdgeValue.NumberForm.allCases.map(EdgeValue.numberForm)
                for (i, edge) in edges.enumerated() { steps.append(Op(id: 3 + i, action: exact, edge: edge)) }
                let run = await runner.run(steps, salt: "edge-history")
                #expect(run.violation == nil, "\(run.violation?.message ?? "")")
                let expected: [ResultCode] =
                    [.success, .success]
                    + EdgeValue.DateForm.allCases.map { $0.isValid ? .success : .inappropriateValue }
                    + EdgeValue.NumberForm.allCases.map { $0.badInput ?? .success }
                #expect(run.steps.map(\.observed) == expected)
            }
        }
    }

    @Test("An integer field sent in each number form gets what the model predicts from the reference server")
    func numberForms() async throws {
        let semantics = Semantics(transferKey: TransferKeySemantics(enabled: true))
        try await ConcurrencyLimit.endToEnd.run {
            try await withLiveTarget(semantics: semantics) { live in
                let config = FuzzConfiguration(seed: 1, runSalt: "edge-number", semantics: semantics)
                let clock = await ClockTracker.prepare(client: live.client, configuration: config)
                let runner = ScriptRunner(configuration: config, executor: live.executor, clock: clock)
                let d = DeviceRef(0)
                var steps = [Op(id: 1, action: .loginGuest(device: d, ignoreAlreadyLoggedIn: false))]
                for (i, form) in EdgeValue.NumberForm.allCases.enumerated() {
                    steps.append(
                        Op(
                            id: 2 + i,
                            action: .issueTransferKey(device: d, token: .token(Sym(.token, 1)), expiresIn: 600),
                            edge: .numberForm(form)
                        )
                    )
                }
                let run = await runner.run(steps, salt: "edge-number")
                #expect(run.violation == nil, "\(run.violation?.message ?? "")")
                #expect(
                    run.steps.map(\.observed) == [
                        .success, .success, .success, .success, .wrongParameterType, .inappropriateValue,
                    ]
                )
            }
        }
    }

    @Test(
        "A grace ban's gracePeriodSeconds and releaseRuleCondition.count in each number form get what the model predicts from the reference server"
    )
    func graceBanNumberForms() async throws {
        try await ConcurrencyLimit.endToEnd.run {
            try await withLiveTarget { live in
                let config = FuzzConfiguration(seed: 1, runSalt: "edge-grace")
                let clock = await ClockTracker.prepare(client: live.client, configuration: config)
                let runner = ScriptRunner(configuration: config, executor: live.executor, clock: clock)
                let d = DeviceRef(0)
                let user = UserArg.user(Sym(.user, 1))
                let rule = ReleaseRuleCondition(amount: 30, count: 2, currency: "USD", conditionType: "AND")
                var steps = [Op(id: 1, action: .loginGuest(device: d, ignoreAlreadyLoggedIn: false))]
                for (i, form) in EdgeValue.NumberForm.allCases.enumerated() {
                    steps.append(
                        Op(id: 2 + i, action: .graceBan(user: user, seconds: 600, rule: rule), edge: .numberForm(form))
                    )
                }
                let run = await runner.run(steps, salt: "edge-grace")
                #expect(run.violation == nil, "\(run.violation?.message ?? "")")
                #expect(
                    run.steps.map(\.observed) == [
                        .success, .success, .success, .success, .wrongParameterType, .inappropriateValue,
                    ]
                )
            }
        }
    }

    @Test(
        "A device id of 128 characters is a device like any other; one of 129 or with a character outside the set is -4000005 and changes nothing"
    )
    func deviceIds() async throws {
        try await ConcurrencyLimit.endToEnd.run {
            try await withLiveTarget { live in
                let config = FuzzConfiguration(seed: 1, runSalt: "edge-device")
                let clock = await ClockTracker.prepare(client: live.client, configuration: config)
                let runner = ScriptRunner(configuration: config, executor: live.executor, clock: clock)
                // Device 1's own id is 128 characters long (Identities.device).
                let d = DeviceRef(1)
                let token = TokenArg.token(Sym(.token, 1))
                let steps = [
                    Op(id: 1, action: .loginGuest(device: d, ignoreAlreadyLoggedIn: false)),
                    Op(id: 2, action: .getMember(device: d, token: token), edge: .deviceId(.tooLong)),
                    Op(
                        id: 3,
                        action: .loginGuest(device: d, ignoreAlreadyLoggedIn: true),
                        edge: .deviceId(.badCharacter)
                    ),
                    Op(id: 4, action: .getMember(device: d, token: token)),
                    Op(id: 5, action: .loginGuest(device: d, ignoreAlreadyLoggedIn: true)),
                ]
                let run = await runner.run(steps, salt: "edge-device")
                #expect(run.violation == nil, "\(run.violation?.message ?? "")")
                #expect(
                    run.steps.map(\.observed) == [
                        .success, .inappropriateValue, .inappropriateValue, .success, .success,
                    ]
                )
                #expect(Identities(salt: "edge-device").device(d).count == EdgeValue.maxDeviceIdLength)
            }
        }
    }
}
