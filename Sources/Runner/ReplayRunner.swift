import Basics
import Config
import Foundation
import Fuzz
import Plan
import Protocol
import ReferenceServer

/// `gbfuzz replay FILE`: runs a reproducer once, with fresh identities, through the same engine,
/// collector and oracle as a campaign, against the target it names, `--target`, or (for one found
/// on the embedded server) a fresh embedded server with the same knobs and bug switches.
///
/// Exit: 2 when the violation reproduces, 0 when it does not, 64 for a bad file or bug name, 69
/// when the target is unreachable.
package struct ReplayRunner: Sendable {
    package var file: String
    /// Base URL overriding the reproducer's target.
    package var target: String?
    package var secretKey: String?
    package var idpSecret: String?
    package var say: @Sendable (String) -> Void

    package init(
        file: String,
        target: String? = nil,
        secretKey: String? = nil,
        idpSecret: String? = nil,
        say: @escaping @Sendable (String) -> Void
    ) {
        self.file = file
        self.target = target
        self.secretKey = secretKey
        self.idpSecret = idpSecret
        self.say = say
    }

    package func run() async -> ExitStatus {
        let repro: ReproFile
        let profile: Profile
        do {
            repro = try ReproFile.load(URL(fileURLWithPath: file))
            profile = try self.profile(for: repro)
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
        let connection: TargetConnection
        do {
            connection = try await TargetConnection.open(profile, connections: 4)
        } catch {
            say("gbfuzz replay: \(error.message)")
            return error.exit
        }
        if connection.server != nil {
            let bugs = profile.target.bugs.isEmpty ? "none" : profile.target.bugs.joined(separator: ", ")
            say("replaying on the embedded reference server \(connection.baseURL) (bugs: \(bugs))")
        }
        let status = await replay(repro, on: connection)
        await connection.close()
        return status
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

    /// The target of the replay, as a profile (so it is opened and probed like a run's).
    func profile(for repro: ReproFile) throws(CommandError) -> Profile {
        var spec = TargetSpec(appId: repro.target.appId)
        if let secretKey { spec.secretKey = secretKey }
        if let idpSecret { spec.idpSecret = idpSecret }
        if let target {
            guard let u = URL(string: target), ["http", "https"].contains(u.scheme ?? ""), u.host != nil else {
                throw CommandError(.usage, "--target must be an http(s) URL (got \"\(target)\")")
            }
            spec.url = target
        } else if repro.target.embedded {
            spec.bugs = repro.target.bugs ?? []
            // Unknown names are refused here, not skipped: a replay without the bug proves nothing.
            do {
                _ = try BugSet(names: spec.bugs, source: "\(file): target.bugs")
            } catch {
                throw CommandError(.usage, error.description)
            }
        } else {
            let base = repro.target.baseURL
            guard base.hasPrefix("http://") || base.hasPrefix("https://") else {
                throw CommandError(.usage, "\(file) names target \"\(base)\"; give --target URL")
            }
            spec.url = base
        }
        return Profile(name: "replay", source: file, target: spec, semantics: repro.semantics)
    }
}
