import ArgumentParser
import Basics
import Foundation
import Plan
import Runner

extension GBFuzz.Bench {
    /// `gbfuzz bench harness`: what one model-checked operation costs the harness, in CPU.
    struct Harness: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "harness",
            abstract: "CPU per model-checked operation of a profile's fuzz workload.",
            discussion: """
                Runs the profile's load phase exactly as gbfuzz run does (players, model, oracle, \
                recorder; no audit, shrinking or outputs) against an in-process simulated target (the \
                default: no server, no sockets) or --target, and prints checked operations per \
                CPU-second of this process. With --phases it also prints the thread CPU of each phase: \
                generate (planning the next operation), match (judging the answer against the model), \
                record (the verdict, the engine's histograms, a race run's history); what remains is \
                sending (the transport, or the simulated target's own model step), the engine and the \
                runtime. Metering reads the thread's CPU clock six times per operation, so the CPU per \
                operation of a metered run includes that cost. With \
                --target, run the server as a separate process (gbfuzz serve) so that only the \
                harness is measured. Exit 69 when the target cannot be reached, 64 for bad options.
                """
        )

        @Argument(help: "The profile whose workload runs.")
        var profile: String = "profiles/fuzz.yaml"

        @Option(help: "\"simulated\" (in-process, the default), \"embedded\" or a URL such as http://127.0.0.1:8080.")
        var target: String = "simulated"

        @Option(parsing: .unconditional, help: "How long to run: 5s, 1m, ...", transform: DurationArgument.parse)
        var duration = DurationArgument(.seconds(10))

        @Option(help: "Closed model: number of players (overrides the profile).")
        var players: Int?

        @Option(help: "Open model: arrivals per second (overrides the profile).")
        var rate: Double?

        @Option(help: "PRNG seed (overrides the profile).")
        var seed: UInt64?

        @Flag(help: "Print exactly one JSON object on stdout and nothing else.")
        var json = false

        @Flag(help: "Meter the phases (generate, match, record); adds the meter's own cost to the figure.")
        var phases = false

        @Flag(help: .hidden)
        var unpinned = false

        func validate() throws {
            guard duration.duration > .zero else { throw ValidationError("--duration must be positive, e.g. 5s") }
            if let players, players < 1 { throw ValidationError("--players must be at least 1") }
            if let rate, !(rate > 0) { throw ValidationError("--rate must be positive") }
        }

        func run() async throws {
            var request = RunRequest(profilePath: profile)
            request.target = target == "simulated" ? "embedded" : target
            request.duration = duration.duration
            request.players = players
            request.rate = rate
            request.seed = seed
            let bench: HarnessBench
            do {
                var plan = try RunPlan.make(request)
                plan.profile.maxOperations = nil
                var b = HarnessBench(plan: plan, simulated: target == "simulated")
                b.pinned = !unpinned
                b.meterPhases = phases
                bench = b
            } catch {
                throw ExitCode.failing(error.exit, "gbfuzz bench harness: \(error.message)")
            }
            let outcome = await SignalCancellation.run { () async -> Result<HarnessBench.Result, CommandError> in
                do throws(CommandError) { return .success(try await bench.run()) } catch { return .failure(error) }
            }
            let result: HarnessBench.Result
            switch outcome {
            case .success(let r): result = r
            case .failure(let error): throw ExitCode.failing(error.exit, "gbfuzz bench harness: \(error.message)")
            }
            print(json ? Self.json(result) : Self.text(result, profile: profile))
        }

        static func text(_ r: HarnessBench.Result, profile: String) -> String {
            func f(_ x: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", x) }
            let seconds = r.wallSeconds
            var lines = [
                "gbfuzz bench harness: \(profile), \(r.players) players, \(r.target), \(f(seconds, 2)) s"
                    + (r.pinned ? ", players on the transport's lanes" : ""),
                "checked operations    \(r.operations) (\(f(Double(r.operations) / max(seconds, 1e-9), 0))/s), violations \(r.violations)",
                "process CPU           \(DurationText.format(r.cpu)) (user \(DurationText.format(r.user)), system \(DurationText.format(r.system)))",
                "per operation         \(f(r.cpuMicrosPerOperation)) µs CPU; \(f(r.operationsPerCPUSecond, 0)) checked operations per CPU-second",
            ]
            lines.append(
                r.phases == nil
                    ? "phases                not metered (--phases)"
                    : "phases (thread CPU per operation, meter included):"
            )
            for (name, micros) in r.phaseBreakdown {
                let note = name == "rest" ? "  (sending, engine, runtime)" : ""
                lines.append("  \(name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(f(micros)) µs\(note)")
            }
            return lines.joined(separator: "\n")
        }

        static func json(_ r: HarnessBench.Result) -> String {
            var object: [String: Any] = [
                "target": r.target,
                "players": r.players,
                "pinned": r.pinned,
                "operations": r.operations,
                "violations": r.violations,
                "wall_seconds": r.wallSeconds,
                "cpu_us_per_operation": r.cpuMicrosPerOperation,
                "operations_per_cpu_second": r.operationsPerCPUSecond,
            ]
            if r.phases != nil {
                object["phase_us_per_operation"] = Dictionary(
                    uniqueKeysWithValues: r.phaseBreakdown.map { ($0.name, $0.micros) }
                )
            }
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
