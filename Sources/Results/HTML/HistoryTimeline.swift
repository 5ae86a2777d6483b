import Foundation

/// A concurrent history drawn as Porcupine draws one: a lane per player, each operation a bar from
/// its invoke to its return, the offending ones marked, an operation without an answer (maybe
/// applied) drawn dashed to the right edge. Hovering a bar shows the operation and its answer.
struct HistoryTimeline {
    struct Bar {
        var lane: Int
        /// Short text on the bar (`#12 mapping.add`).
        var label: String
        /// The tooltip: the whole operation and its answer.
        var detail: String
        var invokeNs: Int64
        /// `nil`: no answer came.
        var returnNs: Int64?
        /// One of the entries no linearization could place.
        var marked: Bool
    }

    var bars: [Bar]
    var width = 720.0

    private static let laneHeight = 30.0
    private static let left = 86.0
    private static let right = 16.0
    private static let top = 8.0
    private static let axis = 30.0

    /// The SVG, or an empty string for no bars.
    func svg() -> String {
        guard !bars.isEmpty else { return "" }
        let lanes = Array(Set(bars.map(\.lane))).sorted()
        let row = Dictionary(uniqueKeysWithValues: lanes.enumerated().map { ($1, $0) })
        let start = bars.map(\.invokeNs).min() ?? 0
        let finish = max(bars.map { $0.returnNs ?? $0.invokeNs }.max() ?? start, start + 1)
        // A maybe-applied bar reaches past the last return, to the edge.
        let span = Double(finish - start) * 1.08
        let plot = width - Self.left - Self.right
        func x(_ ns: Int64) -> Double { Self.left + Double(ns - start) / span * plot }
        let height = Self.top + Double(lanes.count) * Self.laneHeight + Self.axis
        var s = "<svg class=\"timeline\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" "
        s += "height=\"\(Int(height))\" role=\"img\" aria-label=\"operations of \(lanes.count) players over time\">"
        for (i, lane) in lanes.enumerated() {
            let y = Self.top + Double(i) * Self.laneHeight
            s += "<text x=\"4\" y=\"\(fmt(y + 19))\" font-size=\"12\">player \(lane)</text>"
            s += "<line x1=\"\(fmt(Self.left))\" x2=\"\(fmt(width - Self.right))\" y1=\"\(fmt(y + Self.laneHeight))\" "
            s += "y2=\"\(fmt(y + Self.laneHeight))\" stroke=\"#e3e3e3\"/>"
        }
        for bar in bars.sorted(by: { $0.invokeNs < $1.invokeNs }) {
            guard let r = row[bar.lane] else { continue }
            let y = Self.top + Double(r) * Self.laneHeight + 5
            let x0 = x(bar.invokeNs)
            let x1 = bar.returnNs.map(x) ?? (width - Self.right)
            let w = max(x1 - x0, 3)
            let fill = bar.marked ? "#f6c7c3" : "#cfe0f5"
            let stroke = bar.marked ? "#c0392b" : "#4a78b0"
            let dash = bar.returnNs == nil ? " stroke-dasharray=\"4 3\"" : ""
            s += "<g><title>\(HTMLText.escape(bar.detail))</title>"
            s += "<rect x=\"\(fmt(x0))\" y=\"\(fmt(y))\" width=\"\(fmt(w))\" height=\"20\" rx=\"3\" fill=\"\(fill)\" "
            s += "stroke=\"\(stroke)\"\(dash)/>"
            // The label only where it fits (about 6.5 px a character at 11 px).
            let fits = Int((w - 6) / 6.5)
            if fits >= 4 {
                let text = bar.label.count > fits ? String(bar.label.prefix(fits - 1)) + "…" : bar.label
                s += "<text x=\"\(fmt(x0 + 4))\" y=\"\(fmt(y + 14))\" font-size=\"11\">\(HTMLText.escape(text))</text>"
            }
            s += "</g>"
        }
        let axisY = Self.top + Double(lanes.count) * Self.laneHeight
        let total = Double(finish - start) / 1e6
        s += "<text x=\"\(fmt(Self.left))\" y=\"\(fmt(axisY + 18))\" font-size=\"11\">0 ms</text>"
        s += "<text x=\"\(fmt(x(finish)))\" y=\"\(fmt(axisY + 18))\" font-size=\"11\" text-anchor=\"end\">"
        s += "\(Self.milliseconds(total))</text>"
        s += "</svg>"
        return s
    }

    static func milliseconds(_ ms: Double) -> String {
        ms < 10
            ? String(format: "%.2f ms", ms)
            : ms < 1000 ? String(format: "%.1f ms", ms) : String(format: "%.2f s", ms / 1000)
    }

    private func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
}
