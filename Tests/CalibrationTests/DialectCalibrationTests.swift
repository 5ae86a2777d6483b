import Calibration
import Config
import Foundation
import Fuzz
import GBFuzzTestKit
import Protocol
import ReferenceServer
import Testing

/// For every dialect file in profiles/dialects: a reference server started with it, calibrated,
/// decides the dialect's knobs; a campaign judged by the calibrated knobs is clean, one judged by
/// the default knobs is not (the dialect matters), and the sequential bug switches are still found
/// where they are still bugs.
@Suite("Calibration: every dialect end to end", .serialized, .timeLimit(.minutes(20)))
struct DialectCalibrationTests {
    static let dialects = [
        "current", "older-edition", "device-free-tokens", "small-console", "lenient-shapes", "plain-idp-tokens",
    ]

    static func dialect(_ name: String) throws -> Semantics {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("profiles/dialects/\(name).yaml").path
        return try KnobFile.load(path: path)
    }

    /// The live target's knobs as calibration decides them, read back from the file it writes.
    static func calibrate(_ live: LiveTarget, salt: String) async throws -> (Semantics, CalibrationFile) {
        let decisions = await Calibrator(client: live.client, settings: .init(salt: salt)).run()
        let file = CalibrationFile(target: live.server.baseURL, appId: "gbfuzz", date: Date(), decisions: decisions)
        let root = try #require(try YAMLWalker.root(yaml: file.text, file: "calibrated.yaml", environment: [:]))
        return (try KnobFile.semantics(root), file)
    }

    /// A closed-model campaign judged by `judged` against `live` (whose knobs may differ).
    static func campaign(
        _ live: LiveTarget,
        judged: Semantics,
        seed: UInt64,
        ops: Int,
        bugHunt: Bool = false
    ) async -> FuzzCollector.Snapshot {
        let config = FuzzConfiguration(seed: seed, runSalt: "dialect\(seed)", semantics: judged, adversarialShare: 0.25)
        let clock = await ClockTracker.prepare(client: live.client, configuration: config)
        return await Campaign.closed(
            config,
            executor: Executor(client: live.client, semantics: judged),
            clock: clock,
            players: 4,
            operations: ops,
            failFast: bugHunt
        ).findings
    }

    @Test("Calibrated knobs equal the dialect's, judge it clean, and the defaults do not", arguments: dialects)
    func dialect(_ name: String) async throws {
        let served = try Self.dialect(name)
        try await withLiveTarget(semantics: served) { live in
            let (calibrated, file) = try await Self.calibrate(live, salt: "d\(name.count)")
            for d in file.decisions { print("CALIBRATE \(name) \(d.knob): \(d.value ?? "undecided") — \(d.because)") }
            #expect(calibrated.login == served.login)
            #expect(calibrated.idp.tokenMode == served.idp.tokenMode)
            #expect(calibrated.tokens == served.tokens)
            #expect(calibrated.ban == served.ban)
            #expect(calibrated.idp.codes == served.idp.codes)
            #expect(calibrated.idp.unconfigured == served.idp.unconfigured)
            #expect(calibrated.transferAccount.enabled == served.transferAccount.enabled)
            #expect(calibrated.transferKey.enabled == served.transferKey.enabled)
            #expect(calibrated.shapes == served.shapes)
            #expect(calibrated.mapping.fromGuest == served.mapping.fromGuest)
            #expect(calibrated.mapping.transferCredentials == served.mapping.transferCredentials)
            #expect(calibrated.mapping.forcing == served.mapping.forcing)
            // What a dialect never shows stays undecided: a block without TransferAccount, the
            // ticket's shape without tickets.
            var undecided: [String] = []
            if served.mapping.forcing == .noTicket { undecided.append("shapes.ticketIdPId") }
            if served.transferAccount.enabled {
                #expect(calibrated.transferAccount.failThreshold == served.transferAccount.failThreshold)
                #expect(calibrated.transferAccount.wrongIds == served.transferAccount.wrongIds)
            } else {
                undecided += ["transferAccount.failThreshold", "transferAccount.wrongIds"]
            }
            #expect(file.undecided.map(\.knob) == undecided)
            let clean = await Self.campaign(live, judged: calibrated, seed: 11, ops: 3_000)
            #expect(clean.violations.isEmpty, "\(name): \(clean.violations.prefix(3).map(\.message))")
            if name != "current" {
                let judgedByDefaults = await Self.campaign(live, judged: .default, seed: 12, ops: 3_000)
                #expect(!judgedByDefaults.violations.isEmpty, "\(name) made no difference to the default knobs")
            }
        }
    }

    @Test("Fields left out are findings about those fields, under their rules, not bad envelopes")
    func shapesAreFieldFindings() async throws {
        var served = Semantics()
        served.shapes = ShapeSemantics(banInfoContact: .optional, ticketIdPId: .optional)
        try await withLiveTarget(semantics: served) { live in
            let r = await Self.campaign(live, judged: .default, seed: 21, ops: 4_000)
            let fields = Set(r.violations.map(\.field))
            #expect(!r.violations.isEmpty)
            #expect(
                fields.isSubset(of: ["banInfo.csInfo", "forcingMappingTicket.idPId"]),
                "\(r.violations.prefix(3).map(\.message))"
            )
            #expect(r.violations.allSatisfy { ($0.field == "banInfo.csInfo") == ($0.rule.rawValue == "B1") })
        }
    }

    /// The sequential bug switches that a dialect leaves nothing to break: TransferAccount's
    /// block and same-device rules when TransferAccount is off, the IdP signature check in plain
    /// mode, the guest's removal on mapping where the dialect keeps the guest.
    static func isBug(_ bug: ServerBug, under served: Semantics) -> Bool {
        if !served.transferAccount.enabled, [.transferNoBlock, .transferSameDevice].contains(bug) { return false }
        // A plain-mode IdP checks no signature: skipping the check changes nothing.
        if served.idp.tokenMode == .plain, bug == .forgedIdPToken { return false }
        // Keeping the guest entry is what this dialect does.
        if served.mapping.fromGuest == .keep, bug == .guestKeptAfterMapping { return false }
        // Nor does a session move to the mapped IdP there.
        if served.mapping.fromGuest == .keep, bug == .idPCredentialLostOnMapping { return false }
        // Without forcing tickets there is no ticket to reuse.
        if served.mapping.forcing == .noTicket, bug == .ticketReusable { return false }
        return true
    }

    @Test("Every sequential bug switch is still found under each dialect where it is still a bug", arguments: dialects)
    func bugs(_ name: String) async throws {
        let served = try Self.dialect(name)
        for bug in ServerBug.allCases where bug.isSequential && Self.isBug(bug, under: served) {
            try await withLiveTarget(semantics: served, bugs: [bug]) { live in
                let start = ContinuousClock.now
                var found: Violation?
                var seed: UInt64 = 1
                while found == nil, ContinuousClock.now - start < .seconds(60) {
                    found = await Self.campaign(live, judged: served, seed: seed * 7919, ops: 4_000, bugHunt: true)
                        .violations.first
                    seed += 1
                }
                let v = try #require(found, "\(bug.rawValue) not found under \(name) in 60 s")
                #expect(
                    v.rule.rawValue == bug.rule,
                    "\(bug.rawValue) under \(name) reported as \(v.rule): \(v.message)"
                )
            }
        }
    }
}
