import Config
import Plan
import Protocol
import ReferenceServer
import Testing

/// A profile's `semantics:` section and `gbfuzz serve --config` share one knob reader: what one
/// accepts the other accepts, and what one refuses the other refuses with the same message.
@Suite("One knob reader for profiles and the server")
struct KnobReaderEquivalenceTests {
    static let samples: [String] = [
        "appId: mygame\nmapping:\n  addPrecedence: [3302, 3303, 3305]\n",
        "transferAccount:\n  blockSeconds: null\n  failThreshold: 3\n",
        "withdrawal:\n  gracePeriodDays: 30\nidp:\n  tokenMode: plain\n",
        "withdrawal:\n  gracePeriodDays: 0\n",
        "withdrawal:\n  gracePeriodDays: 2.5\n",
        "mappings: {}\n",
        "mapping:\n  addPrecedance: []\n",
        "mapping: [1, 2]\n",
        "transferAccount:\n  failThreshold: many\n",
        "transferAccount:\n  idFormat: emoji\n",
        "tokens:\n  lifetimeSeconds: 4000000000\n",
        "transferKey:\n  enabled: yes\n  maxExpiresInSeconds: 60\n",
        "idp:\n  codes: []\n",
    ]

    @Test(
        "every sample is accepted by both with equal knobs, or refused by both with the same message",
        arguments: samples
    )
    func sameVerdict(_ knobs: String) {
        let server = Result { try ConfigFile.parse(knobs, file: "k.yaml").semantics }
        let indented = knobs.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        let profile = Result {
            try ProfileParser(environment: [:]).parse("semantics:\n" + indented + "\n", file: "p.yaml").semantics
        }
        switch (server, profile) {
        case (.success(let a), .success(let b)):
            #expect(a == b)
        case (.failure(let a as ConfigError), .failure(let b as ConfigError)):
            #expect(a.message == b.message, "\(a) vs \(b)")
            #expect(a.code == b.code)
            #expect(("semantics." + (a.key ?? "")) == b.key)
            #expect(a.line.map { $0 + 1 } == b.line)
        default:
            Issue.record("different verdicts: server \(server), profile \(profile)")
        }
    }
}
