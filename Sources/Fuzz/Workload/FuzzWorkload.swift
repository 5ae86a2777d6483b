import Basics
import Engine
import Model
import Protocol
import Synchronization

/// The engine's view of fuzz players: each session is one ``Player`` (model-guided generator plus
/// its sequential oracle) executing against the target through an ``OperationExecutor``.
package struct FuzzWorkload: Workload {
    package let configuration: FuzzConfiguration
    package let executor: any OperationExecutor
    package let clock: ClockTracker
    package let collector: FuzzCollector
    /// Distinguishes player identities of separate workloads in one run.
    package let shard: Int
    /// A shared-pool run's bursts and history (race hunting); `nil` for private worlds.
    package let race: RaceContext?
    /// Where sessions add the CPU time of their phases when they end (`gbfuzz bench harness`);
    /// `nil`: not metered.
    package let meter: PhaseMeter?
    /// The configuration and signer every player of this workload shares.
    let shared: PlayerShared

    package init(
        configuration: FuzzConfiguration,
        executor: any OperationExecutor,
        clock: ClockTracker,
        collector: FuzzCollector,
        shard: Int = 0,
        race: RaceContext? = nil,
        meter: PhaseMeter? = nil
    ) {
        self.configuration = configuration
        self.shared = PlayerShared(configuration)
        self.executor = executor
        self.clock = clock
        self.collector = collector
        self.shard = shard
        self.race = race
        self.meter = meter
    }

    /// Every operation name the sessions can report, for pre-registering recorder ids.
    package static var operationNames: [String] { OperationKind.allCases.map(\.rawValue) }

    package func makeSession(index: Int) -> Session {
        Session(
            player: Player(shared: shared, index: index, shard: shard),
            executor: StampingExecutor(inner: executor),
            clock: clock,
            collector: collector,
            race: race,
            phases: meter == nil ? nil : PhaseTimes()
        )
    }

    package func preferredTaskExecutor(session index: Int) -> (any TaskExecutor)? {
        executor.preferredTaskExecutor(player: index)
    }

    package func sessionEnded(_ session: Session, index: Int) async {
        collector.ended(session.player)
        if let phases = session.phases { meter?.add(phases) }
    }

    package struct Session: WorkloadSession {
        var player: Player
        let executor: StampingExecutor
        let clock: ClockTracker
        let collector: FuzzCollector
        let race: RaceContext?
        /// CPU time per phase, when metered.
        var phases: PhaseTimes?
        /// A burst at a user this player is logging in to first (``Player/preparation()``), and
        /// how many logins it has tried for it.
        var held: BurstCoordinator.Ticket?
        var preparations = 0

        /// Logins a member tries for a burst at a user before it goes with what it holds.
        static let maxPreparations = 2

        package mutating func performNext() async -> PerformedOperation? {
            guard let race else {
                var t = meterStart()
                let planned = player.next(now: clock.now())
                charge(.generate, &t)
                let (result, window) = await player.exchange(planned, with: executor, clock: clock)
                t = meterStart()
                let verdict = player.observe(planned, result, window: window)
                charge(.match, &t)
                let performed = report(result, verdict)
                charge(.record, &t)
                phases?.operations += 1
                return performed
            }
            return await performShared(race)
        }

        /// The thread's CPU clock when metering (zero otherwise: no clock read).
        func meterStart() -> Int64 { phases == nil ? 0 : CPUTime.threadNanos() }

        /// Adds the thread CPU since `t` to `phase` and restarts `t` (nothing when not metering).
        mutating func charge(_ phase: PhaseTimes.Phase, _ t: inout Int64) {
            guard phases != nil else { return }
            let now = CPUTime.threadNanos()
            phases![phase] += now - t
            t = now
        }

        /// A shared-pool step: maybe a synchronized burst, and every step into the history.
        mutating func performShared(_ race: RaceContext) async -> PerformedOperation? {
            var ticket = held
            held = nil
            if ticket == nil, player.chance(race.bursts.settings.share) { ticket = race.bursts.join() }
            player.focus = ticket?.focus
            player.member = ticket?.member ?? 0
            var t = meterStart()
            let planned: PlannedOperation
            var preparing: Focus?
            if ticket != nil, preparations < Self.maxPreparations, let login = player.preparation() {
                // Not the burst's operation yet: the player keeps its place and sends this alone.
                planned = player.make(login, now: clock.now())
                preparations += 1
                preparing = ticket?.focus
                (held, ticket) = (ticket, nil)
            } else {
                planned = player.next(now: clock.now(), preferring: ticket?.kind)
                preparations = 0
            }
            charge(.generate, &t)
            player.focus = nil
            // Leases before the burst's barrier: a burst releases only members that may go.
            let leased = IdentityLeases.keys(of: planned)
            guard await race.leases.acquire(leased) else { return nil }
            if let ticket {
                await race.bursts.arrive(ticket, timers: executor.preferredTaskExecutor(player: player.index))
            }
            let invoked = ContinuousClock.now
            let (result, window) = await player.exchange(planned, with: executor, clock: clock)
            let returned = ContinuousClock.now
            t = meterStart()
            let verdict = player.observe(planned, result, window: window)
            charge(.match, &t)
            race.leases.release(leased)
            let sent = executor.stamp.instant.withLock { $0 } ?? invoked
            if let ticket { race.bursts.sent(ticket, at: sent) }
            let answer = result.answer
            race.history.append(
                result,
                lost: verdict.outcome == .serverError,
                process: player.index,
                op: planned.op,
                invoked: invoked,
                returned: returned,
                window: verdict.window ?? ClockWindow(exactly: clock.now()),
                burst: ticket?.burst,
                fault: race.faultOf?(result.transactionId)
            )
            if result.duplicated {
                // The proxy's second send: the same step again, maybe applied (no answer), any
                // time after the first was invoked. Its own id (the negated one) keeps the
                // values it may have invented apart from the first's.
                var twin = planned.op
                twin.id = -planned.op.id
                race.history.append(
                    HistoryRecord(
                        process: player.index,
                        op: twin,
                        invokeNanos: result.recorded(invoked: invoked, returned: returned, since: race.history.origin)
                            .invokeNanos,
                        returnNanos: nil,
                        window: verdict.window ?? ClockWindow(exactly: clock.now()),
                        answer: nil,
                        fault: "duplicate"
                    )
                )
            }
            if [.transferIssue, .transferRenew, .transferQuery].contains(planned.op.kind) {
                for focus in player.issuedTransferAccounts { race.bursts.publish(focus) }
            }
            if let focus = preparing, let id = focus.userId,
                answer?.client?.member.map({ $0.userId == id && $0.valid == .normal }) != true
            {
                // The login did not reach the user in a usable state (banned, withdrawn or in its
                // grace period, or its account is another's now): no more bursts at it, and this
                // member goes with what it holds.
                race.bursts.retire(focus)
                preparations = Self.maxPreparations
            }
            if answer?.code.isSuccess == true, Self.changesIdPs.contains(planned.op.kind) {
                for focus in player.sessionUsers { race.bursts.publish(focus) }
            }
            let performed = report(result, verdict)
            charge(.record, &t)
            phases?.operations += 1
            return performed
        }

        /// Operations after whose success a session's user may hold other IdP accounts than it
        /// was offered with (the offer is renewed, so bursts aim at the accounts it holds now).
        static let changesIdPs: Set<OperationKind> = [
            .loginIdP, .mappingAdd, .mappingForcibly, .mappingRemove, .loginChange,
        ]

        func report(_ result: ExecutionResult, _ verdict: StepVerdict) -> PerformedOperation {
            let completed = ContinuousClock.now
            collector.record(verdict)
            return PerformedOperation(
                name: verdict.kind.rawValue,
                outcome: verdict.outcome,
                resultCode: verdict.code?.rawValue,
                failure: verdict.failure(of: result),
                failureExample: result.failureExample,
                sent: executor.stamp.instant.withLock { $0 } ?? completed,
                completed: completed
            )
        }
    }
}

/// Notes the instant each request is handed to the real executor, so service time excludes the
/// generator's planning. One per session: only that session's task touches it.
struct StampingExecutor: OperationExecutor {
    let inner: any OperationExecutor
    let stamp = SendStamp()

    func execute(_ planned: PlannedOperation) async -> ExecutionResult {
        stamp.instant.withLock { $0 = .now }
        return await inner.execute(planned)
    }

    func serverClock() async -> Int64? { await inner.serverClock() }
    func preferredTaskExecutor(player index: Int) -> (any TaskExecutor)? { inner.preferredTaskExecutor(player: index) }
}

/// The last send instant of one session.
final class SendStamp: Sendable {
    let instant = Mutex<ContinuousClock.Instant?>(nil)
}
