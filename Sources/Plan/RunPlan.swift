import Basics
import Config
import Engine
import Foundation
import Fuzz
import Model
import Protocol
import Transport

/// A profile with every override applied, validated, and the run's identity fixed.
package struct RunPlan: Sendable {
    package var profile: Profile
    package var seed: UInt64
    /// `20261121-073500-smoke-42`.
    package var runId: String
    package var directory: URL
    package var thresholds: [Threshold]
    /// Clear a non-empty run folder before the run (`--overwrite`).
    package var overwrite = false
    /// The shard this run is (`--shard i/N`); `nil`: the whole run.
    package var shard: Shard?
    /// Serve live Prometheus metrics on this port during the run (`--metrics-port`; 0 picks one).
    package var metricsPort: Int?
    /// The address the metrics endpoint binds (`--metrics-host`).
    package var metricsHost = "127.0.0.1"

    /// Reads the profile and applies `request`'s overrides. Throws ``CommandError`` with exit 64.
    package static func make(_ request: RunRequest, now: Date = Date()) throws(CommandError) -> RunPlan {
        var profile: Profile
        do {
            profile = try ProfileParser(knownOperations: Set(FuzzWorkload.operationNames)).parse(
                contentsOf: request.profilePath
            )
        } catch {
            throw CommandError(.usage, error.description)
        }
        if let t = request.target {
            if t == "embedded" {
                profile.target.url = nil
            } else {
                guard let u = URL(string: t), ["http", "https"].contains(u.scheme ?? ""), u.host != nil else {
                    throw CommandError(.usage, "--target must be \"embedded\" or an http(s) URL (got \"\(t)\")")
                }
                profile.target.url = t
            }
        }
        if !request.serveBugs.isEmpty { profile.target.bugs += request.serveBugs }
        if !profile.target.bugs.isEmpty && !profile.target.isEmbedded {
            throw CommandError(.usage, "bug switches (--serve-bug, target.bugs) apply only to the embedded server")
        }
        if let d = request.duration { profile.duration = d }
        // An override that the profile's load model would ignore is an error, never silently dropped.
        if let n = request.players {
            guard profile.load.model == .closed else {
                throw CommandError(
                    .usage,
                    "--players applies to the closed model; \(profile.source) uses load.model: open "
                        + "(give --rate for arrivals per second)"
                )
            }
            profile.load.players = n
            profile.load.stages = []
        }
        if let r = request.rate {
            guard profile.load.model == .open else {
                throw CommandError(
                    .usage,
                    "--rate applies to the open model; \(profile.source) uses load.model: closed "
                        + "(give --players for the number of players)"
                )
            }
            profile.load.rate = r
            profile.load.stages = []
        }
        if let m = request.maxOperations { profile.maxOperations = m }
        if let budget = request.checkBudget {
            guard profile.race != nil else {
                throw CommandError(
                    .usage,
                    "--check-budget applies to race hunting; \(profile.source) has no race: section"
                )
            }
            profile.race?.checkBudget = budget
        }
        if let k = request.secretKey { profile.target.secretKey = k }
        profile.target.network = request.network.applied(to: profile.target.network)
        let unreadable = profile.target.network.unreadableFiles
        guard unreadable.isEmpty else {
            throw CommandError(.usage, "cannot read the \(unreadable.joined(separator: ", the "))")
        }
        if profile.target.network.clientKey != nil, profile.target.network.clientCertificate == nil {
            throw CommandError(.usage, "a client key needs a client certificate (--client-cert, target.clientCert)")
        }
        if let file = request.semanticsFile {
            profile.semanticsFileOverProfile = profile.semantics != nil
            do {
                profile.semantics = try KnobFile.load(path: file, over: profile.semantics)
            } catch {
                throw CommandError(.usage, "--semantics: \(error.description)")
            }
            profile.semanticsFile = file
        }
        if !profile.faults.isEmpty, profile.target.http2 {
            throw CommandError(
                .usage,
                "\(profile.source): faults: the fault-injecting proxy speaks HTTP/1.1 to the players; "
                    + "turn target.http2 off for a run with faults"
            )
        }
        if let shard = request.shard {
            do {
                profile = try profile.sharded(shard)
            } catch {
                throw CommandError(.usage, "--shard \(shard): \(error.message)")
            }
        }
        if let p = request.progress { profile.outputs.progress = p }
        if request.failFast { profile.fuzz.failFast = true }
        var thresholds: [Threshold] = []
        for spec in profile.thresholds {
            let at = spec.line.map { ":\($0)" } ?? ""
            let threshold: Threshold
            do {
                threshold = try Threshold.parse(spec.expression)
            } catch {
                throw CommandError(.usage, "\(profile.source)\(at): thresholds: \(error)")
            }
            // A name nobody can measure would pass or fail for the wrong reason: refuse it now.
            if let problem = Self.unknownName(in: threshold) {
                throw CommandError(.usage, "\(profile.source)\(at): thresholds: '\(spec.expression)': \(problem)")
            }
            thresholds.append(threshold)
        }
        let seed = request.seed ?? profile.seed ?? UInt64.random(in: 0...UInt64(Int64.max))
        let runId =
            "\(Self.stamp(now))-\(Self.slug(profile.name))-\(seed)"
            + (request.shard.map { "-shard\($0.index)of\($0.count)" } ?? "")
        var directory =
            request.out.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: profile.outputs.directory).appendingPathComponent(runId)
        // Two runs of one profile and seed in the same second: the second gets `-2`, never the
        // first one's folder (an explicit --out is the user's choice: refused unless --overwrite).
        var suffix = 2
        while request.out == nil, Self.holdsFiles(directory) {
            directory = URL(fileURLWithPath: profile.outputs.directory).appendingPathComponent("\(runId)-\(suffix)")
            suffix += 1
        }
        var plan = RunPlan(profile: profile, seed: seed, runId: runId, directory: directory, thresholds: thresholds)
        plan.overwrite = request.overwrite
        plan.shard = request.shard
        plan.metricsPort = request.metricsPort
        plan.metricsHost = request.metricsHost
        return plan
    }

    /// The selector's operation, rule or outcome class when it names none that exists.
    static func unknownName(in threshold: Threshold) -> String? {
        guard let selector = threshold.selector else { return nil }
        if let op = selector.operation, !FuzzWorkload.operationNames.contains(op) {
            return "unknown operation '\(op)'; known: \(FuzzWorkload.operationNames.sorted().joined(separator: ", "))"
        }
        if let rule = selector.rule, !RuleID.reportable.contains(RuleID(rule)) {
            return "unknown rule '\(rule)'; known: \(RuleID.reportable.map(\.rawValue).joined(separator: ", "))"
        }
        if let outcome = selector.outcome, OutcomeClass(key: outcome) == nil {
            return
                "unknown outcome class '\(outcome)'; known: \(OutcomeClass.allCases.map(\.key).joined(separator: ", "))"
        }
        return nil
    }

    static func holdsFiles(_ url: URL) -> Bool {
        !((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).isEmpty
    }

    /// Letters and digits only, for identity salts and folder names.
    static func slug(_ s: String) -> String {
        let kept = s.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return kept.isEmpty ? "run" : String(kept.prefix(24))
    }

    static func stamp(_ d: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: d)
    }

    /// The fuzz configuration for this plan on a target with `semantics` and `capabilities`.
    package func fuzzConfiguration(semantics: Semantics, capabilities: TargetCapabilities) -> FuzzConfiguration {
        var weights: [OperationKind: Double] = [:]
        for (name, w) in profile.mix {
            if let k = OperationKind(rawValue: name) { weights[k] = w }
        }
        if !profile.fuzz.clockMoves {
            weights[.testAdvance] = 0
            weights[.testGraceBan] = 0
            weights[.testPayment] = 0
        }
        var caps = capabilities
        caps.serverAPI = caps.serverAPI && profile.fuzz.serverAPI
        var devices = profile.fuzz.devicesPerPlayer
        var accounts = profile.fuzz.accountsPerIdP
        if let race = profile.race {
            // A clock advance moves every identity's deadlines at once: race hunting runs without.
            weights[.testAdvance] = 0
            weights[.testGraceBan] = 0
            weights[.testPayment] = 0
            // An E15 page is judged against every user the state holds, not only those its
            // entities name (docs/MODEL.md §7): the checker's partitions and partial-order reduction
            // rest on an operation reading only what its entities reach.
            weights[.serverWithdrawals] = 0
            devices = race.devices
            accounts = race.accounts
        }
        var configuration = FuzzConfiguration(
            seed: seed,
            // The shard's number keeps every identity (the race pool's too) apart from the other
            // shards', which may start in the same second with the same seed.
            runSalt: Self.slug(runId.replacingOccurrences(of: "-", with: "")) + (shard.map { "s\($0.index)" } ?? ""),
            semantics: semantics,
            idPSecret: profile.target.idpSecret,
            weights: weights,
            adversarialShare: profile.fuzz.adversarial,
            devicesPerPlayer: devices,
            accountsPerIdP: accounts,
            idPCodes: profile.fuzz.idps.filter { semantics.idp.codes.contains($0) },
            capabilities: caps
        )
        if let race = profile.race {
            configuration.sharedPool = SharedPool(devices: race.devices, accounts: race.accounts)
        }
        return configuration
    }
}
