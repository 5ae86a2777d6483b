import ArgumentParser
import Basics
import Foundation
import Plan
import Runner

/// `gbfuzz sweep PROFILE --rates 200,500,1000`: correctness and latency against load, one run per rate.
struct SweepCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run an open-model profile once per rate and report where violations or failed thresholds begin.",
        discussion: """
            Each rate is one step: a whole gbfuzz run of the profile at that arrival rate (load.rate; its \
            stages are replaced), with the same seed, in OUT/step-RATE/. Then OUT/sweep.json and OUT/sweep.html \
            give p50, p99, error rate and violations per step, drawn against the rate, and the first rate at \
            which violations or failed thresholds appear. Exits 0 when every step was clean, 1 when a threshold \
            failed at some rate, 2 when violations appeared at some rate; 64 for a bad option or a closed-model \
            profile; a step that cannot run (unreachable target, interrupted) stops the sweep with its status.
            """
    )

    @Argument(
        help: "The profile (load.model: open), e.g. profiles/sweep.yaml.",
        completion: .file(extensions: ["yaml"])
    )
    var profile: String

    @Option(help: "The arrival rates, per second, comma-separated (e.g. 200,500,1000).")
    var rates: String

    @Option(help: "Each step's duration (default: the profile's).")
    var duration: DurationArgument?

    @Option(help: "The target: \"embedded\" or a URL (default: the profile's).")
    var target: String?

    @Option(help: "PRNG seed, the same for every step.")
    var seed: UInt64?

    @Option(name: .customLong("serve-bug"), help: "Switch on a bug of the embedded server (repeatable).")
    var serveBugs: [String] = []

    @Option(help: "The sweep's folder (default results/<time>-sweep-<profile>/).")
    var out: String?

    @Flag(help: "Clear the --out folder first if it is not empty.")
    var overwrite = false

    func validate() throws {
        guard let list = Self.parse(rates) else {
            throw ValidationError("--rates must be positive numbers separated by commas, such as 200,500,1000")
        }
        guard Set(list).count == list.count else { throw ValidationError("--rates lists a rate twice") }
        if let duration, duration.duration == .zero {
            throw ValidationError("--duration must be longer than zero, such as 10s")
        }
    }

    static func parse(_ text: String) -> [Double]? {
        let list = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !list.isEmpty, list.allSatisfy({ $0.map { $0 > 0 && $0.isFinite } ?? false }) else { return nil }
        return list.compactMap { $0 }
    }

    func run() async throws {
        var request = RunRequest(profilePath: profile)
        request.target = target
        request.duration = duration?.duration
        request.seed = seed
        request.serveBugs = serveBugs
        let name = URL(fileURLWithPath: profile).deletingPathExtension().lastPathComponent
        let stamp = ISO8601DateFormatter().string(from: Date()).filter { $0.isNumber }.prefix(14)
        let directory = URL(fileURLWithPath: out ?? "results/\(stamp)-sweep-\(name)")
        var configured = SweepRunner(request: request, rates: Self.parse(rates) ?? [], directory: directory)
        configured.overwrite = overwrite
        let sweep = configured
        let (_, exit) = await SignalCancellation.run { await sweep.run() }
        if exit != .clean { throw ExitCode(exit) }
    }
}
