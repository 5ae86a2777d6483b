import Basics
import Config
import Engine
import Foundation
import Fuzz
import Protocol
import Transport

/// Turns profile YAML into a ``Profile``. Every error names the file, the line and the key.
package struct ProfileParser: Sendable {
    /// Operation kind names a `mix:` may use; empty accepts any name.
    package var knownOperations: Set<String>
    package var environment: [String: String]

    package init(knownOperations: Set<String> = [], environment: [String: String] = ProcessInfo.processInfo.environment)
    {
        self.knownOperations = knownOperations
        self.environment = environment
    }

    /// Reads and parses the file at `path`.
    package func parse(contentsOf path: String) throws(ConfigError) -> Profile {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(.unreadable, file: path, "cannot read the profile: \(error.localizedDescription)")
        }
        return try parse(text, file: path)
    }

    /// Parses `text`; `file` is used in messages and for the default name.
    package func parse(_ text: String, file: String) throws(ConfigError) -> Profile {
        guard let root = try YAMLWalker.root(yaml: text, file: file, environment: environment) else {
            throw ConfigError(.syntax, file: file, "the profile is empty")
        }
        do {
            return try build(root, file: file)
        } catch let e as ConfigError {
            throw e
        } catch {
            throw ConfigError(.invalidValue, file: file, "\(error)")
        }
    }

    private func build(_ root: YAMLWalker, file: String) throws -> Profile {
        let top = try root.mapping(allowed: [
            "name", "description", "target", "seed", "duration", "maxOperations", "load", "mix", "fuzz",
            "semantics", "thresholds", "outputs", "race", "faults",
        ])
        let baseName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var p = Profile(name: try top["name"]?.string() ?? baseName, source: file)
        p.description = try top["description"]?.string()
        if let t = top["target"] { p.target = try target(t) }
        if let s = top["seed"] {
            let text = try s.string()
            guard let v = UInt64(text) else {
                throw s.error(.invalidValue, "must be a non-negative integer (got \"\(text)\")")
            }
            p.seed = v
        }
        if let d = top["duration"] { p.duration = try d.duration(allowZero: false) }
        if let m = top["maxOperations"] { p.maxOperations = try m.int(min: 1) }
        if let l = top["load"] { p.load = try load(l) }
        if let m = top["mix"] { p.mix = try mix(m) }
        if let f = top["fuzz"] { p.fuzz = try fuzz(f) }
        if let s = top["semantics"] { p.semantics = try KnobReader.read(s) }
        if let t = top["thresholds"] {
            p.thresholds = try t.sequence().map { ThresholdSpec(expression: try $0.string(), line: $0.line) }
        }
        if let o = top["outputs"] { p.outputs = try outputs(o) }
        if let r = top["race"] { p.race = try race(r) }
        if let f = top["faults"] {
            p.faults = try f.sequence().map { w in
                let text = try w.string()
                do throws(FaultSpecError) {
                    return try FaultSpec(parsing: text, duration: DurationText.parse)
                } catch {
                    throw w.error(.invalidValue, error.message)
                }
            }
            do {
                try FaultSpec.validate(p.faults)
            } catch {
                throw f.error(.invalidValue, error.message)
            }
        }
        return p
    }

    private func target(_ w: YAMLWalker) throws -> TargetSpec {
        var spec = TargetSpec()
        if w.isScalar {
            let text = try w.string()
            if text == "embedded" { return spec }
            spec.url = try Self.url(text, w)
            return spec
        }
        let m = try w.mapping(allowed: [
            "url", "appId", "secretKey", "idpSecret", "idpTokenMode", "timeout", "bugs", "http2", "caBundle",
            "insecure", "clientCert", "clientKey", "proxy", "headers",
        ])
        if let u = m["url"] {
            let text = try u.string()
            spec.url = text == "embedded" ? nil : try Self.url(text, u)
        }
        if let a = m["appId"] { spec.appId = try a.string() }
        if let s = m["secretKey"] { spec.secretKey = try s.string() }
        if let s = m["idpSecret"] { spec.idpSecret = try s.string() }
        if let t = m["idpTokenMode"] {
            spec.idpTokenMode = IdPTokenMode(rawValue: try t.oneOf(IdPTokenMode.allCases.map(\.rawValue)))
        }
        if let t = m["timeout"] { spec.timeout = try t.duration(allowZero: false) }
        if let b = m["bugs"] { spec.bugs = try b.sequence().map { try $0.string() } }
        if let h = m["http2"] { spec.http2 = try h.bool() }
        if let v = m["caBundle"] { spec.network.caBundle = try v.string() }
        if let v = m["insecure"] { spec.network.insecure = try v.bool() }
        if let v = m["clientCert"] { spec.network.clientCertificate = try v.string() }
        if let v = m["clientKey"] { spec.network.clientKey = try v.string() }
        if let v = m["proxy"] { spec.network.proxy = try Self.url(try v.string(), v) }
        if let v = m["headers"] {
            for (name, value) in try v.freeMapping() {
                let text = try value.string()
                guard NetworkOptions.isHeaderName(name), NetworkOptions.isHeaderValue(text) else {
                    throw value.error(.invalidValue, "'\(name)' is not a header name, or its value holds a line break")
                }
                if NetworkOptions.isProtocolHeader(name) {
                    throw value.error(.invalidValue, "'\(name)': the protocol sends that header itself")
                }
                spec.network.headers.add(name, text)
            }
        }
        if spec.url != nil && !spec.bugs.isEmpty, let b = m["bugs"] {
            throw b.error(.invalidValue, "bug switches apply only to the embedded server (remove target.url)")
        }
        return spec
    }

    static func url(_ text: String, _ w: YAMLWalker) throws -> String {
        guard let u = URL(string: text), let scheme = u.scheme, ["http", "https"].contains(scheme), u.host != nil else {
            throw w.error(
                .invalidValue,
                "must be \"embedded\" or an http(s) URL such as http://127.0.0.1:8080 (got \"\(text)\")"
            )
        }
        return text
    }

    private func load(_ w: YAMLWalker) throws -> LoadSpec {
        let m = try w.mapping(allowed: [
            "model", "players", "rate", "arrival", "maxPlayers", "maxInFlight", "sessionOperations", "thinkTime",
            "stages", "gracefulStop", "lateTolerance",
        ])
        var l = LoadSpec()
        if let v = m["model"] {
            l.model = LoadSpec.Model(rawValue: try v.oneOf(LoadSpec.Model.allCases.map(\.rawValue)))!
        }
        if let v = m["players"] { l.players = try v.int(min: 1, max: 1_000_000) }
        if let v = m["rate"] { l.rate = try v.double(min: 0.001, max: 10_000_000) }
        if let v = m["arrival"] {
            l.arrival = LoadSpec.Arrival(rawValue: try v.oneOf(LoadSpec.Arrival.allCases.map(\.rawValue)))!
        }
        if let v = m["maxPlayers"] { l.maxPlayers = try v.int(min: 1, max: 10_000_000) }
        if let v = m["maxInFlight"] { l.maxInFlight = try v.int(min: 1, max: 1_000_000) }
        if let v = m["sessionOperations"] { l.sessionOperations = try v.int(min: 1) }
        if let v = m["thinkTime"] { l.thinkTime = try thinkTime(v) }
        if let v = m["stages"] {
            l.stages = try v.sequence().map { s in
                let sm = try s.mapping(allowed: ["duration", "target"])
                guard let d = sm["duration"] else { throw s.error(.missingKey, "a stage needs duration") }
                guard let t = sm["target"] else { throw s.error(.missingKey, "a stage needs target") }
                return Stage(duration: try d.duration(allowZero: false), target: try t.double(min: 0))
            }
        }
        if let v = m["gracefulStop"] { l.gracefulStop = try v.duration() }
        if let v = m["lateTolerance"] { l.lateTolerance = try v.duration() }
        if l.model == .open, l.maxInFlight > l.maxPlayers, let v = m["maxInFlight"] {
            throw v.error(
                .invalidValue,
                "cannot exceed maxPlayers (\(l.maxPlayers)): a player has one request in flight"
            )
        }
        return l
    }

    private func thinkTime(_ w: YAMLWalker) throws -> ClosedRange<Duration> {
        if w.isScalar {
            let d = try w.duration()
            return d...d
        }
        let m = try w.mapping(allowed: ["min", "max"])
        let lo = try m["min"]?.duration() ?? .zero
        let hi = try m["max"]?.duration() ?? lo
        guard lo <= hi else { throw w.error(.invalidValue, "min must not exceed max") }
        return lo...hi
    }

    private func mix(_ w: YAMLWalker) throws -> [String: Double] {
        var out: [String: Double] = [:]
        for (key, value) in try w.freeMapping() {
            if !knownOperations.isEmpty, !knownOperations.contains(key) {
                let hint =
                    YAMLWalker.suggestion(for: key, in: knownOperations).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw value.error(
                    .unknownKey,
                    "unknown operation\(hint); known: \(knownOperations.sorted().joined(separator: ", "))"
                )
            }
            out[key] = try value.double(min: 0)
        }
        guard out.values.contains(where: { $0 > 0 }) else {
            throw w.error(.invalidValue, "at least one weight must be positive")
        }
        return out
    }

    private func fuzz(_ w: YAMLWalker) throws -> FuzzSpec {
        let m = try w.mapping(allowed: [
            "adversarial", "devicesPerPlayer", "accountsPerIdP", "idps", "shrink", "shrinkBudget", "maxShrinks",
            "audit", "serverAPI", "clockMoves", "failFast", "clockAdvanceWait", "auditBudget", "auditConcurrency",
            "confirmations",
        ])
        var f = FuzzSpec()
        if let v = m["adversarial"] { f.adversarial = try v.double(min: 0, max: 1) }
        if let v = m["devicesPerPlayer"] { f.devicesPerPlayer = try v.int(min: 1, max: 64) }
        if let v = m["accountsPerIdP"] { f.accountsPerIdP = try v.int(min: 1, max: 64) }
        if let v = m["idps"] {
            f.idps = try v.sequence().map { s in
                let code = IdPCode(try s.string())
                guard code != .guest else { throw s.error(.invalidValue, "guest is always used; list only other IdPs") }
                return code
            }
        }
        if let v = m["shrink"] { f.shrink = try v.bool() }
        if let v = m["shrinkBudget"] { f.shrinkBudget = try v.duration() }
        if let v = m["maxShrinks"] { f.maxShrinks = try v.int(min: 0) }
        if let v = m["audit"] { f.audit = try v.bool() }
        if let v = m["serverAPI"] { f.serverAPI = try v.bool() }
        if let v = m["clockMoves"] { f.clockMoves = try v.bool() }
        if let v = m["failFast"] { f.failFast = try v.bool() }
        if let v = m["clockAdvanceWait"] { f.clockAdvanceWait = try v.duration() }
        if let v = m["auditBudget"] { f.auditBudget = try v.duration(allowZero: false) }
        if let v = m["auditConcurrency"] { f.auditConcurrency = try v.int(min: 1, max: 1_024) }
        if let v = m["confirmations"] { f.confirmations = try v.int(min: 0, max: 100) }
        return f
    }

    private func race(_ w: YAMLWalker) throws -> RaceSpec {
        var r = RaceSpec()
        if w.isNull { return r }
        let m = try w.mapping(allowed: [
            "devices", "accounts", "bursts", "probes", "checkBudget", "historyLimit", "inFlightPerIdentity",
        ]
        )
        if let v = m["devices"] { r.devices = try v.int(min: 1, max: 1_000_000) }
        if let v = m["accounts"] { r.accounts = try v.int(min: 1, max: 1_000_000) }
        if let b = m["bursts"] {
            let bm = try b.mapping(allowed: ["size", "share", "wait", "targets"])
            if let v = bm["size"] { r.bursts.size = try v.int(min: 1, max: 1_024) }
            if let v = bm["share"] { r.bursts.share = try v.double(min: 0, max: 1) }
            if let v = bm["wait"] { r.bursts.wait = try v.duration(allowZero: false) }
            if let t = bm["targets"] { r.bursts.targets = try targetShares(t) }
        }
        if let v = m["probes"] { r.probes = try v.duration() }
        if let v = m["checkBudget"] { r.checkBudget = try v.duration(allowZero: false) }
        if let v = m["historyLimit"] { r.historyLimit = try v.int(min: 1, max: 100_000_000) }
        if let v = m["inFlightPerIdentity"] { r.inFlightPerIdentity = try v.int(min: 0, max: 1_024) }
        return r
    }

    /// `race.bursts.targets`: relative weights of the target kinds; those left out weigh 0.
    private func targetShares(_ w: YAMLWalker) throws -> BurstTargets.Shares {
        let m = try w.mapping(allowed: ["account", "device", "transferAccount", "user"])
        func share(_ key: String) throws -> Double { try m[key]?.double(min: 0, max: 1_000) ?? 0 }
        let shares = BurstTargets.Shares(
            account: try share("account"),
            device: try share("device"),
            transferAccount: try share("transferAccount"),
            user: try share("user")
        )
        guard shares.total > 0 else {
            throw w.error(.invalidValue, "needs at least one target kind with a weight above 0")
        }
        return shares
    }

    private func outputs(_ w: YAMLWalker) throws -> OutputSpec {
        let m = try w.mapping(allowed: ["dir", "progress", "hlog", "html", "junit"])
        var o = OutputSpec()
        if let v = m["dir"] { o.directory = try v.string() }
        if let v = m["progress"] {
            o.progress = OutputSpec.Progress(rawValue: try v.oneOf(OutputSpec.Progress.allCases.map(\.rawValue)))!
        }
        if let v = m["hlog"] { o.hlog = try v.bool() }
        if let v = m["html"] { o.html = try v.bool() }
        if let v = m["junit"] { o.junit = try v.bool() }
        return o
    }
}
