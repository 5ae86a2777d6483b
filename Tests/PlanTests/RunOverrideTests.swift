import Basics
import Foundation
import Fuzz
import Model
import Plan
import Protocol
import Testing

@Suite("Command-line overrides of a profile")
struct RunOverrideTests {
    func plan(_ yaml: String, _ change: (inout RunRequest) -> Void) throws -> RunPlan {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gbfuzz-override-\(UInt32.random(in: 0...UInt32.max))"
        )
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("p.yaml")
        try Data(yaml.utf8).write(to: file)
        var request = RunRequest(profilePath: file.path)
        request.out = dir.appendingPathComponent("out").path
        change(&request)
        return try RunPlan.make(request)
    }

    @Test("--check-budget replaces race.checkBudget and leaves the rest of race: as written")
    func checkBudgetOverridesTheProfile() throws {
        let yaml = "race: {devices: 8, accounts: 2, checkBudget: 240s}\n"
        let written = try plan(yaml) { _ in }
        #expect(written.profile.race?.checkBudget == .seconds(240))
        let over = try plan(yaml) { $0.checkBudget = .seconds(90) }
        #expect(over.profile.race?.checkBudget == .seconds(90))
        #expect(over.profile.race?.devices == 8 && over.profile.race?.accounts == 2)
    }

    @Test("Race hunting sends no clock moves and no E15 page, whatever the mix says; without race: they keep theirs")
    func raceHuntingKinds() throws {
        let caps = TargetCapabilities(serverAPI: true, testControl: true)
        let mix = "mix: {server.withdrawals: 3, test.advance: 2}\n"
        let race = try plan(mix + "race: {devices: 8, accounts: 2}\n") { _ in }
            .fuzzConfiguration(semantics: .default, capabilities: caps)
        for kind in [OperationKind.serverWithdrawals, .testAdvance, .testGraceBan, .testPayment] {
            #expect(race.weight(kind) == 0, "\(kind)")
        }
        #expect(race.weight(.serverMember) > 0)
        let plain = try plan(mix) { _ in }.fuzzConfiguration(semantics: .default, capabilities: caps)
        #expect(plain.weight(.serverWithdrawals) == 3 && plain.weight(.testAdvance) == 2)
    }

    @Test("--check-budget on a profile without race: is refused (exit 64), not ignored")
    func checkBudgetWithoutRaceIsRefused() throws {
        do {
            _ = try plan("name: plain\n") { $0.checkBudget = .seconds(90) }
            Issue.record("--check-budget was accepted without race:")
        } catch let e as CommandError {
            #expect(e.exit == .usage)
            #expect(e.message.contains("--check-budget applies to race hunting"), "\(e.message)")
        }
    }
}
