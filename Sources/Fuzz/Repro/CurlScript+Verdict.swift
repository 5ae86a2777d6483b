import Foundation
import Model
import Protocol

// The script's last lines: the same test as the oracle's on the last answer, where a shell can
// make it, and otherwise what to compare by hand.
extension CurlScript {
    /// `last` is the last step as the script's simulated run planned it, `final` that run's state
    /// after it (E15 pages are judged with it, ``historyVerdict(_:last:final:)``).
    func verdict(last: PlannedOperation? = nil, final: ModelState = ModelState()) -> [String] {
        var out = ["echo \"--- response of the last step:\"", "echo \"$RESP\""]
        let rule = repro.rule.rawValue
        if repro.rule == .L14 || (repro.semantics.maintenance.periodSeconds != nil && repro.expected.contains("3701")) {
            // Where the target's time is in the run's schedule is not the script's to choose.
            out.append(
                "echo \"VERDICT: UNCHECKED \(rule): a finding about the run's maintenance schedule; gbfuzz replay judges it at the target's time\"; exit 0"
            )
            return out
        }
        if repro.field == "resultCode", let last = repro.steps.last, let allowed = allowedCodes(last.id) {
            // The same test as the oracle's: a code outside what the model allows.
            let codes = allowed.map(String.init).joined(separator: "|")
            out.append(
                "if ! allowed \"$CODE\" \"\(codes)\"; then echo \"VERDICT: REPRODUCED \(rule): resultCode $CODE, the model allows \(codes)\"; exit 2; fi"
            )
            out.append("echo \"VERDICT: not reproduced (resultCode $CODE, which the model allows)\"; exit 0")
        } else if repro.field == "resultCode", let exp = Int(repro.expected.prefix { $0 == "-" || $0.isNumber }) {
            out.append(
                "if [ \"$CODE\" != \"\(exp)\" ]; then echo \"VERDICT: REPRODUCED \(rule): resultCode $CODE, the model expects \(exp) (expectations not recorded: never replayed)\"; exit 2; fi"
            )
            out.append("echo \"VERDICT: not reproduced (resultCode \(exp) as the model expects)\"; exit 0")
        } else if repro.field.hasSuffix("authList") {
            let want = Self.scriptAuthList(repro.expected, runSalt: salt)
            out.append(
                #"GOT=$(RESP="$RESP" python3 -c 'import json,os; m=json.loads(os.environ["RESP"]).get("member") or {}; print("[" + ", ".join(sorted("%s:%s" % (a["idPCode"], a["authKey"]) for a in m.get("authList", []))) + "]")')"#
            )
            out.append(
                "if [ \"$GOT\" != \"\(want)\" ]; then echo \"VERDICT: REPRODUCED \(rule): authList $GOT, the model expects \(want)\"; exit 2; fi"
            )
            out.append("echo \"VERDICT: not reproduced (authList as the model expects)\"; exit 0")
        } else if repro.field.hasSuffix("userId"), repro.expected.hasPrefix("a new user") {
            out.append("NEW=$(field member.userId)")
            out.append(
                "for v in $(compgen -v | grep -E '^U[0-9]+$'); do if [ \"${!v}\" = \"$NEW\" ] && [ \"$v\" != \"U\(repro.steps.last!.id)\" ]; then echo \"VERDICT: REPRODUCED \(rule): the login returned the existing user $NEW ($v), the model expects a new user\"; exit 2; fi; done"
            )
            out.append("echo \"VERDICT: not reproduced (a new user, as the model expects)\"; exit 0")
        } else if repro.field.hasPrefix("result["), let acct = Self.account(in: repro.field) {
            let key = Self.scriptIdPId(acct)
            out.append(
                #"GOT=$(RESP="$RESP" python3 -c 'import json,os,sys; print((json.loads(os.environ["RESP"]).get("result") or {}).get(sys.argv[1], ""))' ""#
                    + key + "\")"
            )
            if repro.expected.hasPrefix("omitted") {
                out.append(
                    "if [ -n \"$GOT\" ]; then echo \"VERDICT: REPRODUCED \(rule): \(acct) resolves to $GOT, the model expects it unmapped\"; exit 2; fi"
                )
            } else if let sym = Sym(String(repro.expected.prefix { !$0.isWhitespace })) {
                out.append(
                    "if [ \"$GOT\" != \"${\(sym)}\" ]; then echo \"VERDICT: REPRODUCED \(rule): \(acct) resolves to '$GOT', the model expects \(sym)\"; exit 2; fi"
                )
            }
            out.append("echo \"VERDICT: not reproduced (\(acct) resolves as the model expects)\"; exit 0")
        } else if ["member.valid", "lastLoggedInProvider"].contains(repro.field), !repro.expected.contains(" ") {
            out.append("GOT=$(field \(repro.field))")
            out.append(
                "if [ \"$GOT\" != \"\(repro.expected)\" ]; then echo \"VERDICT: REPRODUCED \(rule): \(repro.field) $GOT, the model expects \(repro.expected)\"; exit 2; fi"
            )
            out.append("echo \"VERDICT: not reproduced (\(repro.field) as the model expects)\"; exit 0")
        } else if let page = historyVerdict(rule, last: last, final: final) {
            out += page
        } else if let presence = presenceVerdict(rule) {
            out += presence
        } else if repro.field.hasSuffix("paymentStatus"), let want = Self.payment(in: repro.expected) {
            out.append(
                #"GOT=$(RESP="$RESP" python3 -c 'import json,os,sys; v=json.loads(os.environ["RESP"])"#
                    + #"; [v := (v.get(k) if isinstance(v, dict) else None) for k in sys.argv[1].split(".")]"#
                    + #"; print("" if not isinstance(v, dict) else "%s %s" % (float(v.get("amount", "nan")), v.get("count")))' ""#
                    + repro.field + "\")"
            )
            out.append(
                "if [ \"$GOT\" != \"\(want)\" ]; then echo \"VERDICT: REPRODUCED \(rule): \(repro.field) (amount count) '$GOT', the model expects \(want)\"; exit 2; fi"
            )
            out.append("echo \"VERDICT: not reproduced (\(repro.field) as the model expects)\"; exit 0")
        } else {
            out.append(
                "echo \"VERDICT: UNCHECKED \(rule): compare \(repro.field) above with the model's expectation: \(repro.expected.replacingOccurrences(of: "\"", with: "'"))\"; exit 0"
            )
        }
        return out
    }

    /// An account's idPId as the script spells it: with the script's own salt, which has the
    /// placeholder's length, so a padded device id is padded as the script's player pads it.
    static func scriptIdPId(_ a: AccountRef) -> String {
        Identities(salt: saltMark).idPId(a).replacingOccurrences(of: saltMark, with: "${SALT}")
    }

    /// An expected `authList` (`[code:idPId, …]` with the run's salt) in the script's identities:
    /// each idPId that names one of the run's accounts is spelt again (``scriptIdPId(_:)``); the
    /// list sorted as the script's `GOT` is.
    static func scriptAuthList(_ expected: String, runSalt salt: String) -> String {
        let run = Identities(salt: salt)
        let inner =
            expected.hasPrefix("[") && expected.hasSuffix("]") ? expected.dropFirst().dropLast() : Substring(expected)
        guard !inner.isEmpty else { return expected }
        let entries = inner.components(separatedBy: ", ").map { entry -> String in
            guard let colon = entry.firstIndex(of: ":") else { return entry }
            let code = IdPCode(String(entry[..<colon]))
            guard let a = run.account(idPCode: code, idPId: String(entry[entry.index(after: colon)...])) else {
                return entry.replacingOccurrences(of: salt, with: "${SALT}")
            }
            return "\(code.rawValue):\(Self.scriptIdPId(a))"
        }
        return "[" + entries.sorted().joined(separator: ", ") + "]"
    }

    /// A field the model expects present (`present`) or absent (`absent`, `absent (…)`): the same
    /// test on the last answer, for any field path.
    func presenceVerdict(_ rule: String) -> [String]? {
        let absent = repro.expected == "absent" || repro.expected.hasPrefix("absent (")
        guard absent || repro.expected == "present" else { return nil }
        let f = repro.field
        return [
            "GOT=$(field \(f))",
            absent
                ? "if [ -n \"$GOT\" ]; then echo \"VERDICT: REPRODUCED \(rule): \(f) is present, the model expects it absent\"; exit 2; fi"
                : "if [ -z \"$GOT\" ]; then echo \"VERDICT: REPRODUCED \(rule): \(f) is absent, the model expects it present\"; exit 2; fi",
            "echo \"VERDICT: not reproduced (\(f) \(absent ? "absent" : "present") as the model expects)\"; exit 0",
        ]
    }

    /// `amount A, count C` (a `paymentStatus` expectation) as the script prints it: `A C`.
    static func payment(in expected: String) -> String? {
        let parts = expected.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts[0].hasPrefix("amount "), parts[1].hasPrefix("count "),
            let a = Double(parts[0].dropFirst(7)), let c = Int(parts[1].dropFirst(6))
        else { return nil }
        return "\(a) \(c)"
    }
}
