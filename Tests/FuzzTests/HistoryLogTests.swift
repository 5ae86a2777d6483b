import Fuzz
import Model
import Testing

/// The history of a race-hunting run keeps at most its limit, counts the rest, and says from when
/// it is incomplete.
@Suite("the history log")
struct HistoryLogTests {
    static func record(_ id: Int, invoke: Int64) -> HistoryRecord {
        HistoryRecord(
            process: 0,
            op: Op(id: id, action: .loginGuest(device: DeviceRef(0), ignoreAlreadyLoggedIn: false)),
            invokeNanos: invoke,
            returnNanos: invoke + 10,
            window: ClockWindow(exactly: 0),
            answer: nil
        )
    }

    @Test("past its limit it drops records and keeps the earliest invocation among them")
    func droppedAndCompleteBefore() {
        let log = HistoryLog(limit: 2)
        #expect(log.completeBeforeNanos == nil)
        for (id, invoke) in [(1, 50), (2, 10), (3, 40), (4, 30), (5, 90)] {
            log.append(Self.record(id, invoke: Int64(invoke)))
        }
        #expect(log.count == 2 && log.dropped == 3)
        #expect(log.completeBeforeNanos == 30)
        #expect(log.all.map(\.op.id) == [2, 1])
    }
}
