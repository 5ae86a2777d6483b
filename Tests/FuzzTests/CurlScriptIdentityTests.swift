import Foundation
import Model
import Protocol
import Testing

@testable import Fuzz

/// A reproducer script makes the run's requests with identities of its own salt: every value it
/// compares must be spelt with that salt, and every step the run made must be in it.
@Suite("Curl script identities")
struct CurlScriptIdentityTests {
    static let guest1 = AccountRef(.guest, 1), google1 = AccountRef(.google, 1)

    @Test("An expected authList is spelt with the script's salt: a padded device id is padded as the script pads it")
    func authListRespelt() {
        let runSalt = "20261129T033100run-salt.s0.p3"
        let run = Identities(salt: runSalt)
        let expected =
            "[" + [Self.guest1, Self.google1].map { run.idPAccount($0).description }.joined(separator: ", ") + "]"
        let script = CurlScript.scriptAuthList(expected, runSalt: runSalt)
        #expect(!script.contains(runSalt))
        let salt = "r0a1b2c"  // what the script's SALT line makes: as long as the placeholder
        let own = Identities(salt: salt)
        let want = [Self.guest1, Self.google1].map { own.idPAccount($0).description }.sorted()
        #expect(script.replacingOccurrences(of: "${SALT}", with: salt) == "[" + want.joined(separator: ", ") + "]")
        #expect(own.idPId(Self.guest1).count == EdgeValue.maxDeviceIdLength)
        #expect(
            CurlScript.scriptIdPId(Self.guest1).replacingOccurrences(of: "${SALT}", with: salt)
                == own.idPId(Self.guest1)
        )
    }

    @Test("An authList naming accounts of no run salt is kept as it is; an empty one too")
    func foreignAuthList() {
        #expect(CurlScript.scriptAuthList("[google:someone-else]", runSalt: "r1") == "[google:someone-else]")
        #expect(CurlScript.scriptAuthList("[]", runSalt: "r1") == "[]")
    }

    @Test("A script renders every step even when the run's maintenance covers its simulated start")
    func maintenanceDoesNotDropSteps() async {
        var sem = Semantics()
        sem.maintenance = MaintenanceSemantics(periodSeconds: 3600, durationSeconds: 3600)
        let login = Action.loginGuest(device: DeviceRef(0), ignoreAlreadyLoggedIn: true)
        let member = Action.getMember(device: DeviceRef(0), token: .token(Sym(.token, 1)))
        let steps = Self.steps([login, member])
        let repro = ReproFile(
            schema: ReproFile.schemaName,
            rule: .M6,
            message: "test",
            field: "resultCode",
            expected: "0",
            observed: "0",
            seed: 1,
            semantics: sem,
            capabilities: TargetCapabilities(),
            target: .init(baseURL: "http://127.0.0.1:1", appId: sem.appId, embedded: false),
            steps: steps,
            originalLength: 2,
            standing: nil
        )
        var config = FuzzConfiguration(seed: 1, runSalt: "t")
        config.semantics = sem
        let script = await CurlScript(configuration: config, repro: repro, salt: "t").render()
        #expect(script.contains("# step 1 of 2") && script.contains("# step 2 of 2"), "\(script)")
        // With test control the script runs without maintenance, and compares logins without 3701.
        #expect(script.contains("call PUT \"\(Endpoint.testMaintenance(sem.appId))\""), "\(script)")
        var under = repro
        under.steps[0].expectedCodes = [3701]
        under.steps[1].expectedCodes = [0, 3701]
        let again = CurlScript(configuration: config, repro: under, salt: "t")
        #expect(again.allowedCodes(1) == nil && again.allowedCodes(2) == [0])
        under.rule = .L14
        #expect(again.verdict().joined().contains("UNCHECKED") == false)
        #expect(
            CurlScript(configuration: config, repro: under, salt: "t").verdict().joined().contains(
                "VERDICT: UNCHECKED L14"
            )
        )
    }

    @Test(
        "An E15 page finding is judged by the script with test control (exact dates), UNCHECKED without it (the target's clock runs on)"
    )
    func historyVerdictNeedsAFrozenClock() async {
        let actions: [Action] = [
            .loginGuest(device: DeviceRef(0), ignoreAlreadyLoggedIn: true),
            .withdraw(device: DeviceRef(0), token: .token(Sym(.token, 1))),
            .serverWithdrawals(query: HistoryQuery(around: Sym(.user, 1), before: 0, after: 0)),
        ]
        let steps = Self.steps(actions)
        var repro = ReproFile(
            schema: ReproFile.schemaName,
            rule: .W2,
            message: "test",
            field: "result",
            expected: "includes U1 (X), withdrawn (WAA) at 1",
            observed: "omitted",
            seed: 1,
            semantics: Semantics(),
            capabilities: TargetCapabilities(),
            target: .init(baseURL: "http://127.0.0.1:1", appId: "gbfuzz", embedded: false),
            steps: steps,
            originalLength: 3,
            standing: nil
        )
        let config = FuzzConfiguration(seed: 1, runSalt: "t")
        let judged = await CurlScript(configuration: config, repro: repro, salt: "t").render()
        #expect(judged.contains("python3 -c 'import json, os, sys, datetime") && judged.contains("${U1:-}|WAA|-|"))
        #expect(!judged.contains("a page judged by dates"))
        repro.capabilities = TargetCapabilities(testControl: false)
        let unchecked = await CurlScript(configuration: config, repro: repro, salt: "t").render()
        #expect(unchecked.contains("VERDICT: UNCHECKED W2: a page judged by dates"))
    }

    /// The reproducer steps of `actions`, numbered from 1, each answered 0 as the model expects.
    static func steps(_ actions: [Action]) -> [ReproFile.Step] {
        actions.enumerated().map { i, a in
            ReproFile.Step(
                id: i + 1,
                kind: a.kind,
                text: a.description,
                action: a,
                expectedCodes: [0],
                observedCode: 0,
                edge: nil
            )
        }
    }
}
