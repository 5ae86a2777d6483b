import Engine
import Model
import Protocol
import Synchronization

/// The one place a fuzz run's verdicts go, whatever drives the players (a campaign, a replay, a
/// shrink candidate): counts per operation kind, outcome and result code, predicted-code coverage,
/// violations (deduplicated by rule and player, first occurrence kept), how well the model kept
/// up (desyncs, belief overflows, harness errors: never findings about the target, never
/// dropped), and the players kept for the end-of-run audit. Violations flow one way: players →
/// collector → audit → summary.
///
/// Low-rate: players report once per operation.
package final class FuzzCollector: Sendable {
    /// An operation kind and a result code the model predicted and the target answered.
    package struct KindCode: Hashable, Sendable, Comparable {
        package var kind: OperationKind
        package var code: ResultCode
        package init(kind: OperationKind, code: ResultCode) {
            self.kind = kind
            self.code = code
        }
        package static func < (a: KindCode, b: KindCode) -> Bool { (a.kind, a.code) < (b.kind, b.code) }
    }

    /// What the players reported so far.
    package struct Snapshot: Sendable {
        /// Operations judged.
        package var operations = 0
        package var counts: [OperationKind: Int] = [:]
        package var outcomes: [OutcomeClass: Int] = [:]
        package var codes: [OperationKind: [ResultCode: Int]] = [:]
        package var coverage: Set<KindCode> = []
        package var violations: [Violation] = []
        /// Violations seen before deduplication.
        package var violationsSeen = 0
        /// Episodes abandoned because the belief could not track them.
        package var desyncs = 0
        /// Steps at which the belief exceeded a cap (``BeliefOverflow``).
        package var beliefOverflows = 0
        /// Steps the model could not judge because its own state was inconsistent.
        package var harnessErrors = 0
        /// The first harness errors' messages (at most ``FuzzCollector/maxHarnessErrorExamples``).
        package var harnessErrorExamples: [String] = []
        /// Players kept for the audit (at most `auditLimit`), in player order.
        package var players: [Player] = []
        /// Players that ended (kept or not).
        package var playersEnded = 0

        package init() {}

        /// Every code observed as the model predicted.
        package var coveredCodes: Set<ResultCode> { Set(coverage.map(\.code)) }

        mutating func noteHarnessError(_ message: String) {
            harnessErrors += 1
            if harnessErrorExamples.count < FuzzCollector.maxHarnessErrorExamples {
                harnessErrorExamples.append(message)
            }
        }

        /// Adds what the end-of-run audit's steps reported on the audited ``players`` (their
        /// verdicts do not pass through a collector); `before` are the same players, in the same
        /// order, before the audit.
        package mutating func countAudit(before: [Player]) {
            for (p, b) in zip(players, before) where p.index == b.index && p.shard == b.shard {
                desyncs += p.desyncs - b.desyncs
                beliefOverflows += p.beliefOverflows - b.beliefOverflows
                let new = p.harnessErrors - b.harnessErrors
                guard new > 0, let h = p.lastHarnessError else { continue }
                // A player keeps only its most recent harness error; the others are counted.
                noteHarnessError("audit: \(h)")
                harnessErrors += new - 1
            }
        }
    }

    /// How many harness error messages a run keeps (all are counted).
    package static let maxHarnessErrorExamples = 20

    private let state = Mutex(Snapshot())
    private let violationCount = Atomic<Int>(0)
    /// The most violations kept (each keeps its sequence for shrinking).
    package let maxViolations: Int
    /// The most players kept for the audit; `0` keeps none.
    package let auditLimit: Int
    /// Called once, when the first violation arrives (e.g. to stop a fail-fast run).
    private let onFirstViolation: @Sendable () -> Void

    package init(
        maxViolations: Int = 1_000,
        auditLimit: Int = 2_000,
        onFirstViolation: @escaping @Sendable () -> Void = {}
    ) {
        self.maxViolations = maxViolations
        self.auditLimit = auditLimit
        self.onFirstViolation = onFirstViolation
    }

    /// Distinct violations so far (cheap, for progress output).
    package var violations: Int { violationCount.load(ordering: .relaxed) }

    /// Counts one judged operation of `player`.
    package func record(_ verdict: StepVerdict) {
        let first = state.withLock { s -> Bool in
            let before = s.violations.count
            s.operations += 1
            s.counts[verdict.kind, default: 0] += 1
            s.outcomes[verdict.outcome, default: 0] += 1
            if let h = verdict.harnessError { s.noteHarnessError(h.description) }
            if verdict.beliefOverflow != nil { s.beliefOverflows += 1 }
            if verdict.desync { s.desyncs += 1 }
            if let c = verdict.code {
                s.codes[verdict.kind, default: [:]][c, default: 0] += 1
                if verdict.violations.isEmpty, verdict.predictedCodes.contains(c) {
                    s.coverage.insert(KindCode(kind: verdict.kind, code: c))
                }
            }
            for v in verdict.violations {
                s.violationsSeen += 1
                guard s.violations.count < maxViolations,
                    !s.violations.contains(where: { $0.rule == v.rule && $0.player == v.player })
                else { continue }
                s.violations.append(v)
                violationCount.store(s.violations.count, ordering: .relaxed)
            }
            return before == 0 && !s.violations.isEmpty
        }
        if first { onFirstViolation() }
    }

    /// Takes a player whose session ended (its world for the audit).
    package func ended(_ player: Player) {
        state.withLock { s in
            s.playersEnded += 1
            if s.players.count < auditLimit { s.players.append(player) }
        }
    }

    /// The counts so far; players in player order.
    package var snapshot: Snapshot {
        var s = state.withLock { $0 }
        s.players.sort { $0.index < $1.index }
        return s
    }
}
