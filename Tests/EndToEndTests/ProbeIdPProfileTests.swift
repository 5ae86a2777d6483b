import Foundation
import Fuzz
import Model
import Plan
import Protocol
import Testing
import Transport

@testable import Runner

/// E16's route is this project's (docs/PROTOCOL.md §3): a run uses it only where the target has it.
@Suite("Probe: E16 only where the target has it")
struct ProbeIdPProfileTests {
    func probe(e16Code: Int) async throws -> Probe.Result {
        let client = GamebaseClient(
            transport: ProbeKnobTests.KnobTarget(semantics: Semantics(), codes: ["/idp-profile": e16Code]),
            target: GamebaseTarget(baseURL: "http://t.invalid")
        )
        return try await Probe.run(
            client: client,
            profile: Profile(name: "p", target: TargetSpec(url: "http://t.invalid"))
        )
    }

    @Test("A made-up token answered -4010203 means E16 is there; -4060003 or anything else turns server.profile off")
    func capability() async throws {
        let present = try await probe(e16Code: -4_010_203)
        #expect(present.capabilities.serverAPI && present.capabilities.idPProfile)
        for code in [-4_060_003, 0, -5_000_001] {
            let absent = try await probe(e16Code: code)
            #expect(absent.capabilities.serverAPI && !absent.capabilities.idPProfile, "\(code)")
            #expect(absent.notes.contains { $0.contains("no E16") }, "\(absent.notes)")
            var config = FuzzConfiguration(seed: 1, runSalt: "p")
            config.capabilities = absent.capabilities
            #expect(config.weight(.serverProfile) == 0 && config.weight(.serverToken) > 0)
        }
    }

    @Test("Capabilities written before E16 decode without it, as a target that never had it")
    func olderFiles() throws {
        let old = try JSONDecoder().decode(
            TargetCapabilities.self,
            from: Data(#"{"serverAPI":true,"testControl":false}"#.utf8)
        )
        #expect(old == TargetCapabilities(serverAPI: true, testControl: false, idPProfile: false))
        let now = TargetCapabilities(serverAPI: true, testControl: true, idPProfile: true)
        #expect(try JSONDecoder().decode(TargetCapabilities.self, from: JSONEncoder().encode(now)) == now)
    }
}
