import Engine

extension Profile {
    /// This profile's part for `shard`: its share of the players (closed model) or of the arrival
    /// rate and limits (open model), every stage's target alike, of `maxOperations`, and of a race
    /// pool, so the shards of a run add up to the load of one run and keep its contention
    /// (players per shared identity). Without clock moves (the target's clock is shared by every
    /// shard). Refused when the shard would get nothing to do.
    package func sharded(_ shard: Shard) throws(ShardError) -> Profile {
        guard shard.count > 1 else { return self }
        var p = self
        switch load.model {
        case .closed:
            p.load.players = shard.share(of: load.players)
            p.load.stages = load.stages.map {
                Stage(duration: $0.duration, target: Double(shard.share(of: Int($0.target.rounded()))))
            }
            func peak(_ l: LoadSpec) -> Int { max(l.players, Int(l.stages.map(\.target).max() ?? 0)) }
            guard peak(p.load) > 0 else {
                throw ShardError(
                    "shard \(shard) gets no players: \(source) has at most \(peak(load)) "
                        + "(give --players \(shard.count) or more, or fewer shards)"
                )
            }
        case .open:
            p.load.rate = shard.share(of: load.rate)
            p.load.stages = load.stages.map { Stage(duration: $0.duration, target: shard.share(of: $0.target)) }
            p.load.maxPlayers = shard.part(of: load.maxPlayers)
            p.load.maxInFlight = shard.part(of: load.maxInFlight)
        }
        if let m = maxOperations {
            let mine = shard.share(of: m)
            p.maxOperations = mine
            guard mine > 0 else {
                throw ShardError("shard \(shard) gets no operations: the run is limited to \(m) (--max-operations)")
            }
        }
        // A clock advance through test control moves the one clock every shard's model reads, and
        // no shard knows when another advances it: sharded runs keep the target's clock still.
        p.fuzz.clockMoves = false
        if let race {
            p.race?.devices = shard.part(of: race.devices)
            p.race?.accounts = shard.part(of: race.accounts)
        }
        return p
    }
}
