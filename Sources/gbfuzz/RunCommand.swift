import ArgumentParser
import Basics
import Foundation
import Plan
import Runner
import UnixSignals

extension GBFuzz {
    /// `gbfuzz run PROFILE`: a campaign of model-checked, randomized operation sequences under load.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run a load and fuzz campaign described by a profile (docs/PROFILES.md).",
            discussion: """
                Exit codes: 0 clean; 1 a threshold failed; 2 violations found; 3 unknown: the target's \
                knobs changed during the run, or race hunting's linearizability verdict is unknown and \
                nothing else failed; 64 bad command line or \
                profile; 69 target unreachable; 70 internal error; 73 the results folder cannot be written \
                (checked before any load is sent; a reused --out needs --overwrite); 130 interrupted \
                (results still written).
                """
        )

        @Argument(help: "The profile, e.g. profiles/smoke.yaml.")
        var profile: String

        @Option(help: "The target: \"embedded\" (start the reference server) or a URL such as http://127.0.0.1:8080.")
        var target: String?

        @Option(
            parsing: .unconditional,
            help: "How long to generate load, e.g. 30s, 2m (overrides the profile).",
            transform: DurationArgument.parse
        )
        var duration: DurationArgument?

        @Option(help: "PRNG seed (overrides the profile); the same seed and profile generate the same sequences.")
        var seed: UInt64?

        @Option(
            help: ArgumentHelp(
                "A knob file laid over the profile's knobs, e.g. what gbfuzz calibrate wrote (docs/PROTOCOL.md §5).",
                discussion: "Its knobs win over those a target reports through test control.",
                valueName: "file"
            )
        )
        var semantics: String?

        @Option(help: "The run folder to write (default results/<run-id>/).")
        var out: String?

        @Option(
            name: .customLong("serve-bug"),
            help: "Turn a bug switch on in the embedded server (repeatable; see gbfuzz serve --list-bugs)."
        )
        var serveBugs: [String] = []

        @Option(help: "Closed model: number of players (overrides the profile and its stages).")
        var players: Int?

        @Option(help: "Open model: arrivals per second (overrides the profile and its stages).")
        var rate: Double?

        @Option(name: .customLong("max-operations"), help: "Stop after this many operations.")
        var maxOperations: Int?

        @Option(
            name: .customLong("check-budget"),
            help: "Race hunting: the check phase's time budget, shared by the partitions (overrides race.checkBudget)."
        )
        var checkBudget: DurationArgument?

        @Option(help: "Progress output: auto, plain or off.")
        var progress: String?

        @Flag(name: .customLong("fail-fast"), help: "Stop the load at the first violation (then audit and shrink).")
        var failFast = false

        @Flag(help: "Clear the --out folder first if it is not empty (otherwise a non-empty one is refused).")
        var overwrite = false

        @Option(
            help: ArgumentHelp(
                "Run shard i of N (numbered from 1): its share of the players or rate, identities and a seed stream no other shard uses; combine the shards with gbfuzz merge.",
                valueName: "i/N"
            )
        )
        var shard: String?

        @Option(
            name: .customLong("metrics-port"),
            help: "Serve live Prometheus metrics at http://HOST:PORT/metrics during the run (0 picks a free port)."
        )
        var metricsPort: Int?

        @Option(name: .customLong("metrics-host"), help: "The address the metrics endpoint binds.")
        var metricsHost = "127.0.0.1"

        @OptionGroup(title: "Reaching the target")
        var network: NetworkArguments

        func validate() throws {
            if let duration, duration.duration == .zero {
                throw ValidationError("--duration must be longer than zero, such as 30s or 2m")
            }
            if let players, players < 1 { throw ValidationError("--players must be at least 1") }
            if let rate, !(rate > 0) { throw ValidationError("--rate must be positive") }
            if let maxOperations, maxOperations < 1 { throw ValidationError("--max-operations must be at least 1") }
            if let checkBudget, checkBudget.duration == .zero {
                throw ValidationError("--check-budget must be longer than zero, such as 90s or 4m")
            }
            if let progress, OutputSpec.Progress(rawValue: progress) == nil {
                throw ValidationError("--progress must be auto, plain or off")
            }
            if let metricsPort, !(0...65_535).contains(metricsPort) {
                throw ValidationError("--metrics-port must be 0…65535")
            }
            if let shard {
                do {
                    _ = try Shard(parsing: shard)
                } catch {
                    throw ValidationError("--shard: \(error.message)")
                }
            }
        }

        func run() async throws {
            var request = RunRequest(profilePath: profile)
            request.target = target
            request.duration = duration?.duration
            request.seed = seed
            request.semanticsFile = semantics
            request.network = network.overrides
            request.out = out
            request.serveBugs = serveBugs
            request.players = players
            request.rate = rate
            request.maxOperations = maxOperations
            request.checkBudget = checkBudget?.duration
            request.progress = progress.flatMap(OutputSpec.Progress.init(rawValue:))
            request.failFast = failFast
            request.overwrite = overwrite
            request.shard = try? shard.map(Shard.init(parsing:))
            request.metricsPort = metricsPort
            request.metricsHost = metricsHost
            let plan: RunPlan
            do {
                plan = try RunPlan.make(request)
            } catch {
                throw ExitCode.failing(error.exit, "gbfuzz run: \(error.message)")
            }
            let outcome = await SignalCancellation.run { await CampaignRunner(plan: plan).run() }
            if outcome.exit != .clean { throw ExitCode(outcome.exit) }
        }
    }
}

/// Turns SIGINT and SIGTERM into cancellation of a piece of work, so a run stops cleanly and writes
/// its results (exit 130). A second signal exits at once. The work runs in a task of its own (a
/// signal cancels exactly it), and both it and the signal watcher are awaited before returning.
enum SignalCancellation {
    static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T {
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
        let task = Task { await work() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var count = 0
                for await _ in signals {
                    count += 1
                    if count > 1 {
                        FileHandle.standardError.write(Data("gbfuzz: interrupted again, exiting now\n".utf8))
                        exit(ExitStatus.interrupted.rawValue)
                    }
                    FileHandle.standardError.write(
                        Data("\ngbfuzz: stopping; results will be written (again to quit now)\n".utf8)
                    )
                    task.cancel()
                }
            }
            _ = await task.value
            group.cancelAll()
        }
        return await task.value
    }
}
