import Foundation
import Model
import Protocol
import Synchronization
import Transport

/// Renders a reproducer as a bash + curl script. It makes the exact requests with fresh identities
/// (a random salt at start), threads server-issued values with `python3` (also used to mint IdP
/// tokens), reads the secret key from `GBFUZZ_SECRET_KEY` (default `gbfuzz-secret-key`) and the
/// test IdP secret from `GBFUZZ_IDP_SECRET`, takes the base URL as `$1`, and ends with a verdict.
struct CurlScript {
    let configuration: FuzzConfiguration
    let repro: ReproFile
    let salt: String

    static let saltMark = "SALTXQZ", baseMark = "http://BASEXQZ", secretMark = "SECRETXQZ"
    /// A fresh salt per run of the script, exactly as long as ``saltMark`` ("r" and six random hex
    /// digits), so that every identity keeps the length it had in the run: a player's second
    /// device id is exactly 128 characters, the longest allowed (``Identities/device(_:)``).
    static let saltLine = #"SALT="r$(od -An -N4 -tx4 /dev/urandom | tr -d ' \n' | cut -c1-6)""#
    /// The simulated server time the script is rendered at; absolute dates (a ban's end) become
    /// offsets from it, added at run time to the target's own time.
    static let simulatedStart: Int64 = 1_800_000_000_000

    /// Records requests instead of sending them.
    final class Recorder: HTTPTransport {
        let last = Mutex<HTTPRequest?>(nil)
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            last.withLock { $0 = request }
            let body = #"{"header":{"transactionId":"x","isSuccessful":true,"resultCode":0,"resultMessage":"SUCCESS"}}"#
            return HTTPResponse(
                status: 200,
                headers: [HTTPHeader(GamebaseHeader.transactionId, "x")],
                body: Array(body.utf8)
            )
        }
    }

    func render() async -> String {
        var config = configuration
        // Rendered without maintenance: the script runs at the target's own time, which the run's
        // schedule says nothing about, and must make every request the run made (a simulated login
        // under maintenance would answer 3701 and drop the steps after it).
        var semantics = repro.semantics
        semantics.maintenance = MaintenanceSemantics()
        config.semantics = semantics
        config.episodeLength = .max
        let sim = SimulatedTarget(semantics: semantics, now: Self.simulatedStart)
        let clock = ClockTracker(frozenAt: sim.now)
        var player = Player(configuration: config, index: 0, salt: Self.saltMark)
        let recorder = Recorder()
        let target = GamebaseTarget(baseURL: Self.baseMark, appId: repro.semantics.appId, secretKey: Self.secretMark)
        let executor = Executor(client: GamebaseClient(transport: recorder, target: target), semantics: repro.semantics)
        var planned: [PlannedOperation] = []
        for step in repro.steps where player.canSend(step.action) {
            let p = player.make(step.action, id: step.id, edge: step.edge, now: clock.now())
            planned.append(p)
            _ = await player.execute(p, with: sim, clock: clock)
        }
        let bindings = player.belief.primary.bindings
        var lines = header()
        for (i, p) in planned.enumerated() {
            _ = await executor.execute(p)
            guard let req = recorder.last.withLock({ $0 }) else { continue }
            lines += stepLines(p, req, bindings, position: i + 1, of: planned.count)
        }
        lines += verdict(last: planned.last, final: player.belief.primary)
        return lines.joined(separator: "\n") + "\n"
    }

    func header() -> [String] {
        [
            "#!/usr/bin/env bash",
            "# gbfuzz reproducer: rule \(repro.rule) on \(repro.steps.last!.kind.rawValue)",
            "# \(repro.message.replacingOccurrences(of: "\n", with: " "))",
            "# Standing: \(repro.standing.map { "\($0)" } ?? "unknown") (\(repro.steps.count) steps, \(repro.originalLength) before shrinking)",
            "# Usage: \(repro.steps.count > 0 ? "bash" : "") THIS.sh [BASE_URL]   (needs bash, curl, python3)",
            "# Env: GBFUZZ_SECRET_KEY (default gbfuzz-secret-key), GBFUZZ_IDP_SECRET (default gbfuzz-test-idp-secret).",
            "set -u",
            "BASE=\"${1:-http://127.0.0.1:8080}\"",
            "SECRET=\"${GBFUZZ_SECRET_KEY:-gbfuzz-secret-key}\"",
            "IDP_SECRET=\"${GBFUZZ_IDP_SECRET:-gbfuzz-test-idp-secret}\"",
            Self.saltLine,
            "RESP=''; CODE=''",
        ] + Self.helpers + Self.clockLines(semantics: repro.semantics, capabilities: repro.capabilities)
            + maintenanceLines() + [""]
    }

    /// The run's maintenance schedule says nothing about the target's time now: with test control
    /// the script switches maintenance off (docs/PROTOCOL.md §4), as it was rendered, and compares
    /// logins without 3701 (``allowedCodes(_:)``).
    func maintenanceLines() -> [String] {
        guard repro.semantics.maintenance.periodSeconds != nil else { return [] }
        guard repro.capabilities.testControl else {
            return [
                "echo \"note: the run had a maintenance schedule; a login may answer 3701 at the target's time\""
            ]
        }
        let path = Endpoint.testMaintenance(repro.semantics.appId)
        return [
            "call PUT \"\(path)\" -H \"X-Secret-Key: ${SECRET}\" -H 'Content-Type: application/json' -d '{\"periodSeconds\":null}'",
            #"if [ "$CODE" != "0" ]; then echo "note: cannot switch maintenance off (resultCode $CODE): a login may answer 3701"; fi"#,
        ]
    }

    /// The server time everything is relative to: with test control the clock is frozen first
    /// (as `gbfuzz replay` does), so the steps' times, deadlines and advances mean what they meant.
    /// The shell functions every reproducer script uses: reading answer fields, minting and forging
    /// IdP tokens, generating chosen values, sending requests, ISO dates.
    static let helpers: [String] = [
        #"field() { RESP="$RESP" python3 -c 'import json,os,sys"#,
        #"v=json.loads(os.environ["RESP"] or "{}")"#,
        #"for k in sys.argv[1].split("."):"#,
        #"    v = v.get(k) if isinstance(v, dict) else None"#,
        #"print("" if v is None else (json.dumps(v) if isinstance(v, (dict, list)) else v))' "$1"; }"#,
        #"mint() { python3 -c 'import sys,hmac,hashlib,base64"#,
        #"b = lambda x: base64.urlsafe_b64encode(x).rstrip(b"=").decode()"#,
        #"p = b(("%s:%s:%s" % (sys.argv[2], sys.argv[3], sys.argv[4])).encode())"#,
        #"print(p + "." + b(hmac.new(sys.argv[1].encode(), p.encode(), hashlib.sha256).digest()))' "$IDP_SECRET" "$1" "$2" "$3"; }"#,
        #"forge() { local s="$IDP_SECRET"; IDP_SECRET="forged:$s"; mint "$@"; IDP_SECRET="$s"; }"#,
        #"gen() { python3 -c 'import random,sys; print(sys.argv[1] + "".join(random.choice(sys.argv[2]) for _ in range(17)))' "$1" "$2"; }"#,
        #"call() { local m="$1" p="$2"; shift 2; RESP=$(curl -sS -X "$m" "$BASE$p" "$@"); CODE=$(field header.resultCode); }"#,
        #"allowed() { case "|$2|" in *"|$1|"*) return 0;; *) return 1;; esac; }"#,
        // `iso MS [FORM [q]]`: the date in UTC, or in an edge's form (EdgeValue.DateForm), percent-encoded with `q`.
        #"iso() { python3 -c 'import sys,datetime,urllib.parse"#,
        #"w = lambda ms: datetime.datetime.fromtimestamp(ms // 1000, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + "%03d" % (ms % 1000)"#,
        #"ms = int(sys.argv[1]); u = w(ms); a = w(ms + 32400000)"#,
        #"forms = {"offset": a + "+09:00", "lowercase": u.replace("T", "t", 1) + "z", "space": u.replace("T", " ", 1) + "Z", "longFraction": u + "9999Z", "noOffset": u, "compactOffset": a + "+0900"}"#,
        #"s = forms.get(sys.argv[2] if len(sys.argv) > 2 else "", u + "Z")"#,
        #"print(urllib.parse.quote(s, safe="") if sys.argv[3:] == ["q"] else s)' "$@"; }"#,
    ]

    static func clockLines(semantics: Semantics, capabilities: TargetCapabilities) -> [String] {
        guard capabilities.testControl else {
            return [#"NOW0=$(python3 -c 'import time; print(int(time.time() * 1000))')"#]
        }
        let path = Endpoint.testClockFreeze(semantics.appId)
        return [
            "call POST \"\(path)\" -H \"X-Secret-Key: ${SECRET}\" -H 'Content-Type: application/json' -d '{\"frozen\":true}'",
            "NOW0=$(field clock.now)",
            #"if [ -z "$NOW0" ]; then echo "cannot freeze the server clock (resultCode $CODE): $RESP"; exit 1; fi"#,
        ]
    }

    /// The codes the model allowed at step `id` when the reproducer was verified, if recorded.
    /// Without 3701 when the run had a maintenance schedule (the script runs without maintenance,
    /// ``maintenanceLines()``); `nil` when nothing is left to compare.
    func allowedCodes(_ id: Int) -> [Int]? {
        guard var codes = repro.steps.first(where: { $0.id == id })?.expectedCodes else { return nil }
        if repro.semantics.maintenance.periodSeconds != nil {
            codes.removeAll { $0 == ResultCode.notPlayable.rawValue }
        }
        return codes.isEmpty ? nil : codes
    }

    func stepLines(
        _ p: PlannedOperation,
        _ req: HTTPRequest,
        _ bindings: [Sym: String],
        position: Int,
        of count: Int
    ) -> [String] {
        let label = "step \(position) of \(count)"
        var out = ["# \(label) (#\(p.op.id)): \(p.op.action.description)"]
        out += Self.requestLines(p, req, bindings, semantics: repro.semantics)
        // Values this step produced.
        for (s, _) in bindings.sorted(by: { $0.key < $1.key }) where s.op == p.op.id && !s.kind.isChosen {
            if let path = Self.path(s.kind) { out.append("\(s)=$(field \(path))") }
        }
        let allowed = allowedCodes(p.op.id)
        let expected = allowed.map { $0.map(String.init).joined(separator: "|") } ?? "not recorded"
        out.append("echo \"\(label) \(p.kind.rawValue): resultCode $CODE (model allows \(expected))\"")
        // An earlier step answered outside what the model allowed when the reproducer was verified:
        // the replay took another path (as `gbfuzz replay` would find), so the last step says nothing.
        if position < count, let allowed {
            let codes = allowed.map(String.init).joined(separator: "|")
            out.append(
                "if ! allowed \"$CODE\" \"\(codes)\"; then echo \"VERDICT: not reproduced (diverged at \(label): resultCode $CODE, the model allowed \(codes))\"; exit 0; fi"
            )
        }
        out.append("")
        return out
    }

    /// The lines that send `p`'s request `req`: values it refers to from variables (server-issued)
    /// or generated now (chosen), IdP tokens minted, absolute dates relative to the target's time.
    static func requestLines(
        _ p: PlannedOperation,
        _ req: HTTPRequest,
        _ bindings: [Sym: String],
        semantics: Semantics,
        call: String = "call"
    ) -> [String] {
        var out: [String] = []
        // Values this step sends: server-issued ones from variables, chosen ones generated now.
        var subst: [(String, String)] = []
        for (s, v) in p.op.values where !v.isEmpty {
            let sym =
                s.op == 0
                ? (bindings.first { $0.value == v && $0.key.kind.valueClass == s.kind.valueClass }?.key ?? s) : s
            // Generated where first used (`:=` keeps an earlier value): after the shrinker redirects
            // a reference, a chosen symbol may carry another step's number.
            if sym.kind.isChosen, sym.op != 0 {
                let isId = sym.kind == .chosenId
                let f = isId ? semantics.transferAccount.idFormat : semantics.transferAccount.passwordFormat
                out.append(
                    ": \"${\(sym):=$(gen '\(Self.classPrefix(f))' '\(String(f == .disabled ? CredentialFormat.digitsLowerUpper.alphabet : f.alphabet))')}\""
                )
            }
            subst.append((v, "${\(sym.description)}"))
        }
        let c = Concrete(p, semantics: semantics)
        let form: String =
            if case .dateForm(let f)? = p.op.edge, p.op.action.hasDateField { " \(f.rawValue)" } else { "" }
        if let end = p.op.banEnd {
            // An absolute date: as far from the target's time as it was from the run's, in the form sent.
            out.append("BANEND\(p.op.id)=$(iso $((NOW0 + \(end - Self.simulatedStart)))\(form))")
            subst.append((c.date(end), "${BANEND\(p.op.id)}"))
        }
        if let span = p.op.historySpan {
            // E15's window, likewise; in the query string, where the run sent it percent-encoded.
            for (name, ms) in [("BEGIN", span.begin), ("END", span.end)] {
                out.append(
                    "\(name)\(p.op.id)=$(iso $((NOW0 + \(ms - Self.simulatedStart)))\(form.isEmpty ? " utc" : form) q)"
                )
                subst.append((Endpoint.percentEncoded(c.date(ms)), "${\(name)\(p.op.id)}"))
            }
        }
        if let tok = p.op.idPToken, let c = p.op.action.credential, let a = c.account {
            let acct = "\"${SALT}\(p.identities.idPId(a).dropFirst(Self.saltMark.count))\""
            let fn = c.form == .forged ? "forge" : "mint"
            if semantics.idp.tokenMode == .plain {
                out.append("IDP\(p.op.id)=\(acct)")
            } else if c.form == .malformed {
                out.append("IDP\(p.op.id)='\(tok)'")
            } else {
                out.append("IDP\(p.op.id)=$(\(fn) \(a.idPCode.rawValue) \(acct) \(p.op.id))")
            }
            subst.append((tok, "${IDP\(p.op.id)}"))
        }
        func fill(_ s: String) -> String {
            var s = s
            for (v, ph) in subst.sorted(by: { $0.0.count > $1.0.count }) { s = s.replacingOccurrences(of: v, with: ph) }
            return s.replacingOccurrences(of: Self.saltMark, with: "${SALT}").replacingOccurrences(
                of: Self.secretMark,
                with: "${SECRET}"
            )
        }
        let path = fill(String(req.url.dropFirst(Self.baseMark.count)))
        var args = ["\(call) \(req.method.rawValue) \"\(path)\""]
        for h in req.headers where h.name != GamebaseHeader.transactionId {
            args.append("-H \"\(h.name): \(fill(h.value))\"")
        }
        // An edge transaction id goes out as the step sent it (its characters need no escaping).
        let tid = p.op.edge?.transactionId(op: p.op.id) ?? "repro-\(p.op.id)"
        args.append("-H \"\(GamebaseHeader.transactionId): \(tid)\"")
        if let body = req.body {
            let text = fill(String(decoding: body, as: UTF8.self)).replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"")
            args.append("-d \"\(text)\"")
        }
        out.append(args.joined(separator: " \\\n    "))
        return out
    }

    static func path(_ k: Sym.Kind) -> String? {
        switch k {
        case .user: "member.userId"
        case .token: "token.accessToken"
        case .ticket: "forcingMappingTicket.forcingMappingKey"
        case .transferId: "transferAccount.account.id"
        case .transferPassword: "transferAccount.account.password"
        case .transferKey: "transferKey.transferKey"
        default: nil
        }
    }

    /// The account named in a field such as `result[google#1]`.
    static func account(in field: String) -> AccountRef? {
        guard let open = field.firstIndex(of: "["), let hash = field.firstIndex(of: "#"),
            let close = field.firstIndex(of: "]"), let i = Int(field[field.index(after: hash)..<close])
        else { return nil }
        return AccountRef(IdPCode(String(field[field.index(after: open)..<hash])), i)
    }

    /// One character of each class the format has, so generated values are valid for it.
    static func classPrefix(_ f: CredentialFormat) -> String {
        switch f {
        case .digits: "123"
        case .digitsLower: "1a2"
        case .digitsUpper: "1A2"
        case .digitsLowerUpper, .disabled: "1aA"
        case .lowerUpper: "aAb"
        }
    }
}
