import Protocol
import Testing

/// `Semantics.differences(from:)`: what a run names when a target's knobs change under it.
@Suite("Knob differences")
struct SemanticsDifferencesTests {
    @Test("equal knobs have no differences")
    func equal() {
        #expect(Semantics.default.differences(from: .default).isEmpty)
        var a = Semantics.default
        a.maintenance = MaintenanceSemantics(periodSeconds: 3600, durationSeconds: 60, offsetSeconds: 5)
        #expect(a.differences(from: a).isEmpty)
    }

    @Test("each changed leaf is one line, path: before → after, in path order; an absent value is null")
    func changedLeaves() {
        var now = Semantics.default
        now.maintenance = MaintenanceSemantics(periodSeconds: 3_153_600_000, durationSeconds: 30, offsetSeconds: 7)
        now.tokens.deviceBound = false
        #expect(
            now.differences(from: .default) == [
                "maintenance.durationSeconds: 600 → 30",
                "maintenance.offsetSeconds: 0 → 7",
                "maintenance.periodSeconds: null → 3153600000",
                "tokens.deviceBound: true → false",
            ]
        )
        #expect(Semantics.default.differences(from: now).first == "maintenance.durationSeconds: 30 → 600")
    }

    @Test("a list compares as one value; a set reported in another order is no change, a precedence is")
    func lists() {
        var now = Semantics.default
        now.idp.codes = Array(now.idp.codes.dropLast())
        let lines = now.differences(from: .default)
        #expect(lines.count == 1 && lines[0].hasPrefix("idp.codes: ["), "\(lines)")
        var shuffled = Semantics.default
        shuffled.idp.codes.reverse()
        #expect(shuffled.differences(from: .default).isEmpty)
        var reordered = Semantics.default
        reordered.mapping.addPrecedence.reverse()
        #expect(reordered.differences(from: .default).map { $0.prefix(22) } == ["mapping.addPrecedence:"])
    }
}
