import Testing

@testable import Transport

/// Where request loops run when a transport has several lanes (``LanePacker``), and how a lane's
/// busy share is measured (``LaneLoad``).
@Suite("Lane packing: loops share as few lanes as keep up")
struct LanePackerTests {
    @Test("a job from outside the lanes goes to the first lane with room, else the least busy")
    func startsOnFirstLaneWithRoom() {
        #expect(LanePacker.place(from: nil, busy: [0, 0]) == 0)
        #expect(LanePacker.place(from: nil, busy: [650, 0]) == 0)
        #expect(LanePacker.place(from: nil, busy: [750, 100]) == 1)
        #expect(LanePacker.place(from: nil, busy: [950, 990, 920]) == 2)
    }

    @Test("a job from a lane that is not saturated stays on it, however idle the others")
    func staysWhereItCompleted() {
        #expect(LanePacker.place(from: 1, busy: [0, 300]) == 1)
        #expect(LanePacker.place(from: 0, busy: [900, 0]) == 0)
        #expect(LanePacker.place(from: 1, busy: [100, 850, 0]) == 1)
    }

    @Test("a job from a saturated lane moves to the least busy lane, only when that one has room")
    func spillsFromSaturatedLane() {
        #expect(LanePacker.place(from: 0, busy: [950, 100]) == 1)
        #expect(LanePacker.place(from: 0, busy: [1000, 500, 200]) == 2)
        #expect(LanePacker.place(from: 0, busy: [950, 800]) == 0)
        #expect(LanePacker.place(from: 1, busy: [990, 995]) == 1)
    }

    @Test("a lane's busy share is the part of a window it did not sleep, once the window is 20 ms")
    func busyShareOfAWindow() {
        var load = LaneLoad()
        let t0 = ContinuousClock.now
        // The window opened at construction, just before t0: 5 ms of sleep in a window under 20 ms.
        #expect(load.slept(from: t0, to: t0 + .milliseconds(5)) == nil)
        // 15 ms more of sleep closes it: 20 of the ~40 ms slept, so about half busy.
        let share = load.slept(from: t0 + .milliseconds(25), to: t0 + .milliseconds(40))
        #expect(share.map { (490...510).contains($0) } == true, "\(String(describing: share))")
        // The next window starts where that one ended: all sleep, nothing busy.
        #expect(load.slept(from: t0 + .milliseconds(40), to: t0 + .milliseconds(70)) == 0)
        // A window with next to no sleep is fully busy.
        #expect(load.slept(from: t0 + .milliseconds(100), to: t0 + .milliseconds(100) + .microseconds(1)) == 1000)
    }
}
