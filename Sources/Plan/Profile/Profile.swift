import Engine
import Fuzz
import Protocol
import Transport

/// A run described by a YAML profile (see docs/PROFILES.md). Command-line overrides are applied
/// to this value before the run starts.
package struct Profile: Sendable {
    /// A short name for reports (defaults to the file's base name).
    package var name: String
    package var description: String?
    /// The file it was read from, for messages.
    package var source: String
    package var target: TargetSpec
    /// PRNG seed; `nil` picks one at random (and the summary records it).
    package var seed: UInt64?
    /// How long to generate load (excluding graceful stop, audit and shrinking).
    package var duration: Duration
    /// Stop after this many operations even if the duration has not elapsed.
    package var maxOperations: Int?
    package var load: LoadSpec
    /// Relative weight per operation kind (names as in reports, e.g. `login.guest`).
    package var mix: [String: Double]
    package var fuzz: FuzzSpec
    /// Semantic knobs: applied to the embedded server, and used by the model when the target
    /// does not offer test control.
    package var semantics: Semantics?
    /// The knob file `gbfuzz run --semantics` laid over ``semantics``: then the knobs are the
    /// user's, and win over those a target reports through test control.
    package var semanticsFile: String?
    /// Whether ``semanticsFile`` was laid over the profile's own `semantics:` (else, with test
    /// control, it is laid over the knobs the target reports).
    package var semanticsFileOverProfile = false
    package var thresholds: [ThresholdSpec]
    package var outputs: OutputSpec
    /// Race hunting (shared pools, bursts, history, linearizability checking); `nil`: private worlds.
    package var race: RaceSpec?
    /// Faults a proxy in front of the target injects into the load's requests (`faults:`); empty:
    /// no proxy.
    package var faults: [FaultSpec] = []

    package init(
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
package struct TargetSpec: Sendable, Hashable {
    /// `nil` runs against the embedded reference server.
    package var url: String?
    package var appId: String
    /// `X-Secret-Key` for Server API and test control. Never written to outputs.
    package var secretKey: String
    /// The test IdP's HMAC secret (must match the target's).
    package var idpSecret: String
    /// `nil`: take it from the target's knobs (test control) or `semantics:`.
    package var idpTokenMode: IdPTokenMode?
    /// Per-request timeout.
    package var timeout: Duration
    /// Bug switches for the embedded server.
    package var bugs: [String]
    /// HTTP/2: with prior knowledge for an `http://` URL, through ALPN for `https://`.
    package var http2: Bool
    /// TLS (CA bundle, insecure, client certificate), an HTTP proxy, extra headers on every request.
    package var network: NetworkOptions

    package init(
        url: String? = nil,
        appId: String = "gbfuzz",
        secretKey: String = GamebaseTarget.defaultSecretKey,
        idpSecret: String = IdPTokenSigner.defaultSecret,
        idpTokenMode: IdPTokenMode? = nil,
        timeout: Duration = .seconds(10),
        bugs: [String] = [],
        http2: Bool = false,
        network: NetworkOptions = NetworkOptions()
    ) {
        self.url = url
        self.appId = appId
        self.secretKey = secretKey
        self.idpSecret = idpSecret
        self.idpTokenMode = idpTokenMode
        self.timeout = timeout
        self.bugs = bugs
        self.http2 = http2
        self.network = network
    }

    package var isEmbedded: Bool { url == nil }
}

/// Fuzzing knobs.
package struct FuzzSpec: Sendable, Hashable {
    /// Share of adversarial moves, 0…1.
    package var adversarial: Double
    package var devicesPerPlayer: Int
    package var accountsPerIdP: Int
    /// IdP types players use (besides guest).
    package var idps: [IdPCode]
    /// Shrink violations to minimal reproducers.
    package var shrink: Bool
    /// Time budget for shrinking each violation.
    package var shrinkBudget: Duration
    /// Shrink at most this many violations (distinct rules first).
    package var maxShrinks: Int
    /// Audit the target's final state through the Server API.
    package var audit: Bool
    /// Allow Server API moves (bans, E13, E14…) in the mix.
    package var serverAPI: Bool
    /// Allow test-control moves (clock advance, grace ban) when the target offers test control.
    package var clockMoves: Bool
    /// Stop generating load at the first violation (then audit and shrink as usual).
    package var failFast: Bool
    /// The longest a clock advance waits for operations in flight before it goes anyway.
    package var clockAdvanceWait: Duration
    /// Replays of each reproducer that confirm it (confirmed, flaky k/n, or unconfirmed).
    package var confirmations: Int
    /// The audit's time budget (no request starts after it) and how many players at a time.
    package var auditBudget: Duration
    package var auditConcurrency: Int

    package init(
        adversarial: Double = FuzzConfiguration.defaultAdversarialShare,
        devicesPerPlayer: Int = FuzzConfiguration.defaultDevicesPerPlayer,
        accountsPerIdP: Int = FuzzConfiguration.defaultAccountsPerIdP,
        idps: [IdPCode] = FuzzConfiguration.defaultIdPCodes,
        shrink: Bool = true,
        shrinkBudget: Duration = Shrinker.defaultTimeBudget,
        maxShrinks: Int = 10,
        audit: Bool = true,
        serverAPI: Bool = true,
        clockMoves: Bool = true,
        failFast: Bool = false,
        clockAdvanceWait: Duration = ClockTracker.defaultAdvanceWaitLimit,
        confirmations: Int = 3,
        auditBudget: Duration = .seconds(60),
        auditConcurrency: Int = 8
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
        self.clockAdvanceWait = clockAdvanceWait
        self.confirmations = confirmations
        self.auditBudget = auditBudget
        self.auditConcurrency = auditConcurrency
    }
}

/// A threshold expression as written in the profile, with its line for messages.
package struct ThresholdSpec: Sendable, Hashable {
    package var expression: String
    package var line: Int?
    package init(expression: String, line: Int? = nil) {
        self.expression = expression
        self.line = line
    }
}

/// Where and how results are written.
package struct OutputSpec: Sendable, Hashable {
    package enum Progress: String, Sendable, Hashable, CaseIterable {
        /// A live line on a terminal, periodic plain lines otherwise.
        case auto
        case plain
        case off
    }

    /// Parent folder of `<run-id>/` (default `results`).
    package var directory: String
    package var progress: Progress
    package var hlog: Bool
    package var html: Bool
    package var junit: Bool

    package init(
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

/// Race hunting: players share a pool of devices and IdP accounts, synchronized bursts aim several
/// at one identity at once, every operation goes into `history.jsonl`, and the linearizability
/// checker judges it with the reference model as its specification.
package struct RaceSpec: Sendable, Hashable {
    /// Shared devices, and shared IdP accounts per IdP type: contention is these two.
    package var devices: Int
    package var accounts: Int
    package var bursts: BurstCoordinator.Settings
    /// How often audit probes (E7 over the pool) read the target under load; zero: never.
    package var probes: Duration
    /// The checker's time budget per partition; one that runs out is unknown, never passed.
    package var checkBudget: Duration
    /// The most operations the history keeps (the rest are counted, and the check says so).
    package var historyLimit: Int
    /// The most operations in flight on one shared identity (``IdentityLeases``); 0: unbounded.
    package var inFlightPerIdentity: Int

    package init(
        devices: Int = 8,
        accounts: Int = 4,
        bursts: BurstCoordinator.Settings = BurstCoordinator.Settings(),
        probes: Duration = .seconds(1),
        checkBudget: Duration = .seconds(20),
        historyLimit: Int = 500_000,
        inFlightPerIdentity: Int = 4
    ) {
        self.devices = devices
        self.accounts = accounts
        self.bursts = bursts
        self.probes = probes
        self.checkBudget = checkBudget
        self.historyLimit = historyLimit
        self.inFlightPerIdentity = inFlightPerIdentity
    }
}
