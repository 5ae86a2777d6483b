import Basics
import Config
import Engine
import Foundation
import Fuzz
import Plan
import Protocol
import Testing
import Transport

@Suite("Profile parsing")
struct ProfileParserTests {
    let parser = ProfileParser(
        knownOperations: ["login.guest", "login.idp", "mapping.add"],
        environment: ["GB_SECRET": "s3", "GB_PORT": "8088"]
    )

    func parse(_ yaml: String) throws(ConfigError) -> Profile { try parser.parse(yaml, file: "p.yaml") }

    func failure(_ yaml: String) -> ConfigError? {
        do {
            _ = try parse(yaml)
            return nil
        } catch { return error }
    }

    @Test("faults: each spec is read; a malformed one, or probabilities above 1 in all, is refused with its line")
    func faultsSection() throws {
        let p = try parse("faults: [delay:50ms:0.05, drop-response:0.02, duplicate:0.01]\n")
        #expect(
            p.faults == [
                FaultSpec(.delay(.milliseconds(50)), 0.05), FaultSpec(.dropResponse, 0.02), FaultSpec(.duplicate, 0.01),
            ]
        )
        let bad = failure("name: x\nfaults:\n  - reset:0.01\n  - jitter:0.1\n")
        #expect(bad?.line == 4, "\(String(describing: bad))")
        #expect(bad?.description.contains("unknown fault 'jitter'") == true, "\(String(describing: bad))")
        let much = failure("faults: [reset:0.6, duplicate:0.6]\n")
        #expect(much?.description.contains("more than 1") == true, "\(String(describing: much))")
        #expect(try parse("name: x\n").faults.isEmpty)
    }

    @Test("a complete profile parses into typed values")
    func completeProfile() throws {
        let p = try parse(
            """
            name: load-test
            target:
              url: http://127.0.0.1:${GB_PORT}
              secretKey: ${GB_SECRET}
              timeout: 2s
            seed: 42
            duration: 1m30s
            maxOperations: 5000
            load:
              model: open
              rate: 250
              arrival: operations
              maxPlayers: 400
              maxInFlight: 64
              thinkTime: {min: 10ms, max: 50ms}
              stages:
                - {duration: 10s, target: 100}
                - {duration: 20s, target: 300}
            mix: {login.guest: 5, mapping.add: 1.5}
            fuzz: {adversarial: 0.3, idps: [google, line], shrinkBudget: 5s}
            semantics:
              transferAccount: {failThreshold: 3, blockSeconds: null}
            thresholds:
              - "violations == 0"
              - "latency_ms{op:login.guest}.p99 < 200"
            outputs: {dir: out, progress: plain}
            """
        )
        #expect(p.name == "load-test")
        #expect(p.target.url == "http://127.0.0.1:8088")
        #expect(p.target.secretKey == "s3")
        #expect(p.target.timeout == .seconds(2))
        #expect(p.seed == 42)
        #expect(p.duration == .seconds(90))
        #expect(p.maxOperations == 5000)
        #expect(p.load.model == .open && p.load.arrival == .operations && p.load.rate == 250)
        #expect(p.load.thinkTime == .milliseconds(10) ... .milliseconds(50))
        #expect(
            p.load.stages == [Stage(duration: .seconds(10), target: 100), Stage(duration: .seconds(20), target: 300)]
        )
        #expect(p.mix == ["login.guest": 5, "mapping.add": 1.5])
        #expect(p.fuzz.adversarial == 0.3 && p.fuzz.idps == [.google, .line])
        #expect(p.semantics?.transferAccount.failThreshold == 3)
        #expect(p.semantics?.transferAccount.blockSeconds == nil)
        #expect(p.thresholds.map(\.expression) == ["violations == 0", "latency_ms{op:login.guest}.p99 < 200"])
        #expect(p.thresholds.first?.line == 24)
        #expect(p.outputs.directory == "out" && p.outputs.progress == .plain)
    }

    @Test("the defaults: embedded target, closed model, file name as profile name")
    func defaults() throws {
        let p = try parser.parse("duration: 5s\n", file: "profiles/smoke.yaml")
        #expect(p.name == "smoke")
        #expect(p.target.isEmbedded)
        #expect(p.load.model == .closed)
        #expect(p.semantics == nil)
        let q = try parse("target: embedded\n")
        #expect(q.target.isEmbedded)
    }

    @Test("an unknown key names its line and path and suggests the closest key")
    func unknownKey() throws {
        let e = try #require(failure("duration: 5s\nload:\n  playres: 3\n"))
        #expect(e.code == .unknownKey)
        #expect(e.line == 3)
        #expect(e.key == "load.playres")
        #expect(e.message.contains("did you mean \"players\""))
        #expect(e.description.hasPrefix("p.yaml:3: load.playres:"))
    }

    @Test(
        "a value of the wrong kind names its line and key",
        arguments: [
            ("load:\n  players: ten\n", 2, "load.players"),
            ("duration: soon\n", 1, "duration"),
            ("load:\n  model: sideways\n", 2, "load.model"),
            ("fuzz:\n  adversarial: 1.5\n", 2, "fuzz.adversarial"),
            ("load:\n  stages:\n    - {duration: 5s}\n", 3, "load.stages[0]"),
            ("target: ftp://x\n", 1, "target"),
            ("mix: {login.guest: 0}\n", 1, "mix"),
        ]
    )
    func invalidValues(yaml: String, line: Int, key: String) throws {
        let e = try #require(failure(yaml))
        #expect(e.line == line, "\(e)")
        #expect(e.key == key, "\(e)")
    }

    @Test("an unknown operation in the mix is rejected with a suggestion")
    func unknownOperation() throws {
        let e = try #require(failure("mix:\n  login.gest: 1\n"))
        #expect(e.code == .unknownKey && e.line == 2 && e.key == "mix.login.gest")
        #expect(e.message.contains("login.guest"))
    }

    @Test("an unset environment variable is an error unless it has a default")
    func environment() throws {
        let e = try #require(failure("target:\n  secretKey: ${NOPE}\n"))
        #expect(e.code == .missingEnvironment && e.line == 2 && e.key == "target.secretKey")
        let p = try parse("target:\n  secretKey: ${NOPE:-fallback}\n")
        #expect(p.target.secretKey == "fallback")
    }

    @Test("semantics are strict: unknown knobs, wrong types and bad ranges name their line")
    func strictSemantics() throws {
        let unknown = try #require(failure("semantics:\n  mapping:\n    forcingTicketLifetime: 5\n"))
        #expect(unknown.code == .unknownKey && unknown.line == 3)
        #expect(unknown.key == "semantics.mapping.forcingTicketLifetime")
        let type = try #require(failure("semantics:\n  tokens:\n    lifetimeSeconds: forever\n"))
        #expect(type.code == .invalidValue && type.line == 3 && type.key == "semantics.tokens.lifetimeSeconds")
        let range = try #require(failure("semantics:\n  withdrawal:\n    gracePeriodDays: 40\n"))
        #expect(range.key == "semantics.withdrawal.gracePeriodDays" && range.line == 3)
        let order = try #require(failure("semantics:\n  mapping:\n    addPrecedence: [3305, 3305, 3302]\n"))
        #expect(order.key == "semantics.mapping.addPrecedence")
    }

    /// Found by FuzzTargets/FuzzProfile (the crashing input below, bytes as the fuzzer wrote them):
    /// its `semantics:` is one plain scalar, and JSONSerialization trapped on a top-level string.
    @Test("semantics that are a scalar, not a mapping of knobs, are an error naming the key, not a trap")
    func scalarSemantics() throws {
        let crash: [UInt8] =
            Array("# Bug hunting: manfiles/fwzz.description: Modelue\nsemantics:\n  tran".utf8)
            + [0x8D, 0x99, 0x9A, 0x8D, 0xB4, 0x9A, 0x86, 0xC8]
            + Array("\n    enabledsurrue\nthresholds:\n  - \"violations == 0\"\n".utf8)
        for yaml in [String(decoding: crash, as: UTF8.self), "semantics: 5\n", "semantics: on\n", "semantics: x\n"] {
            let error = try #require(failure(yaml), "\(yaml)")
            #expect(error.code == .invalidValue && error.key == "semantics", "\(yaml)")
        }
    }

    @Test("YAML syntax errors carry the line")
    func syntaxError() throws {
        let e = try #require(failure("duration: 5s\nload: [unclosed\n"))
        #expect(e.code == .syntax)
        #expect(e.line != nil)
    }

    @Test("burst target shares: relative weights, those left out weigh 0; all zero or an unknown kind is an error")
    func burstTargetShares() throws {
        let p = try parse("race:\n  bursts:\n    targets: {user: 2, account: 1}\n")
        let shares = try #require(p.race?.bursts.targets)
        #expect(shares == .init(account: 1, device: 0, transferAccount: 0, user: 2))
        #expect(try parse("race: {}\n").race?.bursts.targets == .init(), "the default when no targets are given")
        let zero = try #require(failure("race:\n  bursts:\n    targets: {user: 0}\n"))
        #expect(zero.code == .invalidValue && zero.key == "race.bursts.targets" && zero.line == 3, "\(zero)")
        let unknown = try #require(failure("race:\n  bursts:\n    targets: {users: 1}\n"))
        #expect(unknown.key == "race.bursts.targets.users", "\(unknown)")
        let negative = try #require(failure("race:\n  bursts:\n    targets: {device: -1}\n"))
        #expect(negative.key == "race.bursts.targets.device", "\(negative)")
    }

    @Test("bug switches only make sense for the embedded server")
    func bugsNeedEmbedded() throws {
        let e = try #require(failure("target:\n  url: http://127.0.0.1:1\n  bugs: [same-idp-twice]\n"))
        #expect(e.key == "target.bugs")
        let p = try parse("target:\n  bugs: [same-idp-twice]\n")
        #expect(p.target.isEmbedded && p.target.bugs == ["same-idp-twice"])
    }
}

@Suite("Shipped profiles")
struct ShippedProfileTests {
    static let root = #filePath.components(separatedBy: "/Tests/")[0]
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/profiles")) ?? [])
        .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()

    @Test("profiles/ holds the profiles the docs name")
    func listed() {
        #expect(
            Set(["smoke", "fuzz", "load", "race", "race-sessions", "race-contention"]).isSubset(of: Self.names),
            "\(Self.names)"
        )
    }

    @Test("every profile in profiles/ parses", arguments: names)
    func shippedProfileParses(name: String) throws {
        let p = try ProfileParser(environment: [:]).parse(contentsOf: "\(Self.root)/profiles/\(name).yaml")
        #expect(p.name == name)
        #expect(!p.thresholds.isEmpty)
    }
}

@Suite("Profile target: network keys")
struct ProfileNetworkKeyTests {
    let parser = ProfileParser(environment: [:])

    @Test(
        "TLS, proxy and extra headers are read; a protocol header or a line break in a value is refused with its line"
    )
    func networkKeys() throws {
        let p = try parser.parse(
            """
            target:
              url: https://example.test
              caBundle: /tmp/ca.pem
              insecure: true
              clientCert: /tmp/c.pem
              clientKey: /tmp/c.key
              proxy: http://127.0.0.1:3128
              headers: {X-Api-Key: k1, X-Tenant: t}
            """,
            file: "p.yaml"
        )
        let n = p.target.network
        #expect(n.caBundle == "/tmp/ca.pem" && n.insecure && n.clientCertificate == "/tmp/c.pem")
        #expect(n.clientKey == "/tmp/c.key" && n.proxy == "http://127.0.0.1:3128")
        #expect(n.headers["X-Api-Key"] == "k1" && n.headers["X-Tenant"] == "t")
        for bad in ["headers: {Authorization: x}", "headers: {X-TCGB-Device-Id: d}", "headers: {\"a b\": x}"] {
            #expect(throws: (any Error).self) { try parser.parse("target:\n  \(bad)\n", file: "p.yaml") }
        }
        #expect(throws: (any Error).self) { try parser.parse("target:\n  proxy: not a url\n", file: "p.yaml") }
    }
}
