import Fuzz
import Linearizability
import Model
import Protocol
import Synchronization
import Testing

/// Concurrent reproducers: recorded on a simulated target, replayed under fresh identities.
@Suite("Concurrent reproducers: schedule, replay and shrinking")
struct RaceReplayTests {
    /// Runs `lanes` (player → actions) one step at a time on `target`, recording each as a history
    /// entry; steps of different players at the same position overlap in time.
    static func record(_ lanes: [[Action]], on target: SimulatedTarget) async -> [HistoryEntry] {
        await record(lanes, with: target, clock: ClockTracker(frozenAt: target.now))
    }

    static func record(
        _ lanes: [[Action]],
        with target: some OperationExecutor,
        clock: ClockTracker,
        config: FuzzConfiguration = FuzzConfiguration(seed: 1, runSalt: "rec")
    ) async -> [HistoryEntry] {
        var players = lanes.indices.map { Player(configuration: config, index: $0, salt: "rec") }
        var entries: [HistoryEntry] = []
        let depth = lanes.map(\.count).max() ?? 0
        for step in 0..<depth {
            for (p, lane) in lanes.enumerated() where step < lane.count {
                let planned = players[p].make(lane[step], id: (p + 1) * 1000 + step, now: clock.now())
                let (result, _) = await players[p].execute(planned, with: target, clock: clock)
                var answer: Observation?
                if case .answer(let o, _) = result.outcome { answer = o }
                let t = Int64(step * 100 + p)
                entries.append(
                    HistoryEntry(
                        index: entries.count,
                        process: p,
                        op: planned.op,
                        invokeNs: t,
                        returnNs: t + 50,
                        window: ClockWindow(exactly: clock.now()),
                        answer: answer
                    )
                )
            }
        }
        return entries
    }

    static func file(_ entries: [HistoryEntry]) -> RaceReproFile {
        RaceReproFile(
            message: "test",
            keys: [],
            seed: 1,
            semantics: .default,
            capabilities: .init(),
            target: .init(baseURL: "http://127.0.0.1:1", appId: "gbfuzz", embedded: false),
            clock: .frozen,
            entries: entries
        )
    }

    /// A replayer against `target`, on `clock` (by default frozen at the target's time).
    static func replayer(on target: SimulatedTarget, clock: ClockTracker? = nil) -> RaceReplayer {
        RaceReplayer(
            configuration: FuzzConfiguration(seed: 1, runSalt: "r"),
            executor: target,
            clock: clock ?? ClockTracker(frozenAt: target.now)
        )
    }

    static let d0 = DeviceRef(0)
    static let d1 = DeviceRef(1)
    /// Logs in, logs out, and reads the member with the logged-out token (L5 when it answers).
    static let survivor: [Action] = [
        .loginGuest(device: d0, ignoreAlreadyLoggedIn: false),
        .logout(device: d0, token: .token(Sym(.token, 1000))),
        .getMember(device: d0, token: .token(Sym(.token, 1000))),
    ]
    static let bystander: [Action] = [
        .loginGuest(device: d1, ignoreAlreadyLoggedIn: false),
        .getMember(device: d1, token: .token(Sym(.token, 2000))),
    ]

    @Test("operations in flight together share a wave; a player's next operation starts a new one")
    func waves() async {
        let entries = await Self.record([Self.survivor, Self.bystander], on: SimulatedTarget())
        let schedule = RaceSchedule(entries: entries)
        #expect(schedule.waves.count == 3)
        #expect(schedule.widest == 2)
        #expect(schedule.waves.joined().sorted() == Array(entries.indices))
        for wave in schedule.waves {
            #expect(Set(wave.map { entries[$0].process }).count == wave.count, "one operation per player per wave")
        }
    }

    @Test("a replay carries generated values from answers to later requests and is judged by the checker")
    func replayJudged() async {
        let buggy = SimulatedTarget(deviations: [.tokenSurvivesLogout])
        let entries = await Self.record([Self.survivor], on: buggy)
        let file = Self.file(entries)
        let onBuggy = Self.replayer(on: buggy)
        let failing = await onBuggy.replay(file, runs: 3)
        #expect(failing.failed == 3, "the logged-out token still works on every replay")
        // The replay sent its own token, not the recorded one.
        let sent = failing.last?.history.entries.last?.op.values[Sym(.token, 1000)]
        #expect(sent != nil && sent != entries.last?.op.values[Sym(.token, 1000)])

        let clean = SimulatedTarget()
        let onClean = Self.replayer(on: clean)
        let passing = await onClean.replay(file, runs: 3)
        #expect(passing.failed == 0)
        #expect(passing.last?.report.verdict == .linearizable)
    }

    @Test("shrinking drops a player whose operations the failure does not need, and records the fail ratio")
    func shrinkDropsBystander() async {
        let buggy = SimulatedTarget(deviations: [.tokenSurvivesLogout])
        let entries = await Self.record([Self.survivor, Self.bystander], on: buggy)
        let replayer = Self.replayer(on: buggy)
        let shrunk = await RaceShrinker(replayer: replayer, runsPerCandidate: 2, confirmationRuns: 4)
            .shrink(Self.file(entries))
        #expect(shrunk.players == 1)
        #expect(shrunk.entries.map(\.op.id) == [1000, 1001, 1002])
        let standing = shrunk.standing
        #expect(standing?.failed == 4 && standing?.runs == 4)
        #expect(standing?.description == "fails 4/4 with 1 player and 3 operations (shrunk from 2 and 5)")
    }

    @Test(
        "a value the replay did not learn is sent as one no server issued, not as recorded: replayed on the recording's own target it is not live there"
    )
    func unlearnedNotSentAsRecorded() async throws {
        let target = SimulatedTarget()
        let clock = ClockTracker(frozenAt: target.now)
        // Recorded: a login (its token live on `target`), then a read with that token.
        var entries = await Self.record(
            [
                [
                    .loginGuest(device: Self.d0, ignoreAlreadyLoggedIn: false),
                    .getMember(device: Self.d0, token: .token(Sym(.token, 1000))),
                ]
            ],
            with: target,
            clock: clock
        )
        let recordedToken = try #require(entries[1].op.values[Sym(.token, 1000)])
        // The login answered differently when recorded (another player's doing, say): the replay
        // cannot pair its answer with the recorded one, so it never learns the token's value.
        guard case .client(var body) = entries[0].answer else {
            Issue.record("the login's answer is not a client reply")
            return
        }
        body.header.resultCode = ResultCode(3201)
        entries[0].answer = .client(body)

        let replayer = Self.replayer(on: target, clock: clock)
        let result = await replayer.replay(Self.file(entries), runs: 3)
        let sent = try #require(result.last?.history.entries.last?.op.values[Sym(.token, 1000)])
        #expect(sent != recordedToken, "the recorded token is live on the recording's target")
        #expect(sent.count == recordedToken.count, "well formed: a token's length")
        #expect(result.failed == 0, "the read of an unknown token is answered as the model predicts")
    }

    @Test("replays stop starting new runs once their deadline has passed, after at least one, and report each run")
    func replaysStopAtTheirDeadline() async throws {
        let target = SimulatedTarget()
        let clock = ClockTracker(frozenAt: target.now)
        let entries = await Self.record(
            [[.loginGuest(device: Self.d0, ignoreAlreadyLoggedIn: false)]],
            with: target,
            clock: clock
        )
        let replayer = Self.replayer(on: target, clock: clock)
        let heard = Mutex<[Int]>([])
        let past = await replayer.replay(Self.file(entries), runs: 5, deadline: .now - .seconds(1)) { run, _ in
            heard.withLock { $0.append(run) }
        }
        #expect(past.runs == 1 && heard.withLock { $0 } == [1])
        let open = await replayer.replay(Self.file(entries), runs: 3, deadline: .now + .seconds(600))
        #expect(open.runs == 3 && open.failed == 0)
    }

    @Test(
        "the focus is the operations sharing an entity with the unexplained answer, with those that produced the values they use"
    )
    func focusOfStuck() async {
        let entries = await Self.record([Self.survivor, Self.bystander], on: SimulatedTarget())
        let ids = Identities(salt: "rec")
        // Positions: 0 login d0, 1 login d1, 2 logout d0, 3 read d1, 4 read d0 (the stuck one).
        #expect(entries.map(\.op.id) == [1000, 2000, 1001, 2001, 1002])
        #expect(RaceShrinker.focus(entries, stuck: entries[4].index, ids: ids) == [0, 2, 4])
        #expect(RaceShrinker.focus(entries, stuck: 999, ids: ids).isEmpty, "no entry has that index")
        // The read on d1 brings the login that produced the token it sends.
        #expect(RaceShrinker.producing(entries, for: [3]) == [1, 3])
    }

    @Test("shrinking starts from the focus when it fails, and from the whole witness when it does not")
    func shrinkStartsFromFocus() async {
        let buggy = SimulatedTarget(deviations: [.tokenSurvivesLogout])
        let entries = await Self.record([Self.survivor, Self.bystander], on: buggy)
        let replayer = Self.replayer(on: buggy)
        for (focus, fails) in [([0, 2, 4], true), ([1, 3], false)] {
            let said = Mutex<[String]>([])
            var shrinker = RaceShrinker(replayer: replayer, runsPerCandidate: 2, confirmationRuns: 2)
            shrinker.log = { line in said.withLock { $0.append(line) } }
            let shrunk = await shrinker.shrink(Self.file(entries), focus: focus)
            let first = said.withLock { $0.first } ?? ""
            #expect(first.hasPrefix(fails ? "focus: FAILS with 3 of 5" : "focus: passes with 2 of 5"), "\(first)")
            // Either way the survivor alone is what fails.
            #expect(shrunk.entries.map(\.op.id) == [1000, 1001, 1002])
            #expect(shrunk.standing?.failed == 2)
        }
    }

    @Test("runs of operations to delete: halves, then quarters, down to pairs, the last run first")
    func chunks() {
        #expect(
            RaceShrinker.chunks(8) == [[4, 5, 6, 7], [0, 1, 2, 3], [6, 7], [4, 5], [2, 3], [0, 1]]
        )
        #expect(RaceShrinker.chunks(5) == [[3, 4], [1, 2], [0]])
        #expect(RaceShrinker.chunks(3).isEmpty)
        // Each size's runs cover every position once.
        var rest = RaceShrinker.chunks(100)[...]
        for size in [50, 25, 12, 6, 3] {
            let runs = rest.prefix((100 + size - 1) / size)
            #expect(runs.joined().sorted() == Array(0..<100), "runs of \(size)")
            rest = rest.dropFirst(runs.count)
        }
        #expect(rest.isEmpty)
    }

    @Test("deleting an operation deletes what uses the values it produced")
    func dependentsGoToo() async {
        let entries = await Self.record([Self.survivor], on: SimulatedTarget())
        // Without the login, neither the logout nor the read has a token to send.
        #expect(RaceShrinker.keeping(entries, without: [0]).isEmpty)
        #expect(RaceShrinker.keeping(entries, without: [1]) == [0, 2])
    }

    @Test("a reproducer keeps only operations whose values it produces itself, transitively")
    func selfContained() async {
        let entries = await Self.record([Self.survivor, Self.bystander], on: SimulatedTarget())
        #expect(RaceShrinker.selfContained(entries) == Array(entries.indices))
        // Without the survivor's login its logout and read name a token produced elsewhere: sent as
        // recorded, they would reach the recording target's live session.
        let withoutLogin = entries.filter { $0.op.id != 1000 }
        let kept = RaceShrinker.selfContained(withoutLogin).map { withoutLogin[$0].op.id }
        #expect(kept == [2000, 2001])
        // Transitively: a token login on the token of a login not in the reproducer goes, and so
        // does the read that uses the token login's own token.
        func entry(_ id: Int, _ action: Action) -> HistoryEntry {
            let t = Int64(id)
            return HistoryEntry(
                index: id,
                process: 0,
                op: Op(id: id, action: action),
                invokeNs: t,
                returnNs: t + 1,
                window: ClockWindow(exactly: 0),
                answer: nil
            )
        }
        let chain = [
            entry(1, .loginToken(device: Self.d0, token: .token(Sym(.token, 0)))),
            entry(2, .getMember(device: Self.d0, token: .token(Sym(.token, 1)))),
            entry(3, .loginGuest(device: Self.d1, ignoreAlreadyLoggedIn: false)),
            entry(4, .getMember(device: Self.d1, token: .token(Sym(.token, 3)))),
        ]
        #expect(RaceShrinker.selfContained(chain) == [2, 3])
    }
}
