import Foundation

/// One chart of the report, parsed back from its SVG: the plot area, each series' polylines in
/// pixels (by the series' `<title>`), and the legend entries.
struct SVGChart {
    typealias Point = (x: Double, y: Double)

    var width: Double
    var height: Double
    var plotLeft: Double
    var plotTop: Double
    var plotWidth: Double
    var plotHeight: Double
    /// Series name → its polylines (one per `M` of its path).
    var series: [String: [[Point]]]
    var legend: [(x: Double, y: Double, text: String)]

    /// The chart whose `aria-label` is `label`, or `nil`.
    init?(in html: String, label: String) {
        let marker = "aria-label=\"\(label)\""
        guard let labelRange = html.range(of: marker),
            let start = html[..<labelRange.lowerBound].range(of: "<svg", options: .backwards),
            let end = html[labelRange.upperBound...].range(of: "</svg>")
        else { return nil }
        let svg = String(html[start.lowerBound..<end.upperBound])
        func numbers(_ pattern: String, _ text: String) -> [[Double]] {
            text.matches(of: try! Regex(pattern)).map { match in
                (1..<match.output.count).map { Double(match.output[$0].substring!)! }
            }
        }
        guard let box = numbers("viewBox=\"0 0 ([0-9.]+) ([0-9.]+)\"", svg).first,
            let plot = numbers(
                "<rect x=\"([0-9.]+)\" y=\"([0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\" class=\"plot\"",
                svg
            ).first
        else { return nil }
        (width, height) = (box[0], box[1])
        (plotLeft, plotTop, plotWidth, plotHeight) = (plot[0], plot[1], plot[2], plot[3])
        series = [:]
        for match in svg.matches(of: try! Regex("<path d=\"([^\"]*)\"[^>]*><title>([^<]*)</title>")) {
            let d = String(match.output[1].substring!)
            let name = String(match.output[2].substring!)
            let polylines = d.split(separator: "M").map { part in
                numbers("(-?[0-9.]+),(-?[0-9.]+)", String(part)).map { (x: $0[0], y: $0[1]) }
            }
            series[name] = polylines
        }
        legend = svg.matches(of: try! Regex("<text x=\"([0-9.]+)\" y=\"([0-9.]+)\" class=\"legend\">([^<]*)</text>"))
            .map {
                (Double($0.output[1].substring!)!, Double($0.output[2].substring!)!, String($0.output[3].substring!))
            }
    }

    /// The pixel x of time `t` on an axis from 0 to `end`.
    func x(_ t: Double, end: Double) -> Double { plotLeft + t / end * plotWidth }

    /// The pixel y of zero.
    var baseline: Double { plotTop + plotHeight }
}
