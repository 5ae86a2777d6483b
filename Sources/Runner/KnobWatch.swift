import Basics
import Protocol
import Results
import Synchronization

/// Watches a target's knobs while a run goes on: re-reads them every `interval` during the load
/// and once after it, and keeps the first difference from the knobs the run started with.
///
/// A knob switched during a run — a maintenance window put in force, a schedule replaced, a
/// server restarted with another dialect — is something the players' models do not know: from
/// then on an answer may differ from the model without a bug (3701 to every login) and a bug may
/// pass unseen. The run cannot tell which, so it says UNKNOWN and what changed (`TargetChange`).
/// A switch undone within one interval can go unseen; a read that fails (timeout, transport
/// error, an error code) is skipped, never taken for a change.
package final class KnobWatch: Sendable {
    private let initial: Semantics
    private let read: @Sendable () async -> Semantics?
    private let startedAt: ContinuousClock.Instant
    /// The first change seen; written once, under the lock, by whichever read saw it first.
    private let first = Mutex<TargetChange?>(nil)

    /// The watch's default interval: a request every five seconds costs nothing next to a load.
    package static let defaultInterval: Duration = .seconds(5)

    package init(
        initial: Semantics,
        startedAt: ContinuousClock.Instant = .now,
        read: @escaping @Sendable () async -> Semantics?
    ) {
        self.initial = initial
        self.startedAt = startedAt
        self.read = read
    }

    /// Every knob, through test control (`GET /semantics`), against what it reported at the start.
    package static func testControl(_ client: GamebaseClient, reported: Semantics) -> KnobWatch {
        KnobWatch(initial: reported) {
            guard let r = try? await client.testSemantics(), r.resultCode.isSuccess else { return nil }
            return r.body.semantics
        }
    }

    /// The maintenance schedule alone, through the Server API (E17), for a target without test
    /// control, against the schedule E17 `reported` at the start (`semantics` fills the other
    /// knobs, which E17 does not tell, on both sides).
    package static func maintenance(
        _ client: GamebaseClient,
        reported: MaintenanceSemantics,
        semantics: Semantics
    ) -> KnobWatch {
        var initial = semantics
        initial.maintenance = reported
        return KnobWatch(initial: initial) {
            guard let r = try? await client.maintenance(via: .serverAPI), r.resultCode.isSuccess,
                let schedule = r.body.maintenance
            else { return nil }
            var now = semantics
            now.maintenance = schedule
            return now
        }
    }

    /// The first change seen so far.
    package var change: TargetChange? { first.withLock { $0 } }

    /// Reads the knobs once and records a difference if it is the first.
    package func check() async {
        guard change == nil, let now = await read() else { return }
        let differences = now.differences(from: initial)
        guard !differences.isEmpty else { return }
        let seen = TargetChange(seenAtS: (ContinuousClock.now - startedAt).seconds, differences: differences)
        first.withLock { if $0 == nil { $0 = seen } }
    }

    /// Checks every `interval` until `done()` holds or the task is cancelled (stops at the first
    /// change: nothing later can undo it).
    package func watch(every interval: Duration = KnobWatch.defaultInterval, until done: @Sendable () -> Bool)
        async
    {
        while !Task.isCancelled, !done(), change == nil {
            try? await Task.sleep(for: interval)
            guard !Task.isCancelled, !done() else { return }
            await check()
        }
    }
}
