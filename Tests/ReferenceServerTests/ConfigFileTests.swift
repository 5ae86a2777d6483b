import Config
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
            return e.description
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

    @Test("unknown keys are rejected with the file, the line and the key")
    func unknownKeys() {
        #expect(error("appId: x\nmappings: {}\n")?.hasPrefix("knobs.yaml:2: mappings: unknown knob") == true)
        #expect(
            error("mapping:\n  forcingTicketLifetimeSeconds: 5\n  addPrecedance: []\n")?
                .hasPrefix("knobs.yaml:3: mapping.addPrecedance: unknown knob") == true
        )
        #expect(error("server:\n  password: x\n")?.hasPrefix("knobs.yaml:2: server.password: unknown key") == true)
    }

    @Test("invalid values are rejected with the file, the line and the key")
    func invalidValues() throws {
        let permutation = try #require(error("appId: x\nmapping:\n  addPrecedence: [3305, 3305, 3302]\n"))
        #expect(permutation.hasPrefix("knobs.yaml:3: mapping.addPrecedence: "))
        #expect(permutation.contains("3305, 3303, 3302"))
        #expect(
            error("withdrawal:\n  gracePeriodDays: 31\n") == "knobs.yaml:2: withdrawal.gracePeriodDays: must be 1…30"
        )
        #expect(
            error("transferAccount:\n  failThreshold: 0\n")
                == "knobs.yaml:2: transferAccount.failThreshold: must be at least 1"
        )
        #expect(
            error("transferAccount:\n  enabled: true\n  failThreshold: many\n")
                == "knobs.yaml:3: transferAccount.failThreshold: must be an integer"
        )
        let format = error("transferAccount:\n  idFormat: emoji\n")
        #expect(format?.hasPrefix("knobs.yaml:2: transferAccount.idFormat:") == true)
        #expect(error("mapping: [1, 2]\n")?.hasPrefix("knobs.yaml:1: mapping: must be") == true)
        #expect(error("appId: [unclosed\n")?.hasPrefix("knobs.yaml:") == true)
        #expect(error("- 1\n- 2\n")?.contains("must be a mapping") == true)
        #expect(
            error("tokens:\n  lifetimeSeconds: 4000000000\n")
                == "knobs.yaml:2: tokens.lifetimeSeconds: must be at most 3153600000 (100 years)"
        )
    }
}
