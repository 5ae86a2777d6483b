import Foundation
import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import Testing

/// Sequences that once gave false alarms on the clean server, replayed against it.
@Suite("Soak regressions: no false alarm on the clean server")
struct SoakRegressionTests {
    /// Found by `scripts/soak-fuzz.sh` (seed 20261121): two users of one player each hold a
    /// TransferAccount; the first renews manually with its *current* password. The generator sent
    /// the other user's password as "current", so the server rightly accepted it and the model
    /// (expecting T7's INVALID_PARAMETER) reported a violation.
    static let renewWithCurrentPasswordOfTwoAccounts = """
        [
          {"id": 56, "values": [], "action": {"loginGuest": {"device": 1, "ignoreAlreadyLoggedIn": true}}},
          {"id": 57, "values": [], "action": {"issueTransferAccount": {"device": 1, "token": {"token": {"_0": "T56"}}}}},
          {"id": 62, "values": [], "action": {"loginGuest": {"device": 0, "ignoreAlreadyLoggedIn": false}}},
          {"id": 67, "values": [], "action": {"issueTransferAccount": {"device": 0, "token": {"token": {"_0": "T62"}}}}},
          {"id": 72, "values": [], "action": {"renewTransferAccount": {"device": 1, "token": {"token": {"_0": "T56"}},
            "renewal": {"manual": {"id": {"fresh": {"_0": "CI72"}}, "password": {"current": {}}}}}}}
        ]
        """

    @Test("T7: a manual renew with the current password is judged against the renewing user's account")
    func renewUsesTheTokensAccount() async throws {
        let steps = try JSONDecoder().decode([Op].self, from: Data(Self.renewWithCurrentPasswordOfTwoAccounts.utf8))
        let config = FuzzConfiguration(seed: 1, runSalt: "soak-t7")
        let run = try await withLiveTarget { live in
            let clock = await ClockTracker.prepare(client: live.client, configuration: config)
            return await ScriptRunner(configuration: config, executor: live.executor, clock: clock).run(
                steps,
                salt: "t7"
            )
        }
        #expect(run.executed == steps.count, "unresolved: \(run.missing)")
        #expect(run.violation == nil, "\(String(describing: run.violation?.message))")
        // The renew is refused under T7, as the model predicts, because the password really is the current one.
        #expect(run.steps.last?.observed == .invalidParameter)
    }
}
