import Basics
import Config
import Foundation
import Fuzz
import Linearizability
import Plan
import Protocol
import ReferenceServer

/// `gbfuzz replay FILE`: runs a reproducer once, with fresh identities, through the same engine,
/// collector and oracle as a campaign, against the target it names, `--target`, or (for one found
/// on the embedded server) a fresh embedded server with the same knobs and bug switches.
///
/// A concurrent reproducer (`gbfuzz.race-repro/1`) is replayed `runs` times by ``RaceReplayer``.
///
/// Exit: 2 when the violation reproduces, 0 when it does not, 64 for a bad file or bug name, 69
/// when the target is unreachable.
package struct ReplayRunner: Sendable {
    package var file: String
    /// Base URL overriding the reproducer's target.
    package var target: String?
    package var secretKey: String?
    package var idpSecret: String?
    /// Replays of a concurrent reproducer.
    package var runs: Int
    package var say: @Sendable (String) -> Void

    package init(
        file: String,
        target: String? = nil,
        secretKey: String? = nil,
        idpSecret: String? = nil,
        runs: Int = RaceShrinker.defaultConfirmationRuns,
        say: @escaping @Sendable (String) -> Void
    ) {
        self.file = file
        self.target = target
        self.secretKey = secretKey
        self.idpSecret = idpSecret
        self.runs = runs
        self.say = say
    }

    package func run() async -> ExitStatus {
        let url = URL(fileURLWithPath: file)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            say("gbfuzz replay: \(file) cannot be read: \(error.localizedDescription)")
            return .usage
        }
        if RaceReproFile.schema(of: data) == RaceReproFile.schemaName {
            return await runRace(data)
        }
        let repro: ReproFile
        let profile: Profile
        do {
            repro = try ReproFile.load(url)
            profile = try self.profile(target: repro.target, semantics: repro.semantics)
        } catch let e as ReproError {
            say("gbfuzz replay: \(e)")
            return .usage
        } catch let e as CommandError {
            say("gbfuzz replay: \(e.message)")
            return e.exit
        } catch {
            say("gbfuzz replay: \(error)")
            return .software
        }
        return await withConnection(profile) { await replay(repro, on: $0) }
    }

    /// Opens the target (announcing an embedded one), runs `body`, closes it.
    private func withConnection(
        _ profile: Profile,
        _ body: (TargetConnection) async -> ExitStatus
    ) async -> ExitStatus {
        let connection: TargetConnection
        do {
            connection = try await TargetConnection.open(profile, connections: 8)
        } catch {
            say("gbfuzz replay: \(error.message)")
            return error.exit
        }
        if connection.server != nil {
            let bugs = profile.target.bugs.isEmpty ? "none" : profile.target.bugs.joined(separator: ", ")
            say("replaying on the embedded reference server \(connection.baseURL) (bugs: \(bugs))")
        }
        if let note = Self.knobNote(
            reported: connection.reportedSemantics,
            reportedMaintenance: connection.reportedMaintenance,
            reproducer: profile.semantics ?? .default
        ) {
            say(note)
        }
        let status = await body(connection)
        await connection.close()
        return status
    }

    private func runRace(_ data: Data) async -> ExitStatus {
        let repro: RaceReproFile
        let profile: Profile
        do {
            repro = try RaceReproFile.parse(data, source: file)
            profile = try self.profile(target: repro.target, semantics: repro.semantics)
        } catch let e as ReproError {
            say("gbfuzz replay: \(e)")
            return .usage
        } catch let e as CommandError {
            say("gbfuzz replay: \(e.message)")
            return e.exit
        } catch {
            say("gbfuzz replay: \(error)")
            return .software
        }
        return await withConnection(profile) { connection in
            if let standing = repro.standing { say("concurrent reproducer: \(standing.description) when written") }
            say(
                "replaying \(repro.entries.count) operations of \(repro.players) players in \(repro.schedule.waves.count) waves, \(runs) times"
            )
            let idPSecret = idpSecret ?? IdPTokenSigner.defaultSecret
            let replayer = RaceReplayer(
                file: repro,
                idPSecret: idPSecret,
                executor: Executor(client: connection.client, semantics: repro.semantics),
                clock: await ClockTracker.prepare(
                    client: connection.client,
                    configuration: FuzzConfiguration(
                        seed: repro.seed,
                        semantics: repro.semantics,
                        capabilities: repro.capabilities
                    )
                )
            )
            let clock = ContinuousClock()
            let start = clock.now
            let say = self.say
            let runs = self.runs
            let result = await replayer.replay(repro, runs: runs) { run, attempt in
                let verdict = attempt.failed ? "fails" : attempt.report.verdict.rawValue
                say("  run \(run)/\(runs): \(verdict) (\(DurationText.format(clock.now - start)) so far)")
            }
            if result.failed > 0, let last = result.last {
                say(
                    "REPRODUCED: fails \(result.failed)/\(result.runs) with \(repro.players) players and \(repro.entries.count) operations"
                )
                say(last.report.text)
                return .violations
            }
            say("not reproduced: \(result.runs) replays, every one linearizable (a race fails only sometimes)")
            return .clean
        }
    }

    private func replay(_ repro: ReproFile, on connection: TargetConnection) async -> ExitStatus {
        if let standing = repro.standing {
            say("reproducer of \(repro.rule): \(standing), \(repro.steps.count) steps")
        }
        let idPSecret = idpSecret ?? IdPTokenSigner.defaultSecret
        let config = FuzzConfiguration(
            seed: repro.seed,
            runSalt: "replay",
            semantics: repro.semantics,
            idPSecret: idPSecret,
            capabilities: repro.capabilities
        )
        let clock = await ClockTracker.prepare(client: connection.client, configuration: config)
        let result = await Replayer(
            executor: Executor(client: connection.client, semantics: repro.semantics),
            clock: clock
        ).replay(repro, idPSecret: idPSecret)
        if result.reproduced, let v = result.violation {
            say("REPRODUCED \(v.rule) at step \(result.run.executed) of \(repro.steps.count): \(v.message)")
            if let r = v.response { say("response: \(r)") }
            return .violations
        }
        if let v = result.violation {
            say("not reproduced: a different violation (\(v.rule)) happened instead: \(v.message)")
        } else if result.run.unresolved {
            say("not reproduced: step \(result.run.executed + 1) refers to a value an earlier step did not produce")
        } else {
            say("not reproduced: all \(result.run.executed) steps answered as the model expects")
        }
        return .clean
    }

    /// What to tell the user when the target's knobs now differ from those the reproducer was
    /// judged by (the knobs it reports through test control, or its E17 maintenance schedule): the
    /// replay judges by the reproducer's, so a reproduction — or its absence — may come from the
    /// difference (a maintenance window now in force answers 3701 to every login). `nil` when they
    /// agree or the target reports none.
    package static func knobNote(
        reported: Semantics?,
        reportedMaintenance: MaintenanceSemantics?,
        reproducer: Semantics
    ) -> String? {
        var now: Semantics
        if let reported {
            now = reported
        } else if let reportedMaintenance {
            now = reproducer
            now.maintenance = reportedMaintenance
        } else {
            return nil
        }
        let differences = now.differences(from: reproducer)
        guard !differences.isEmpty else { return nil }
        return "note: the target's knobs differ from the reproducer's (reproducer → target: "
            + differences.joined(separator: "; ")
            + "); the replay judges by the reproducer's, so its verdict may come from that difference"
    }

    /// The target of the replay, as a profile (so it is opened and probed like a run's).
    func profile(target: ReproFile.Target, semantics: Semantics) throws(CommandError) -> Profile {
        var spec = TargetSpec(appId: target.appId)
        if let secretKey { spec.secretKey = secretKey }
        if let idpSecret { spec.idpSecret = idpSecret }
        if let override = self.target {
            guard let u = URL(string: override), ["http", "https"].contains(u.scheme ?? ""), u.host != nil else {
                throw CommandError(.usage, "--target must be an http(s) URL (got \"\(override)\")")
            }
            spec.url = override
        } else if target.embedded {
            spec.bugs = target.bugs ?? []
            // Unknown names are refused here, not skipped: a replay without the bug proves nothing.
            do {
                _ = try BugSet(names: spec.bugs, source: "\(file): target.bugs")
            } catch {
                throw CommandError(.usage, error.description)
            }
        } else {
            let base = target.baseURL
            guard base.hasPrefix("http://") || base.hasPrefix("https://") else {
                throw CommandError(.usage, "\(file) names target \"\(base)\"; give --target URL")
            }
            spec.url = base
        }
        return Profile(name: "replay", source: file, target: spec, semantics: semantics)
    }
}
