import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import Synchronization
import Testing

@Suite("Shrinker driver: re-verification")
struct ShrinkerVerificationTests {
    /// A target that breaks M1 (as `ShrinkerTests`' same-idp-twice) except in the first
    /// `cleanVerifications` verification runs (salts ending in `final`), which answer correctly.
    final class PassesVerification: OperationExecutor {
        let buggy: SimulatedTarget
        let clean = SimulatedTarget()
        let cleanVerifications: Int
        let verifications = Mutex<[String]>([])

        init(cleanVerifications: Int) {
            var m1 = Semantics()
            m1.mapping.addPrecedence = [.addMappingCannotAddGuestIdP, .addMappingAlreadyMappedToOtherMember]
            buggy = SimulatedTarget(semantics: m1)
            self.cleanVerifications = cleanVerifications
        }

        func execute(_ p: PlannedOperation) async -> ExecutionResult {
            let salt = p.identities.salt
            var n = Int.max
            if salt.hasSuffix("final") {
                n = verifications.withLock { v in
                    if let i = v.firstIndex(of: salt) { return i }
                    v.append(salt)
                    return v.count - 1
                }
            }
            let (target, other) = n < cleanVerifications ? (clean, buggy) : (buggy, clean)
            // Both clocks move together.
            if case .advanceClock = p.op.action {
                var sync = p
                sync.identities = Identities(salt: "clock")
                _ = await other.execute(sync)
            }
            return await target.execute(p)
        }
    }

    static func shrink(_ target: PassesVerification) async throws -> (Violation, Shrinker.Result, [[Int]], ScriptRunner)
    {
        let config = FuzzConfiguration(seed: 11, runSalt: "ver")
        let clock = ClockTracker(frozenAt: target.buggy.now)
        let found = await Campaign.closed(
            config,
            executor: target,
            clock: clock,
            players: 1,
            operations: 20_000,
            failFast: true
        )
        let v = try #require(found.findings.violations.first)
        #expect(v.rule == .M1)
        let runner = ScriptRunner(configuration: config, executor: target, clock: clock)
        let log = ShrinkLog()
        var shrinker = Shrinker(runner: runner, timeBudget: .seconds(60))
        shrinker.log = { log.add($0) }
        let result = await shrinker.shrink(v)
        let accepted = log.tail(100_000).filter { $0.hasPrefix("FAILS ") }.map { line in
            line.dropFirst("FAILS [".count).dropLast().split(separator: ", ").compactMap { Int($0) }
        }
        return (v, result, accepted, runner)
    }

    @Test("When no verification run fails, the result is the original sequence, marked as not reproduced")
    func nothingReproduces() async throws {
        let target = PassesVerification(cleanVerifications: .max)
        let (v, result, accepted, _) = try await Self.shrink(target)
        #expect(!accepted.isEmpty, "the search accepted candidates")
        #expect(result.violation == nil && result.run == nil && result.sequence == v.sequence)
        // The shrunk sequence, every accepted candidate (latest first), then the original.
        #expect(target.verifications.withLock { $0.count } == 1 + accepted.count + 1)
    }

    @Test(
        "When the shrunk sequence passes verification, it falls back to the latest accepted candidate that fails again"
    )
    func fallsBack() async throws {
        let target = PassesVerification(cleanVerifications: 2)
        let (v, result, accepted, runner) = try await Self.shrink(target)
        #expect(accepted.count >= 2, "an earlier accepted candidate to fall back to")
        let final = try #require(result.violation)
        #expect(final.rule == .M1 && result.run?.violation?.rule == .M1)
        // [shrunk (= last accepted), last accepted, the one before it, …, original]: the third.
        let expected = accepted.count >= 2 ? accepted[accepted.count - 2] : v.sequence.map(\.id)
        #expect(result.sequence.map(\.id) == expected)
        // It does fail, independently of the shrinker.
        let again = await runner.run(result.sequence, salt: "check")
        #expect(again.violation?.rule == .M1)
    }
}
