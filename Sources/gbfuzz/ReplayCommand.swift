import ArgumentParser
import Foundation
import Fuzz
import Protocol
import ReferenceServer
import Transport

/// `gbfuzz replay FILE`: runs a reproducer against a target with fresh identities.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a violation reproducer (violations/NNN.json).",
        discussion: """
            Exit status: 2 when the violation reproduces (it is printed), 0 when it does not, 64 for a \
            bad file, 69 when the target is unreachable. Without --target, a reproducer found on the \
            embedded reference server runs against a fresh embedded server with the same knobs and bugs.
            """
    )

    @Argument(help: "The reproducer (gbfuzz.repro/1 JSON).") var file: String
    @Option(help: "Base URL of the target, e.g. http://127.0.0.1:8080.") var target: String?
    @Option(help: "X-Secret-Key for the Server API and test control (default gbfuzz-secret-key).") var secretKey:
        String?
    @Option(help: "HMAC secret of the test IdP (default gbfuzz-test-idp-secret).") var idpSecret: String?

    func run() async throws {
        let say: (String) -> Void = { print($0) }
        let repro: ReproFile
        do { repro = try ReproFile.load(URL(fileURLWithPath: file)) } catch {
            FileHandle.standardError.write(Data("gbfuzz replay: \(error)\n".utf8))
            throw ExitCode(64)
        }
        let transport: CurlTransport
        do { transport = try CurlTransport() } catch {
            FileHandle.standardError.write(Data("gbfuzz replay: \(error)\n".utf8))
            throw ExitCode(70)
        }
        var server: RunningServer?
        var base = target
        if base == nil, repro.target.embedded {
            var config = ServerConfiguration(semantics: repro.semantics)
            config.bugs = BugSet(Set((repro.target.bugs ?? []).compactMap(ServerBug.init(rawValue:))))
            if let secretKey { config.secretKey = secretKey }
            if let idpSecret { config.idpSecret = idpSecret }
            do { server = try await ReferenceServer.start(config) } catch {
                FileHandle.standardError.write(Data("gbfuzz replay: cannot start the embedded server: \(error)\n".utf8))
                throw ExitCode(70)
            }
            base = server?.baseURL
            say(
                "replaying on the embedded reference server \(base!) (bugs: \(config.bugs.names.joined(separator: ", ")))"
            )
        }
        let status = await ReplayTool.run(
            file: file,
            target: base,
            secretKey: secretKey,
            idPSecret: idpSecret ?? IdPTokenSigner.defaultSecret,
            transport: transport,
            print: say
        )
        await transport.shutdown()
        await server?.shutdown()
        if status != 0 { throw ExitCode(status) }
    }
}
