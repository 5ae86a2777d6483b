import Foundation
import Testing

@testable import Results

@Suite("Timeline of a concurrent violation")
struct HistoryTimelineTests {
    static let bars: [HistoryTimeline.Bar] = [
        .init(
            lane: 3,
            label: "#1 mapping.add",
            detail: "mapping.add d0 T1 google(google#1) → 0 <SUCCESS>",
            invokeNs: 1_000_000,
            returnNs: 3_000_000,
            marked: true
        ),
        .init(
            lane: 7,
            label: "#2 mapping.add",
            detail: "mapping.add d1 T2 google(google#1) → 0 SUCCESS",
            invokeNs: 1_200_000,
            returnNs: 2_500_000,
            marked: true
        ),
        .init(
            lane: 7,
            label: "#3 member.get",
            detail: "member.get d1 T2 → maybe applied",
            invokeNs: 4_000_000,
            returnNs: nil,
            marked: false
        ),
    ]

    @Test("one lane per player, one bar per operation, the offending ones marked and the unanswered dashed")
    func lanesBarsMarks() {
        let svg = HistoryTimeline(bars: Self.bars).svg()
        #expect(svg.components(separatedBy: "<rect").count - 1 == 3)
        #expect(svg.contains(">player 3<") && svg.contains(">player 7<"))
        #expect(svg.components(separatedBy: "stroke=\"#c0392b\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "stroke-dasharray").count - 1 == 1)
    }

    @Test("bars are placed by time: an operation invoked later starts further right")
    func placedByTime() throws {
        let svg = HistoryTimeline(bars: Self.bars).svg()
        let xs = svg.components(separatedBy: "<rect x=\"").dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
        #expect(xs.count == 3)
        #expect(xs == xs.sorted() && Set(xs).count == 3)
    }

    @Test("tooltips are escaped, and no bars draw nothing")
    func escapedAndEmpty() {
        let svg = HistoryTimeline(bars: Self.bars).svg()
        #expect(svg.contains("&lt;SUCCESS&gt;") && !svg.contains("<SUCCESS>"))
        #expect(HistoryTimeline(bars: []).svg().isEmpty)
    }
}
