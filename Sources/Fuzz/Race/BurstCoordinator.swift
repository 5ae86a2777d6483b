import Basics
import Model
import Synchronization

/// Synchronized bursts: k players aim their next operation at one shared identity (a pooled IdP
/// account, device, an issued TransferAccount, or a user some player holds a session of), prepare
/// it (at a user: log in to it first), and are released together once all are ready (or when the
/// burst's wait runs out), so their requests meet at the target within a fraction of a
/// millisecond: the race windows that random timing rarely opens.
package final class BurstCoordinator: Sendable {
    package struct Settings: Hashable, Sendable {
        /// Operations per burst.
        package var size: Int
        /// Share of operations that join a burst.
        package var share: Double
        /// The longest a burst waits to fill; then whoever is ready goes.
        package var wait: Duration
        /// How often each kind of target is drawn.
        package var targets: BurstTargets.Shares

        package init(
            size: Int = 4,
            share: Double = 0.3,
            wait: Duration = .milliseconds(500),
            targets: BurstTargets.Shares = .init()
        ) {
            self.size = size
            self.share = share
            self.wait = wait
            self.targets = targets
        }
    }

    /// A player's place in a burst.
    package struct Ticket: Sendable {
        package var burst: Int
        package var focus: Focus
        package var kind: OperationKind
        /// The member's place in the burst: 0 for the first to join.
        package var member: Int
        /// When the burst goes with whoever arrived. Every member's wait releases it, not only the
        /// first's: a member may stop before it arrives (while it logs in to a focused user).
        package var deadline: ContinuousClock.Instant
    }

    private struct Open {
        var id: Int
        var size: Int
        var focus: Focus
        var kind: OperationKind
        var joined = 0
        var arrived = 0
        var deadline: ContinuousClock.Instant
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private struct Sending {
        var expected: Int
        var instants: [ContinuousClock.Instant] = []
    }

    private struct State {
        /// Bursts not yet released, and the one accepting members.
        var open: [Int: Open] = [:]
        var forming: Int?
        var nextId = 1
        var sending: [Int: Sending] = [:]
        var spreads: [Duration] = []
        var bursts = 0
        var partial = 0
        var transferAccounts: [Focus] = []
        var users: [Focus] = []
        var rng: SplitMix64
    }

    package let settings: Settings
    private let targets: BurstTargets
    private let state: Mutex<State>

    package init(settings: Settings, targets: BurstTargets, seed: UInt64) {
        self.settings = settings
        self.targets = targets
        self.state = Mutex(State(rng: SplitMix64(seed: seed ^ 0xB0_B5)))
    }

    /// Joins the burst being formed, or opens one at a random shared identity.
    package func join() -> Ticket {
        state.withLock { s in
            if let id = s.forming, var open = s.open[id], open.joined < open.size, ContinuousClock.now < open.deadline {
                open.joined += 1
                s.open[id] = open
                return Ticket(
                    burst: id,
                    focus: open.focus,
                    kind: open.kind,
                    member: open.joined - 1,
                    deadline: open.deadline
                )
            }
            let (focus, kind) = targets.draw(
                &s.rng,
                shares: settings.targets,
                transferAccounts: s.transferAccounts,
                users: s.users
            )
            let open = Open(
                id: s.nextId,
                size: settings.size,
                focus: focus,
                kind: kind,
                joined: 1,
                deadline: .now + settings.wait
            )
            s.nextId += 1
            s.open[open.id] = open
            s.forming = open.id
            return Ticket(burst: open.id, focus: focus, kind: kind, member: 0, deadline: open.deadline)
        }
    }

    /// Waits until the burst is released: its last member arrived, or its wait ran out. The wait's
    /// timer runs on `timers` when it keeps its own (the member's transport lane).
    package func arrive(_ ticket: Ticket, timers: (any TaskExecutor)? = nil) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                    let wake: [CheckedContinuation<Void, Never>] = self.state.withLock { s in
                        guard var open = s.open[ticket.burst] else { return [c] }  // already released: go
                        open.arrived += 1
                        open.waiters.append(c)
                        if open.arrived >= open.size { return Self.release(open, in: &s) }
                        s.open[ticket.burst] = open
                        return []
                    }
                    wake.forEach { $0.resume() }
                }
            }
            group.addTask {
                try? await Task.sleep(until: ticket.deadline, on: timers)
                self.releaseIfOpen(ticket.burst)
            }
            // Whichever ends first; a cancelled member's timer ends at once and releases, so
            // nobody waits forever.
            await group.next()
            group.cancelAll()
        }
    }

    /// Notes when a member's request was handed to the transport (for the spread).
    package func sent(_ ticket: Ticket, at instant: ContinuousClock.Instant) {
        state.withLock { s in
            guard var sending = s.sending[ticket.burst] else { return }
            sending.instants.append(instant)
            if sending.instants.count >= sending.expected {
                s.sending[ticket.burst] = nil
                if sending.expected > 1, let lo = sending.instants.min(), let hi = sending.instants.max() {
                    if s.spreads.count < 100_000 { s.spreads.append(hi - lo) }
                }
            } else {
                s.sending[ticket.burst] = sending
            }
        }
    }

    /// Offers a TransferAccount some player was issued, or a user some player holds a session of,
    /// as a future burst target (the 64 latest of each; a user offered again replaces its entry,
    /// its accounts as last seen).
    package func publish(_ focus: Focus) {
        state.withLock { s in
            switch focus {
            case .transferAccount(let id, _, _):
                if s.transferAccounts.contains(where: {
                    if case .transferAccount(id, _, _) = $0 { true } else { false }
                }) {
                    return
                }
                s.transferAccounts.append(focus)
                if s.transferAccounts.count > 64 { s.transferAccounts.removeFirst() }
            case .user(let id, _):
                s.users.removeAll { $0.userId == id }
                s.users.append(focus)
                if s.users.count > 64 { s.users.removeFirst() }
            case .device, .account: return
            }
        }
    }

    /// Withdraws a user offered as a burst target (a member's login to it did not reach it).
    package func retire(_ focus: Focus) {
        guard let id = focus.userId else { return }
        state.withLock { s in s.users.removeAll { $0.userId == id } }
    }

    /// What the bursts achieved: how many, how many released before they filled, and the spread
    /// of send times within each (first to last request handed to the transport).
    package struct Stats: Sendable, Hashable {
        package var bursts: Int
        package var partial: Int
        package var spreads: [Duration]
    }

    package var stats: Stats { state.withLock { Stats(bursts: $0.bursts, partial: $0.partial, spreads: $0.spreads) } }

    private func releaseIfOpen(_ burst: Int) {
        let wake: [CheckedContinuation<Void, Never>] = state.withLock { s in
            guard let open = s.open[burst] else { return [] }
            return Self.release(open, in: &s)
        }
        wake.forEach { $0.resume() }
    }

    private static func release(_ open: Open, in s: inout State) -> [CheckedContinuation<Void, Never>] {
        s.open[open.id] = nil
        if s.forming == open.id { s.forming = nil }
        s.bursts += 1
        if open.arrived < open.size { s.partial += 1 }
        s.sending[open.id] = Sending(expected: open.arrived)
        return open.waiters
    }
}
