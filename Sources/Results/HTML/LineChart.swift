import Foundation

/// A line chart drawn as inline SVG: gridlines, labelled axes, a legend (wrapped over as many rows as
/// it needs, never cut) and one path per series.
struct LineChart {
    struct Series {
        var name: String
        var color: String
        /// Polylines drawn apart: a series with gaps has several.
        var segments: [[(x: Double, y: Double)]]
        var dashed = false

        init(name: String, color: String, points: [(x: Double, y: Double)], dashed: Bool = false) {
            self.init(name: name, color: color, segments: points.isEmpty ? [] : [points], dashed: dashed)
        }

        init(name: String, color: String, segments: [[(x: Double, y: Double)]], dashed: Bool = false) {
            self.name = name
            self.color = color
            self.segments = segments.filter { !$0.isEmpty }
            self.dashed = dashed
        }

        var values: [Double] { segments.flatMap { $0.map(\.y) } }
    }

    var title: String
    var xAxis: ChartAxis
    var yAxis: ChartAxis
    var series: [Series]
    var width = 640.0

    private let left = 64.0
    private let right = 30.0
    private let plotHeight = 210.0
    private let bottom = 46.0
    private static let legendRow = 18.0

    init(title: String, xAxis: ChartAxis, yAxis: ChartAxis, series: [Series]) {
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.series = series
    }

    /// Where each legend entry goes: rows from the left edge of the plot, wrapped at the chart's width.
    var legend: [(x: Double, row: Int)] {
        var placed: [(x: Double, row: Int)] = []
        var x = left
        var row = 0
        for line in series {
            let width = Self.legendWidth(line.name)
            if x > left, x + width > self.width - 4 {
                row += 1
                x = left
            }
            placed.append((x, row))
            x += width + 16
        }
        return placed
    }

    /// The width a legend entry takes: its swatch and a generous estimate of its text (12.5 px font).
    static func legendWidth(_ name: String) -> Double { 23 + Double(name.count) * 7.4 }

    var height: Double { top + plotHeight + bottom }
    private var top: Double { 34 + Double((legend.map(\.row).max() ?? 0)) * Self.legendRow }

    func svg() -> String {
        let plotWidth = width - left - right
        func x(_ value: Double) -> Double { left + xAxis.fraction(value) * plotWidth }
        func y(_ value: Double) -> Double { top + plotHeight - yAxis.fraction(min(value, yAxis.upper)) * plotHeight }

        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\""
        svg += " aria-label=\"\(HTMLText.escape(title))\">"
        svg += "<title>\(HTMLText.escape(title))</title>"
        svg +=
            "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(plotHeight))\" class=\"plot\"/>"
        for tick in yAxis.ticks where tick.value >= yAxis.lower && tick.value <= yAxis.upper {
            let position = y(tick.value)
            svg +=
                "<line x1=\"\(n(left))\" x2=\"\(n(left + plotWidth))\" y1=\"\(n(position))\" y2=\"\(n(position))\" class=\"grid\"/>"
            svg += "<text x=\"\(n(left - 6))\" y=\"\(n(position + 4))\" class=\"tick\" text-anchor=\"end\">"
            svg += "\(HTMLText.escape(tick.label))</text>"
        }
        for tick in xAxis.ticks where tick.value >= xAxis.lower && tick.value <= xAxis.upper {
            let position = x(tick.value)
            svg +=
                "<line x1=\"\(n(position))\" x2=\"\(n(position))\" y1=\"\(n(top))\" y2=\"\(n(top + plotHeight))\" class=\"grid\"/>"
            svg += "<text x=\"\(n(position))\" y=\"\(n(top + plotHeight + 16))\" class=\"tick\" text-anchor=\"middle\">"
            svg += "\(HTMLText.escape(tick.label))</text>"
        }
        svg +=
            "<text x=\"\(n(left + plotWidth / 2))\" y=\"\(n(height - 8))\" class=\"axis-title\" text-anchor=\"middle\">"
        svg += "\(HTMLText.escape(xAxis.title))</text>"
        svg += "<text transform=\"translate(14 \(n(top + plotHeight / 2))) rotate(-90)\" class=\"axis-title\""
        svg += " text-anchor=\"middle\">\(HTMLText.escape(yAxis.title))</text>"

        let dash = " stroke-dasharray=\"5 4\""
        for line in series where !line.segments.isEmpty {
            let paths = line.segments.filter { $0.count > 1 }.map { segment in
                "M" + segment.map { "\(n(x($0.x))),\(n(y($0.y)))" }.joined(separator: " L")
            }
            if !paths.isEmpty {
                svg += "<path d=\"\(paths.joined(separator: " "))\" fill=\"none\" stroke=\"\(line.color)\""
                svg += " stroke-width=\"2\" stroke-linejoin=\"round\"\(line.dashed ? dash : "")>"
                svg += "<title>\(HTMLText.escape(line.name))</title></path>"
            }
            for single in line.segments where single.count == 1 {
                svg += "<circle cx=\"\(n(x(single[0].x)))\" cy=\"\(n(y(single[0].y)))\" r=\"3\" fill=\"\(line.color)\">"
                svg += "<title>\(HTMLText.escape(line.name))</title></circle>"
            }
        }
        for (line, place) in zip(series, legend) {
            let rowY = 16 + Double(place.row) * Self.legendRow
            svg += "<line x1=\"\(n(place.x))\" x2=\"\(n(place.x + 18))\" y1=\"\(n(rowY))\" y2=\"\(n(rowY))\""
            svg += " stroke=\"\(line.color)\" stroke-width=\"3\"\(line.dashed ? dash : "")/>"
            svg +=
                "<text x=\"\(n(place.x + 23))\" y=\"\(n(rowY + 4))\" class=\"legend\">\(HTMLText.escape(line.name))</text>"
        }
        svg += "</svg>"
        return svg
    }

    private func n(_ value: Double) -> String { Formatting.fixed(value, 1) }
}

/// Series colours, chosen to stay distinguishable in print and for common colour-vision deficiencies.
enum ChartPalette {
    static let latency = "#1f5fbf"
    static let service = "#e07b00"
    static let failed = "#c62828"
    static let neutral = "#455a64"
    static let series = ["#1f5fbf", "#e07b00", "#2e7d32", "#8e24aa", "#00838f", "#6d4c41", "#d81b60", "#546e7a"]

    static func color(_ index: Int) -> String { series[index % series.count] }
}
