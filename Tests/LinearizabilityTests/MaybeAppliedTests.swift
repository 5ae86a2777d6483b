import Linearizability
import Model
import Protocol
import Testing

/// An entry without an answer may have been applied at any point after it was sent, or never.
@Suite("linearizability: maybe-applied entries")
struct MaybeAppliedTests {
    @Test("a lost login that must have been applied explains a later login answered as an existing user")
    func lostButAppliedPasses() async {
        var w = World()
        let lost = await w.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        let later = await w.run(2, .loginIdP(device: d1, credential: .valid(g1), ignoreAlreadyLoggedIn: false))
        var t = Timeline()
        t.add(lost.lost, 0, 0, process: 1)
        t.add(later, 1000, 1100, process: 2)
        let r = await Check.run(t.history)
        #expect(r.verdict == .linearizable, "\(r.text)")

        // Without the lost login, nothing explains an existing user with a last login date.
        var alone = Timeline()
        alone.add(later, 1000, 1100, process: 2)
        let without = await Check.run(alone.history)
        #expect(without.verdict == .violation, "\(without.text)")
    }

    @Test("a lost logout that must not have been applied is left out: its token keeps working")
    func lostAndNotAppliedPasses() async {
        var w = World()
        let login = await w.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        // Another world with the same first step (so the same token) sees the logout.
        var other = World()
        await other.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        let logout = await other.run(2, .logout(device: d0, token: token(1)))
        #expect(logout.code == .success)
        let member = await w.run(3, .getMember(device: d0, token: token(1)))
        #expect(member.code == .success)
        var t = Timeline()
        t.add(login, 0, 100)
        t.add(logout.lost, 200, 0, process: 1)
        t.add(member, 1000, 1100, process: 2)
        let r = await Check.run(t.history)
        #expect(r.verdict == .linearizable, "\(r.text)")

        // Had the logout been answered, the token could not have worked afterwards.
        var answered = Timeline()
        answered.add(login, 0, 100)
        answered.add(logout, 200, 300, process: 1)
        answered.add(member, 1000, 1100, process: 2)
        let failed = await Check.run(answered.history)
        #expect(failed.verdict == .violation, "\(failed.text)")
    }
}
