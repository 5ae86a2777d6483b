import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import ReferenceServer
import Testing

@Suite("Shrinking by moving the failing steps to another device, against the live reference server")
struct RelocationShrinkTests {
    typealias F = ShrinkFixtures

    /// The transfer-no-block witness a CI run stopped at (seed 3): 11 steps, none of which deletion
    /// or a cascade can take. The five wrong passwords come from d1, logged in with line#2 (step 2)
    /// — a transfer there answers 9 — until d2 maps line#2 by force (33, 36, 38) and d1's user loses
    /// it; the TransferAccount is d0's guest's (24, 82).
    static let witness: [Op] = {
        let line2 = AccountRef(.line, 2), facebook2 = AccountRef(.facebook, 2)
        var indonesia = IdPCredential.valid(line2)
        indonesia.lineRegion = "indonesia"
        let wrong = Action.transferLogin(
            device: F.d1,
            credentials: .init(id: .value(Sym(.transferId, 82)), password: .wrong)
        )
        return F.ops([
            (2, .loginIdP(device: F.d1, credential: indonesia, ignoreAlreadyLoggedIn: true)),
            (24, F.guest(F.d0)),
            (33, .loginIdP(device: F.d2, credential: .valid(facebook2), ignoreAlreadyLoggedIn: true)),
            (36, .addMapping(device: F.d2, token: F.t(33), credential: .valid(line2))),
            (
                38,
                .addMappingForcibly(
                    device: F.d2,
                    token: F.t(33),
                    ticket: .ticket(Sym(.ticket, 36)),
                    credential: .valid(line2)
                )
            ),
            (82, .issueTransferAccount(device: F.d0, token: F.t(24))),
            (94, wrong), (95, wrong), (96, wrong), (97, wrong), (98, wrong),
        ])
    }()

    @Test(
        "A witness no deletion can shorten loses the steps that only set up its device: the issue and five wrong passwords"
    )
    func transferWitness() async throws {
        let shrunk = try await F.shrinkLive(Self.witness, bug: .transferNoBlock, seed: 3, salt: "relocate")
        let steps = shrunk.sequence.map(\.description)
        #expect(shrunk.sequence.count <= 7, "\(steps)")
        #expect(!shrunk.sequence.contains { [2, 33, 36, 38].contains($0.id) }, "\(steps)")
    }
}
