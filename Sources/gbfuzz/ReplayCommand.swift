import ArgumentParser
import Basics
import Foundation
import Runner

/// `gbfuzz replay FILE`: runs a reproducer against a target with fresh identities.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a violation reproducer (violations/NNN.json).",
        discussion: """
            Exit status: 2 when the violation reproduces (it is printed), 0 when it does not, 64 for a \
            bad file or an unknown bug name, 69 when the target is unreachable. Without --target, a \
            reproducer found on the embedded reference server runs against a fresh embedded server with \
            the same knobs and bugs. A concurrent reproducer (gbfuzz.race-repro/1) is replayed --runs \
            times with its waves released together, each replay judged by the linearizability checker; \
            exit 2 when any replay fails ("fails 3/10").
            """
    )

    @Argument(help: "The reproducer (gbfuzz.repro/1 or gbfuzz.race-repro/1 JSON).") var file: String
    @Option(help: "Base URL of the target, e.g. http://127.0.0.1:8080.") var target: String?
    @Option(help: "X-Secret-Key for the Server API and test control (default gbfuzz-secret-key).") var secretKey:
        String?
    @Option(help: "HMAC secret of the test IdP (default gbfuzz-test-idp-secret).") var idpSecret: String?
    @Option(help: "Replays of a concurrent reproducer (a race fails only sometimes).") var runs: Int = 10

    func validate() throws {
        guard (1...10_000).contains(runs) else { throw ValidationError("--runs must be between 1 and 10000") }
    }

    func run() async throws {
        let status = await ReplayRunner(
            file: file,
            target: target,
            secretKey: secretKey,
            idpSecret: idpSecret,
            runs: runs,
            say: { print($0) }
        ).run()
        if status != .clean { throw ExitCode(status) }
    }
}
