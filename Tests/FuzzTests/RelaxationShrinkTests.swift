import Fuzz
import GBFuzzTestKit
import Model
import Protocol
import ReferenceServer
import Testing

@Suite("Shrinking through a relaxed login, against the live reference server")
struct RelaxationShrinkTests {
    typealias F = ShrinkFixtures

    /// The ticket-reusable witness a CI run shrank to (seed 1): 1-minimal under deletion, 10 steps.
    /// Steps 47 and 54 only log d2 out (a login and its withdrawal) so that step 63 may log in as
    /// another user without ignoreAlreadyLoggedIn; the clock advance only expires d2's session for
    /// step 99 likewise.
    static let witness: [Op] = {
        let l1 = AccountRef(.line, 1)
        let k = TicketArg.ticket(Sym(.ticket, 67))
        return F.ops([
            (6, F.guest(F.d2)),
            (13, .addMapping(device: F.d2, token: F.t(6), credential: .valid(F.f1))),
            (47, .loginIdP(device: F.d2, credential: .valid(F.g1), ignoreAlreadyLoggedIn: true)),
            (54, .withdraw(device: F.d2, token: F.t(47))),
            (63, F.login(F.d2, l1)),
            (67, .addMapping(device: F.d2, token: F.t(63), credential: .valid(F.f1))),
            (77, .changeLogin(device: F.d2, token: F.t(63), ticket: k, credential: .valid(F.f1))),
            (-22, .advanceClock(seconds: 604_585)),
            (99, F.login(F.d2, l1)),
            (102, .addMappingForcibly(device: F.d2, token: F.t(99), ticket: k, credential: .valid(F.f1))),
        ])
    }()

    @Test("A witness that deletions cannot shorten loses the steps that only logged the device out: ≤ 8 steps")
    func ticketWitness() async throws {
        let shrunk = try await F.shrinkLive(Self.witness, bug: .ticketReusable, seed: 1, salt: "relax")
        #expect(shrunk.sequence.count <= 8, "\(shrunk.sequence.map(\.description))")
        #expect(
            !shrunk.sequence.contains { $0.id == 54 || $0.id == -22 },
            "\(shrunk.sequence.map(\.description))"
        )
    }
}
