import Model
import Protocol
import Synchronization

/// Counts of one campaign.
public struct CampaignResult: Sendable {
    /// Violations, deduplicated by rule and player (first occurrence kept).
    public var violations: [Violation] = []
    public var operations = 0
    public var counts: [OperationKind: Int] = [:]
    public var codes: [OperationKind: [ResultCode: Int]] = [:]
    public var outcomes: [OutcomeClass: Int] = [:]
    /// (kind, code) pairs that were predicted by the model and observed.
    public var coverage: Set<KindCode> = []
    public var desyncs = 0
    /// The players at the end (for the audit).
    public var players: [Player] = []
    public var elapsed: Duration = .zero

    public struct KindCode: Hashable, Sendable, Comparable {
        public var kind: OperationKind
        public var code: ResultCode
        public init(kind: OperationKind, code: ResultCode) {
            self.kind = kind
            self.code = code
        }
        public static func < (a: KindCode, b: KindCode) -> Bool { (a.kind, a.code) < (b.kind, b.code) }
    }

    /// Every code observed as the model predicted.
    public var coveredCodes: Set<ResultCode> { Set(coverage.map(\.code)) }

    mutating func record(_ v: StepVerdict, stopAt maxViolations: Int) {
        operations += 1
        counts[v.kind, default: 0] += 1
        outcomes[v.outcome, default: 0] += 1
        if let c = v.code {
            codes[v.kind, default: [:]][c, default: 0] += 1
            if v.violations.isEmpty, v.predictedCodes.contains(c) { coverage.insert(KindCode(kind: v.kind, code: c)) }
        }
        for x in v.violations where violations.count < maxViolations {
            if !violations.contains(where: { $0.rule == x.rule && $0.player == x.player }) { violations.append(x) }
        }
    }

    mutating func merge(_ o: CampaignResult) {
        violations += o.violations
        operations += o.operations
        for (k, n) in o.counts { counts[k, default: 0] += n }
        for (k, m) in o.codes { for (c, n) in m { codes[k, default: [:]][c, default: 0] += n } }
        for (k, n) in o.outcomes { outcomes[k, default: 0] += n }
        coverage.formUnion(o.coverage)
        desyncs += o.desyncs
        players += o.players
    }
}

/// A simple closed-model campaign: N players as child tasks, each looping until the deadline, the
/// operation budget, or (optionally) the first violation.
public struct FuzzCampaign: Sendable {
    public var configuration: FuzzConfiguration
    public var players: Int
    public var shard: Int
    public var duration: Duration?
    public var operationBudget: Int?
    public var stopOnFirstViolation: Bool
    public var maxViolations: Int
    public let executor: any OperationExecutor
    public let clock: ClockTracker

    public init(
        configuration: FuzzConfiguration,
        executor: any OperationExecutor,
        clock: ClockTracker,
        players: Int = 4,
        shard: Int = 0,
        duration: Duration? = nil,
        operationBudget: Int? = nil,
        stopOnFirstViolation: Bool = false,
        maxViolations: Int = 100
    ) {
        self.configuration = configuration
        self.executor = executor
        self.clock = clock
        self.players = players
        self.shard = shard
        self.duration = duration
        self.operationBudget = operationBudget
        self.stopOnFirstViolation = stopOnFirstViolation
        self.maxViolations = maxViolations
    }

    /// Freezes the server clock when the target has test control and returns the tracker.
    public static func prepareClock(client: GamebaseClient, configuration: FuzzConfiguration) async -> ClockTracker {
        if configuration.capabilities.testControl, let r = try? await client.testFreezeClock(true), let c = r.body.clock
        {
            return ClockTracker(frozenAt: c.now)
        }
        return ClockTracker(toleranceMs: configuration.clockToleranceMs)
    }

    public func run() async -> CampaignResult {
        let start = ContinuousClock.now
        let deadline = duration.map { start + $0 }
        let flags = CampaignFlags()
        let budget = operationBudget
        var total = CampaignResult()
        await withTaskGroup(of: CampaignResult.self) { group in
            for i in 0..<players {
                group.addTask { [configuration, executor, clock, shard, stopOnFirstViolation, maxViolations, flags] in
                    var player = Player(configuration: configuration, index: i, shard: shard)
                    var local = CampaignResult()
                    while !flags.stop.load(ordering: .relaxed), !Task.isCancelled {
                        if let deadline, ContinuousClock.now >= deadline { break }
                        if let budget, flags.issued.add(1, ordering: .relaxed).newValue > budget { break }
                        let (_, _, v) = await player.perform(with: executor, clock: clock)
                        local.record(v, stopAt: maxViolations)
                        if stopOnFirstViolation, !v.violations.isEmpty { flags.stop.store(true, ordering: .relaxed) }
                    }
                    local.desyncs = player.desyncs
                    local.players = [player]
                    return local
                }
            }
            for await r in group { total.merge(r) }
        }
        total.players.sort { $0.index < $1.index }
        total.elapsed = ContinuousClock.now - start
        return total
    }
}

/// Shared counters of a campaign's players.
final class CampaignFlags: Sendable {
    let issued = Atomic<Int>(0)
    let stop = Atomic<Bool>(false)
}
