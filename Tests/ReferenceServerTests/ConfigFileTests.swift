import Protocol
import ReferenceServer
import Testing

@Suite("Server configuration file", .timeLimit(.minutes(1)))
struct ConfigFileTests {
    func error(_ text: String) -> String? {
        do {
            _ = try ConfigFile.parse(text, file: "knobs.yaml")
            return nil
        } catch let e as ConfigError {
            return e.message
        } catch {
            return "\(error)"
        }
    }

    @Test("a config may name only what it changes; JSON is accepted; secrets live under server:")
    func parsesPartialYAMLAndJSON() throws {
        let yaml = try ConfigFile.parse(
            """
            appId: mygame
            mapping:
              addPrecedence: [3302, 3303, 3305]
            transferAccount:
              blockSeconds: null
              failThreshold: 3
            server:
              secretKey: s3cret
            """,
            file: "k.yaml"
        )
        #expect(yaml.semantics.appId == "mygame")
        #expect(
            yaml.semantics.mapping.addPrecedence == [
                .addMappingAlreadyMappedToOtherMember, .addMappingAlreadyHasSameIdP, .addMappingCannotAddGuestIdP,
            ]
        )
        #expect(yaml.semantics.transferAccount.blockSeconds == nil)
        #expect(yaml.semantics.transferAccount.failThreshold == 3)
        #expect(yaml.semantics.withdrawal.gracePeriodDays == 7)
        #expect(yaml.secretKey == "s3cret")
        let json = try ConfigFile.parse(
            #"{"withdrawal": {"gracePeriodDays": 30}, "idp": {"tokenMode": "plain"}}"#,
            file: "k.json"
        )
        #expect(json.semantics.withdrawal.gracePeriodDays == 30)
        #expect(json.semantics.idp.tokenMode == .plain)
    }

    @Test("unknown keys are rejected with the file, the key and the line")
    func unknownKeys() {
        #expect(error("appId: x\nmappings: {}\n") == "knobs.yaml:2: unknown key 'mappings'")
        #expect(
            error("mapping:\n  forcingTicketLifetimeSeconds: 5\n  addPrecedance: []\n")
                == "knobs.yaml:3: unknown key 'mapping.addPrecedance'"
        )
        #expect(error("server:\n  password: x\n") == "knobs.yaml:2: unknown key 'server.password'")
    }

    @Test("invalid values are rejected with the file, the key and the line")
    func invalidValues() throws {
        let permutation = try #require(error("appId: x\nmapping:\n  addPrecedence: [3305, 3305, 3302]\n"))
        #expect(permutation.hasPrefix("knobs.yaml:3: key 'mapping.addPrecedence'"))
        #expect(permutation.contains("3305, 3303, 3302"))
        let grace = try #require(error("withdrawal:\n  gracePeriodDays: 31\n"))
        #expect(grace.hasPrefix("knobs.yaml:2: key 'withdrawal.gracePeriodDays'"))
        let threshold = try #require(error("transferAccount:\n  failThreshold: 0\n"))
        #expect(threshold.hasPrefix("knobs.yaml:2: key 'transferAccount.failThreshold'"))
        let type = try #require(error("transferAccount:\n  enabled: true\n  failThreshold: many\n"))
        #expect(type.hasPrefix("knobs.yaml:3: key 'transferAccount.failThreshold'"))
        let format = try #require(error("transferAccount:\n  idFormat: emoji\n"))
        #expect(format.contains("transferAccount.idFormat"))
        #expect(error("mapping: [1, 2]\n")?.contains("must be a mapping") == true)
        #expect(error("appId: [unclosed\n")?.hasPrefix("knobs.yaml") == true)
    }
}
