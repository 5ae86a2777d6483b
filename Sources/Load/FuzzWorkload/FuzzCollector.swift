import Fuzz
import Model
import Protocol
import Synchronization

/// What the fuzz players of a run found, gathered across tasks: violations (deduplicated by rule
/// and player), counts per operation kind and result code, predicted-code coverage, and the
/// players kept for the end-of-run audit. Low-rate: players report once per operation.
public final class FuzzCollector: Sendable {
    public struct Snapshot: Sendable {
        public var violations: [Violation] = []
        /// Violations seen before deduplication.
        public var violationsSeen = 0
        public var codes: [OperationKind: [ResultCode: Int]] = [:]
        public var coverage: Set<CampaignResult.KindCode> = []
        public var desyncs = 0
        /// Players kept for the audit (at most `auditLimit`).
        public var players: [Player] = []
        /// Players that ended (kept or not).
        public var playersEnded = 0
    }

    private let state = Mutex(Snapshot())
    private let violationCount = Atomic<Int>(0)
    /// The most violations kept (each keeps its sequence for shrinking).
    public let maxViolations: Int
    /// The most players kept for the audit; `0` audits nobody.
    public let auditLimit: Int

    /// Called once, when the first violation arrives (e.g. to stop a fail-fast run).
    private let onFirstViolation: @Sendable () -> Void

    public init(
        maxViolations: Int = 1_000,
        auditLimit: Int = 2_000,
        onFirstViolation: @escaping @Sendable () -> Void = {}
    ) {
        self.maxViolations = maxViolations
        self.auditLimit = auditLimit
        self.onFirstViolation = onFirstViolation
    }

    /// Distinct violations so far (cheap, for progress output).
    public var violations: Int { violationCount.load(ordering: .relaxed) }

    func record(_ verdict: StepVerdict, player: Int) {
        let first = state.withLock { s -> Bool in
            let before = s.violations.count
            if let c = verdict.code {
                s.codes[verdict.kind, default: [:]][c, default: 0] += 1
                if verdict.violations.isEmpty, verdict.predictedCodes.contains(c) {
                    s.coverage.insert(CampaignResult.KindCode(kind: verdict.kind, code: c))
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

    func ended(_ player: Player) {
        state.withLock { s in
            s.playersEnded += 1
            s.desyncs += player.desyncs
            if s.players.count < auditLimit { s.players.append(player) }
        }
    }

    /// Adds violations found after the load phase (the audit).
    public func add(_ violations: [Violation]) {
        state.withLock { s in
            for v in violations where s.violations.count < maxViolations { s.violations.append(v) }
            violationCount.store(s.violations.count, ordering: .relaxed)
        }
    }

    public var snapshot: Snapshot { state.withLock { $0 } }
}
