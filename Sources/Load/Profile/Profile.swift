import Protocol

/// A run described by a YAML profile (see docs/PROFILES.md). Command-line overrides are applied
/// to this value before the run starts.
public struct Profile: Sendable {
    /// A short name for reports (defaults to the file's base name).
    public var name: String
    public var description: String?
    /// The file it was read from, for messages.
    public var source: String
    public var target: TargetSpec
    /// PRNG seed; `nil` picks one at random (and the summary records it).
    public var seed: UInt64?
    /// How long to generate load (excluding graceful stop, audit and shrinking).
    public var duration: Duration
    /// Stop after this many operations even if the duration has not elapsed.
    public var maxOperations: Int?
    public var load: LoadSpec
    /// Relative weight per operation kind (names as in reports, e.g. `login.guest`).
    public var mix: [String: Double]
    public var fuzz: FuzzSpec
    /// Semantic knobs: applied to the embedded server, and used by the model when the target
    /// does not offer test control.
    public var semantics: Semantics?
    public var thresholds: [ThresholdSpec]
    public var outputs: OutputSpec

    public init(
        name: String,
        description: String? = nil,
        source: String = "<memory>",
        target: TargetSpec = TargetSpec(),
        seed: UInt64? = nil,
        duration: Duration = .seconds(30),
        maxOperations: Int? = nil,
        load: LoadSpec = LoadSpec(),
        mix: [String: Double] = [:],
        fuzz: FuzzSpec = FuzzSpec(),
        semantics: Semantics? = nil,
        thresholds: [ThresholdSpec] = [],
        outputs: OutputSpec = OutputSpec()
    ) {
        self.name = name
        self.description = description
        self.source = source
        self.target = target
        self.seed = seed
        self.duration = duration
        self.maxOperations = maxOperations
        self.load = load
        self.mix = mix
        self.fuzz = fuzz
        self.semantics = semantics
        self.thresholds = thresholds
        self.outputs = outputs
    }
}

/// What to test: the embedded reference server or a URL.
public struct TargetSpec: Sendable, Hashable {
    /// `nil` runs against the embedded reference server.
    public var url: String?
    public var appId: String
    /// `X-Secret-Key` for Server API and test control. Never written to outputs.
    public var secretKey: String
    /// The test IdP's HMAC secret (must match the target's).
    public var idpSecret: String
    /// `nil`: take it from the target's knobs (test control) or `semantics:`.
    public var idpTokenMode: IdPTokenMode?
    /// Per-request timeout.
    public var timeout: Duration
    /// Bug switches for the embedded server.
    public var bugs: [String]
    /// Use cleartext HTTP/2 (prior knowledge).
    public var http2: Bool

    public init(
        url: String? = nil,
        appId: String = "gbfuzz",
        secretKey: String = GamebaseTarget.defaultSecretKey,
        idpSecret: String = IdPTokenSigner.defaultSecret,
        idpTokenMode: IdPTokenMode? = nil,
        timeout: Duration = .seconds(10),
        bugs: [String] = [],
        http2: Bool = false
    ) {
        self.url = url
        self.appId = appId
        self.secretKey = secretKey
        self.idpSecret = idpSecret
        self.idpTokenMode = idpTokenMode
        self.timeout = timeout
        self.bugs = bugs
        self.http2 = http2
    }

    public var isEmbedded: Bool { url == nil }
}

/// The load model and its stages.
public struct LoadSpec: Sendable, Hashable {
    public enum Model: String, Sendable, Hashable, CaseIterable {
        /// N virtual players, each doing one operation at a time.
        case closed
        /// Arrivals at a rate, independent of how fast the target answers.
        case open
    }

    /// What arrives in the open model.
    public enum Arrival: String, Sendable, Hashable, CaseIterable {
        /// New player sessions (each a fresh player doing `sessionOperations` operations).
        case sessions
        /// Operations, handed to idle players from a pool.
        case operations
    }

    public var model: Model
    /// Closed model: players (the target of stages is a player count).
    public var players: Int
    /// Open model: arrivals per second (the target of stages is a rate).
    public var rate: Double
    public var arrival: Arrival
    /// Open model: at most this many players alive at once.
    public var maxPlayers: Int
    /// Open model: at most this many requests in flight; later starts wait and count as late.
    public var maxInFlight: Int
    /// Open `sessions` model: operations per session.
    public var sessionOperations: Int
    /// Pause between a player's operations (uniform in the range).
    public var thinkTime: ClosedRange<Duration>
    /// Ramping stages; empty = constant `players` / `rate` for the whole duration.
    public var stages: [Stage]
    /// How long in-flight work may finish after the end.
    public var gracefulStop: Duration
    /// A start later than this after its intended time counts as late.
    public var lateTolerance: Duration

    public init(
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
        lateTolerance: Duration = .milliseconds(10)
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
        self.lateTolerance = lateTolerance
    }
}

/// One ramping stage: move linearly to `target` over `duration` (k6 style).
public struct Stage: Sendable, Hashable {
    public var duration: Duration
    public var target: Double
    public init(duration: Duration, target: Double) {
        self.duration = duration
        self.target = target
    }
}

/// Fuzzing knobs.
public struct FuzzSpec: Sendable, Hashable {
    /// Share of adversarial moves, 0…1.
    public var adversarial: Double
    public var devicesPerPlayer: Int
    public var accountsPerIdP: Int
    /// IdP types players use (besides guest).
    public var idps: [IdPCode]
    /// Shrink violations to minimal reproducers.
    public var shrink: Bool
    /// Time budget for shrinking each violation.
    public var shrinkBudget: Duration
    /// Shrink at most this many violations (distinct rules first).
    public var maxShrinks: Int
    /// Audit the target's final state through the Server API.
    public var audit: Bool
    /// Allow Server API moves (bans, E13, E14…) in the mix.
    public var serverAPI: Bool
    /// Allow test-control moves (clock advance, grace ban) when the target offers test control.
    public var clockMoves: Bool
    /// Stop generating load at the first violation (then audit and shrink as usual).
    public var failFast: Bool

    public init(
        adversarial: Double = 0.15,
        devicesPerPlayer: Int = 3,
        accountsPerIdP: Int = 2,
        idps: [IdPCode] = [.google, .facebook, .line],
        shrink: Bool = true,
        shrinkBudget: Duration = .seconds(20),
        maxShrinks: Int = 10,
        audit: Bool = true,
        serverAPI: Bool = true,
        clockMoves: Bool = true,
        failFast: Bool = false
    ) {
        self.adversarial = adversarial
        self.devicesPerPlayer = devicesPerPlayer
        self.accountsPerIdP = accountsPerIdP
        self.idps = idps
        self.shrink = shrink
        self.shrinkBudget = shrinkBudget
        self.maxShrinks = maxShrinks
        self.audit = audit
        self.serverAPI = serverAPI
        self.clockMoves = clockMoves
        self.failFast = failFast
    }
}

/// A threshold expression as written in the profile, with its line for messages.
public struct ThresholdSpec: Sendable, Hashable {
    public var expression: String
    public var line: Int?
    public init(expression: String, line: Int? = nil) {
        self.expression = expression
        self.line = line
    }
}

/// Where and how results are written.
public struct OutputSpec: Sendable, Hashable {
    public enum Progress: String, Sendable, Hashable, CaseIterable {
        /// A live line on a terminal, periodic plain lines otherwise.
        case auto
        case plain
        case off
    }

    /// Parent folder of `<run-id>/` (default `results`).
    public var directory: String
    public var progress: Progress
    public var hlog: Bool
    public var html: Bool
    public var junit: Bool

    public init(
        directory: String = "results",
        progress: Progress = .auto,
        hlog: Bool = true,
        html: Bool = true,
        junit: Bool = true
    ) {
        self.directory = directory
        self.progress = progress
        self.hlog = hlog
        self.html = html
        self.junit = junit
    }
}
