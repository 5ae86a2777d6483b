/// The load model and its stages.
package struct LoadSpec: Sendable, Hashable {
    package enum Model: String, Sendable, Hashable, CaseIterable {
        /// N virtual players, each doing one operation at a time.
        case closed
        /// Arrivals at a rate, independent of how fast the target answers.
        case open
    }

    /// What arrives in the open model.
    package enum Arrival: String, Sendable, Hashable, CaseIterable {
        /// New player sessions (each a fresh player doing `sessionOperations` operations).
        case sessions
        /// Operations, handed to idle players from a pool.
        case operations
    }

    package var model: Model
    /// Closed model: players (the target of stages is a player count).
    package var players: Int
    /// Open model: arrivals per second (the target of stages is a rate).
    package var rate: Double
    package var arrival: Arrival
    /// Open model: at most this many players alive at once.
    package var maxPlayers: Int
    /// Open model: at most this many requests in flight; later starts wait and count as late.
    package var maxInFlight: Int
    /// Open `sessions` model: operations per session.
    package var sessionOperations: Int
    /// Pause between a player's operations (uniform in the range).
    package var thinkTime: ClosedRange<Duration>
    /// Ramping stages; empty = constant `players` / `rate` for the whole duration.
    package var stages: [Stage]
    /// How long in-flight work may finish after the end.
    package var gracefulStop: Duration
    /// Closed model: whether a session that ends (it has nothing more to do) is replaced by a new
    /// one while the schedule asks for players. `false` runs each of `players` sessions once and
    /// ends the run when all have ended (scripts: replays and the shrinker's candidates).
    package var replacesEndedSessions: Bool
    /// A start later than this after its intended time counts as late.
    package var lateTolerance: Duration

    package init(
        model: Model = .closed,
        players: Int = 8,
        rate: Double = 100,
        arrival: Arrival = .sessions,
        maxPlayers: Int = 10_000,
        maxInFlight: Int = 256,
        sessionOperations: Int = 20,
        thinkTime: ClosedRange<Duration> = .zero ... .zero,
        stages: [Stage] = [],
        gracefulStop: Duration = .seconds(10),
        replacesEndedSessions: Bool = true,
        lateTolerance: Duration = RecorderConfiguration.defaultLateStartTolerance
    ) {
        self.model = model
        self.players = players
        self.rate = rate
        self.arrival = arrival
        self.maxPlayers = maxPlayers
        self.maxInFlight = maxInFlight
        self.sessionOperations = sessionOperations
        self.thinkTime = thinkTime
        self.stages = stages
        self.gracefulStop = gracefulStop
        self.replacesEndedSessions = replacesEndedSessions
        self.lateTolerance = lateTolerance
    }
}

/// One ramping stage: move linearly to `target` over `duration` (k6 style).
package struct Stage: Sendable, Hashable {
    package var duration: Duration
    package var target: Double
    package init(duration: Duration, target: Double) {
        self.duration = duration
        self.target = target
    }
}
