import Model
import Protocol

/// Audit probes under load: periodic Server API reads over the shared pool (E7 for every pooled
/// IdP account) recorded in the history as operations of their own process, so global invariants
/// ("an IdP account belongs to at most one user") are judged against linearizable states by the
/// checker, not by raw timing.
package struct Prober: Sendable {
    package let configuration: FuzzConfiguration
    package let executor: any OperationExecutor
    package let clock: ClockTracker
    package let history: HistoryLog
    package let interval: Duration

    /// The process number of probe operations in the history.
    package static let process = -1

    package init(
        configuration: FuzzConfiguration,
        executor: any OperationExecutor,
        clock: ClockTracker,
        history: HistoryLog,
        interval: Duration
    ) {
        self.configuration = configuration
        self.executor = executor
        self.clock = clock
        self.history = history
        self.interval = interval
    }

    /// Probes every `interval` until cancelled; returns how many probe requests it sent.
    package func run() async -> Int {
        guard configuration.capabilities.serverAPI, let pool = configuration.sharedPool, interval > .zero else {
            return 0
        }
        // A player of its own, only to concretise steps with run-wide unique ids.
        var player = Player(configuration: configuration, index: 999_999)
        // Every pooled account, in calls of at most ListLimits.lookup ids.
        let last = max(1, pool.accounts)
        let calls = configuration.idPCodes.flatMap { code in
            stride(from: 1, through: last, by: ListLimits.lookup).map { first in
                (code, (first...min(last, first + ListLimits.lookup - 1)).map { AccountRef(code, $0) })
            }
        }
        var sent = 0
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            if Task.isCancelled { break }
            for (code, accounts) in calls {
                let planned = player.make(.serverIdP(idPCode: code, accounts: accounts), now: clock.now())
                let invoked = ContinuousClock.now
                let mark = clock.begin()
                let result = await executor.execute(planned)
                let window = clock.end(mark)
                history.append(
                    result,
                    process: Self.process,
                    op: planned.op,
                    invoked: invoked,
                    returned: .now,
                    window: window
                )
                sent += 1
            }
        }
        return sent
    }
}
