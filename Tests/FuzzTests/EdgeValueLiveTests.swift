import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import Testing

@Suite("Edge values against the reference server")
struct EdgeValueLiveTests {
    @Test("A made-up IdP code in remove mapping's path is sent at its edge length: 3401 at 1,024, -4000008 past it")
    func removeMappingIdPCode() async throws {
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
                ]
                let run = await runner.run(steps, salt: "edge-idp")
                #expect(run.violation == nil, "\(run.violation?.message ?? "")")
                #expect(
                    run.steps.map(\.observed) == [
                        .success, .removeMappingFailed, .removeMappingFailed, .parameterTooLong,
                    ]
                )
            }
        }
    }
}
