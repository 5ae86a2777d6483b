import Foundation
import Linearizability
import Model
import Protocol
import Synchronization
import Transport

/// Renders a concurrent reproducer as a bash + curl script: each wave's requests are sent at once
/// (background `curl`s, then `wait`), values the server generates are read from the answers for
/// later requests, and the verdict compares every answer's result code with the recorded
/// non-linearizable run's: the same codes for the same operations in the same waves is the same
/// anomaly (`gbfuzz replay` judges a replay with the checker itself). A race fails only
/// sometimes: "not reproduced" means run it again.
struct RaceCurlScript {
    let configuration: FuzzConfiguration
    let repro: RaceReproFile

    func render() async -> String {
        var config = configuration
        config.semantics = repro.semantics
        let recorder = CurlScript.Recorder()
        let target = GamebaseTarget(
            baseURL: CurlScript.baseMark,
            appId: repro.semantics.appId,
            secretKey: CurlScript.secretMark
        )
        let executor = Executor(client: GamebaseClient(transport: recorder, target: target), semantics: repro.semantics)
        // Every value a request sends, by symbol, as recorded.
        var bindings: [Sym: String] = [:]
        for e in repro.entries { for (s, v) in e.op.values { bindings[s] = v } }
        let referenced = Set(repro.entries.flatMap { $0.op.action.references })
        var lines = header()
        var recordedCodes: [String] = []
        for (w, wave) in repro.schedule.waves.enumerated() {
            lines.append(
                "# wave \(w + 1) of \(repro.schedule.waves.count): \(wave.count) request\(wave.count == 1 ? "" : "s") at once"
            )
            var calls: [String] = []
            for i in wave {
                let e = repro.entries[i]
                var player = Player(configuration: config, index: e.process, salt: CurlScript.saltMark)
                var p = player.make(e.op.action, id: e.op.id, edge: e.op.edge, now: CurlScript.simulatedStart)
                for (s, v) in e.op.values where p.op.values[s] == nil { p.op.values[s] = v }
                _ = await executor.execute(p)
                guard let req = recorder.last.withLock({ $0 }) else { continue }
                var request = CurlScript.requestLines(
                    p,
                    req,
                    bindings,
                    semantics: repro.semantics,
                    call: "send \(e.op.id)"
                )
                let call = request.removeLast()
                lines += request
                calls.append(call + " &")
            }
            lines += calls + ["wait"]
            for i in wave {
                let e = repro.entries[i]
                let recorded = e.answer.map { String($0.code.rawValue) } ?? "none"
                recordedCodes.append(recorded)
                lines.append(
                    "RESP=$(cat \"$TMP/\(e.op.id)\"); CODE=$(field header.resultCode); CODES=\"$CODES ${CODE:-none}\""
                )
                lines.append(
                    "echo \"player \(e.process) #\(e.op.id) \(e.op.action.description.replacingOccurrences(of: "\"", with: "'")): resultCode ${CODE:-none} (recorded \(recorded))\""
                )
                for s in referenced.sorted() where s.op == e.op.id && !s.kind.isChosen {
                    if let path = CurlScript.path(s.kind) { lines.append("\(s)=$(field \(path))") }
                }
            }
            lines.append("")
        }
        let expected = " " + recordedCodes.joined(separator: " ")
        lines += [
            "if [ \"$CODES\" = \"\(expected)\" ]; then",
            "    echo \"VERDICT: REPRODUCED: every answer has the code of the recorded non-linearizable run\"; exit 2",
            "fi",
            "echo \"VERDICT: not reproduced this time (codes$CODES; recorded\(expected)); a race fails only sometimes: run it again\"",
            "exit 0",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    func header() -> [String] {
        let standing = repro.standing.map(\.description) ?? "not replayed"
        return [
            "#!/usr/bin/env bash",
            "# gbfuzz concurrent reproducer: no linearization explains these answers",
            "# \(repro.message.replacingOccurrences(of: "\n", with: " "))",
            "# Standing: \(standing)",
            "# Usage: bash THIS.sh [BASE_URL]   (needs bash, curl, python3)",
            "# Env: GBFUZZ_SECRET_KEY (default gbfuzz-secret-key), GBFUZZ_IDP_SECRET (default gbfuzz-test-idp-secret).",
            "set -u",
            "BASE=\"${1:-http://127.0.0.1:8080}\"",
            "SECRET=\"${GBFUZZ_SECRET_KEY:-gbfuzz-secret-key}\"",
            "IDP_SECRET=\"${GBFUZZ_IDP_SECRET:-gbfuzz-test-idp-secret}\"",
            CurlScript.saltLine,
            "TMP=$(mktemp -d); trap 'rm -rf \"$TMP\"' EXIT",
            "RESP=''; CODE=''; CODES=''",
            #"send() { local id="$1" m="$2" p="$3"; shift 3; curl -sS -X "$m" "$BASE$p" "$@" >"$TMP/$id" 2>/dev/null; }"#,
        ] + CurlScript.helpers + CurlScript.clockLines(semantics: repro.semantics, capabilities: repro.capabilities) + [
            ""
        ]
    }
}
