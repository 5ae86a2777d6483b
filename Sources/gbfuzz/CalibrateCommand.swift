import ArgumentParser
import Basics
import Foundation
import Plan
import Protocol
import Runner
import Transport

/// `gbfuzz calibrate --target URL`: decides a target's dialect knobs from its own answers.
struct CalibrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Decide a target's dialect knobs from its answers and write them as a knob file.",
        discussion: """
            Sends a short, fixed sequence of probes (guest and IdP logins on fresh devices, a \
            TransferAccount, a ban through the Server API when the secret key opens it) and decides \
            each knob of docs/PROTOCOL.md §5, "Dialects", from the answers. The file records, per \
            knob, the value or "undecided" (the target never showed the behaviour), why, and the \
            requests and answers that decided it; use it with `gbfuzz run PROFILE --semantics FILE`. \
            The probes create users on the target. Exit status: 0 written; 64 bad option; 69 the \
            target is unreachable or does not speak the Gamebase protocol; 73 the file cannot be written.
            """
    )

    @Option(help: "The target, such as http://127.0.0.1:8080.") var target: String
    @Option(help: "Where to write the knob file (default: standard output).") var out: String?
    @Option(name: .customLong("app-id"), help: "The app id in client paths.") var appId = "gbfuzz"
    @Option(help: "X-Secret-Key for the Server API (the ban probe needs it).") var secretKey: String?
    @Option(help: "HMAC secret of the test IdP, to mint IdP tokens the target accepts.") var idpSecret: String?
    @Option(
        name: .customLong("idp-token-mode"),
        help: "How the target checks IdP tokens: hmac or plain (default: tried in that order)."
    )
    var tokenMode: String?
    @Option(help: "Names the probes' devices and IdP accounts (default: fresh each time).") var salt: String?
    @OptionGroup(title: "Reaching the target") var network: NetworkArguments

    func validate() throws {
        guard let u = URL(string: target), ["http", "https"].contains(u.scheme ?? ""), u.host != nil else {
            throw ValidationError("--target must be an http(s) URL (got \"\(target)\")")
        }
        if let tokenMode, IdPTokenMode(rawValue: tokenMode) == nil {
            throw ValidationError("--idp-token-mode must be hmac or plain")
        }
        if let salt, salt.isEmpty || !salt.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            throw ValidationError("--salt must be letters and digits")
        }
    }

    func run() async throws {
        var request = CalibrationRunner.Request(target: target)
        request.appId = appId
        if let secretKey { request.secretKey = secretKey }
        if let idpSecret { request.idpSecret = idpSecret }
        request.tokenMode = tokenMode.flatMap(IdPTokenMode.init(rawValue:))
        request.out = out
        request.salt = salt
        request.network = network.overrides.applied(to: NetworkOptions())
        do {
            try await CalibrationRunner(request: request) { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }.run()
        } catch {
            throw ExitCode.failing(error.exit, "gbfuzz calibrate: \(error.message)")
        }
    }
}
