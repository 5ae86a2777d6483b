import ArgumentParser
import Basics
import Foundation
import ReferenceServer

/// `gbfuzz serve`: the Gamebase-compatible reference server, optionally with bug switches.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Gamebase-compatible reference server (docs/PROTOCOL.md).",
        discussion: """
            Prints `listening on http://HOST:PORT` as its first line once bound, then serves until \
            SIGINT or SIGTERM. Data lives in a temporary SQLite file unless --db names one. Exit \
            status: 0 after SIGINT/SIGTERM; 64 bad option, configuration or bug name; 69 the address \
            cannot be bound (in use, not permitted); 70 internal error.
            """
    )

    @Option(help: "Address to bind.") var host = "127.0.0.1"
    @Option(help: "Port to bind; 0 picks a free one.") var port = 0
    @Option(help: "SQLite database file (default: a temporary file removed at exit).") var db: String?
    @Option(help: "Semantic knobs (YAML or JSON, docs/PROTOCOL.md §5).") var config: String?
    @Option(name: .customLong("bug"), help: "Switch on a bug (repeatable; see --list-bugs).") var bugs: [String] = []
    @Flag(help: "List the bug switches with the rule each breaks, then exit.") var listBugs = false
    @Option(help: "X-Secret-Key for the Server API and test control.") var secretKey: String?
    @Option(help: "HMAC secret of the test IdP.") var idpSecret: String?
    @Option(name: .customLong("tls-cert"), help: "Serve HTTPS (HTTP/1.1 and HTTP/2 via ALPN): certificate chain, PEM.")
    var tlsCert: String?
    @Option(name: .customLong("tls-key"), help: "The TLS certificate's private key, PEM.") var tlsKey: String?
    @Option(
        name: .customLong("tls-client-ca"),
        help: "Require client certificates signed by these CA certificates (mutual TLS), PEM."
    )
    var tlsClientCA: String?

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if tlsClientCA != nil, tlsCert == nil {
            throw ValidationError("--tls-client-ca needs --tls-cert and --tls-key")
        }
    }

    func run() async throws {
        if listBugs {
            for bug in ServerBug.allCases { print("\(bug.rawValue)  \(bug.rule)  \(bug.summary)") }
            return
        }
        var configuration = ServerConfiguration(host: host, port: port, databasePath: db)
        do {
            configuration.bugs = try BugSet(names: bugs, source: "--bug")
            if let config {
                let file = try ConfigFile.load(path: config)
                configuration.semantics = file.semantics
                if let k = file.secretKey { configuration.secretKey = k }
                if let s = file.idpSecret { configuration.idpSecret = s }
            }
        } catch {
            throw ExitCode.failing(.usage, "gbfuzz serve: \(error)")
        }
        if let secretKey { configuration.secretKey = secretKey }
        if let idpSecret { configuration.idpSecret = idpSecret }
        if let tlsCert, let tlsKey {
            configuration.tls = ServerTLS(certificateFile: tlsCert, keyFile: tlsKey, clientCAFile: tlsClientCA)
        }
        do {
            try await ReferenceServer.run(configuration) { url in
                // Unbuffered, so a parent reading the pipe sees the line at once.
                FileHandle.standardOutput.write(Data("listening on \(url)\n".utf8))
            }
        } catch let e as ServerStartError where e.cannotListen {
            throw ExitCode.failing(.unreachable, "gbfuzz serve: \(e.message)")
        } catch let e as ServerStartError where e.badConfiguration {
            throw ExitCode.failing(.usage, "gbfuzz serve: \(e.message)")
        } catch {
            throw ExitCode.failing(.software, "gbfuzz serve: \(error)")
        }
    }
}
