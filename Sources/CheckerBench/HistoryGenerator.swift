import Basics
import Fuzz
import Linearizability
import Model
import Protocol

/// Writes a shared-pool history that is linearizable by construction: operations are applied one
/// at a time to the pools' simulated targets (the linearization), each at a point inside a
/// real-time interval that overlaps its neighbours', one operation at a time per player. A few
/// answers are lost (maybe applied: applied or not, at random), and the clock is advanced now and
/// then while nothing is in flight (so every window is exact).
struct HistoryGenerator {
    var operations: Int
    var seed: UInt64
    /// Pools in use at any time.
    var livePools = 24
    var playersPerPool = 3
    var devicesPerPool = 3
    /// Operations of a pool before it is retired (uniform in this range).
    var poolLength = 40...120
    /// Share of operations whose answer is lost.
    var lostShare = 0.003
    /// Operations between clock advances.
    var advanceEvery = 5000
    /// Half-width of an operation's real-time interval around its linearization point (ns).
    var spread: Int64 = 30_000

    let salt = "bench"
    let semantics = Semantics.default

    func generate() async -> History {
        var rng = SplitMix64(seed: seed)
        var now: Int64 = 1_800_000_000_000
        var nextDevice = 0
        var nextAccount = 0
        var nextProcess = 1  // process 0 advances the clock
        func newPool() -> Pool {
            defer {
                nextDevice += devicesPerPool
                nextAccount += 2
                nextProcess += playersPerPool
            }
            return Pool(
                devices: (0..<devicesPerPool).map { DeviceRef(nextDevice + $0) },
                accounts: [
                    AccountRef(.google, nextAccount), AccountRef(.google, nextAccount + 1),
                    AccountRef(.facebook, nextAccount),
                ],
                processes: (0..<playersPerPool).map { nextProcess + $0 },
                target: SimulatedTarget(semantics: semantics, now: now),
                remaining: Int.random(in: poolLength, using: &rng)
            )
        }
        let ids = Identities(salt: salt)
        let model = GamebaseModel(semantics: semantics)
        let matcher = Matcher(identities: ids, semantics: semantics)
        var pools = (0..<livePools).map { _ in newPool() }
        var lastReturn: [Int: Int64] = [:]
        var entries: [HistoryEntry] = []
        entries.reserveCapacity(operations)
        var t: Int64 = 1_000_000
        var opId = 1
        while entries.count < operations {
            t += 1000
            if entries.count > 0, entries.count % advanceEvery == 0, entries.last.map({ !$0.op.kind.isAdvance }) ?? true
            {
                // Exclusive: wait for everything in flight, advance, and start again after it.
                let start = (lastReturn.values.max() ?? t) + 1
                let seconds: Int64 = 31
                for p in pools.indices {
                    _ = await pools[p].target.execute(
                        PlannedOperation(
                            op: Op(id: -opId, action: .advanceClock(seconds: seconds)),
                            player: 0,
                            identities: ids
                        )
                    )
                }
                let end = start + 2000
                entries.append(
                    HistoryEntry(
                        index: 0,
                        process: 0,
                        op: Op(id: opId, action: .advanceClock(seconds: seconds)),
                        invokeNs: start,
                        returnNs: end,
                        window: ClockWindow(lo: now, hi: now + seconds * 1000),
                        answer: .client(ClientReplyBody(header: ResponseHeader(transactionId: "bench", code: .success)))
                    )
                )
                opId += 1
                now += seconds * 1000
                for k in lastReturn.keys { lastReturn[k] = end }
                t = end + 1
                continue
            }
            // A pool with a free player (not in the middle of an operation at t - spread).
            let start = Int(rng.next() % UInt64(pools.count))
            var chosen: (Int, Int)?
            for k in 0..<pools.count {
                let p = (start + k) % pools.count
                let free = pools[p].processes.filter { (lastReturn[$0] ?? 0) < t - spread }
                if !free.isEmpty {
                    chosen = (p, free[Int(rng.next() % UInt64(free.count))])
                    break
                }
            }
            guard let (p, process) = chosen else { continue }
            let op = pools[p].concretised(opId, pools[p].plan(&rng))
            opId += 1
            let invoke = max((lastReturn[process] ?? 0) + 1, t - Int64(rng.next() % UInt64(spread)))
            let ret = t + Int64(rng.next() % UInt64(spread))
            let lost = rng.nextUnit() < lostShare
            let applied = !lost || rng.nextUnit() < 0.5
            var answer: Observation?
            if applied {
                let result = await pools[p].target.execute(PlannedOperation(op: op, player: process, identities: ids))
                guard case .answer(let obs, _) = result.outcome,
                    let next = Self.observe(model, matcher, pools[p].shadow, op, obs, now)
                else {
                    pools[p].remaining = 0
                    continue
                }
                pools[p].shadow = next
                answer = obs
            }
            if lost { pools[p].unknownOps.insert(op.id) }
            entries.append(
                HistoryEntry(
                    index: 0,
                    process: process,
                    op: op,
                    invokeNs: invoke,
                    returnNs: lost ? nil : ret,
                    window: ClockWindow(exactly: now),
                    answer: lost ? nil : answer
                )
            )
            lastReturn[process] = ret
            pools[p].remaining -= 1
            if pools[p].remaining <= 0 { pools[p] = newPool() }
        }
        // In invoke order (ties: linearization order).
        let ordered = entries.enumerated().sorted {
            ($0.element.invokeNs, $0.offset) < ($1.element.invokeNs, $1.offset)
        }
        var out: [HistoryEntry] = []
        out.reserveCapacity(ordered.count)
        for (i, e) in ordered.enumerated() {
            var e = e.element
            e.index = i
            out.append(e)
        }
        let header = HistoryHeader(
            semantics: semantics,
            identities: salt,
            clock: .frozen,
            startedAt: GamebaseDate.iso8601(milliseconds: 1_800_000_000_000)
        )
        return History(header: header, entries: out)
    }

    /// The shadow state after the target answered `obs`.
    static func observe(
        _ model: GamebaseModel,
        _ matcher: Matcher,
        _ state: ModelState,
        _ op: Op,
        _ obs: Observation,
        _ now: Int64
    ) -> ModelState? {
        guard let outcomes = try? model.step(state, op, ClockWindow(exactly: now)) else { return nil }
        for o in outcomes {
            if case .success(let st)? = try? matcher.match(o, obs, op: op) { return st }
        }
        return nil
    }
}

extension OperationKind {
    var isAdvance: Bool { self == .testAdvance }
}
