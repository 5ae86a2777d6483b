import Foundation

/// A line chart drawn as inline SVG: gridlines, labelled axes, a legend and one polyline per series.
struct LineChart {
    struct Series {
        var name: String
        var color: String
        var points: [(x: Double, y: Double)]
        var dashed = false
    }

    var title: String
    var xAxis: ChartAxis
    var yAxis: ChartAxis
    var series: [Series]
    var width = 640.0
    var height = 290.0

    private let left = 64.0
    private let right = 30.0
    private let top = 34.0
    private let bottom = 46.0

    init(title: String, xAxis: ChartAxis, yAxis: ChartAxis, series: [Series]) {
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.series = series
    }

    func svg() -> String {
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
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

        for line in series where !line.points.isEmpty {
            let points = line.points.map { "\(n(x($0.x))),\(n(y($0.y)))" }.joined(separator: " ")
            svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"2\""
            svg += " stroke-linejoin=\"round\"\(line.dashed ? " stroke-dasharray=\"5 4\"" : "")>"
            svg += "<title>\(HTMLText.escape(line.name))</title></polyline>"
            if line.points.count == 1 {
                svg +=
                    "<circle cx=\"\(n(x(line.points[0].x)))\" cy=\"\(n(y(line.points[0].y)))\" r=\"3\" fill=\"\(line.color)\"/>"
            }
        }
        var legendX = left
        for line in series {
            svg += "<line x1=\"\(n(legendX))\" x2=\"\(n(legendX + 18))\" y1=\"16\" y2=\"16\" stroke=\"\(line.color)\""
            svg += " stroke-width=\"3\"\(line.dashed ? " stroke-dasharray=\"5 4\"" : "")/>"
            svg += "<text x=\"\(n(legendX + 23))\" y=\"20\" class=\"legend\">\(HTMLText.escape(line.name))</text>"
            legendX += 34 + Double(line.name.count) * 7.2
        }
        svg += "</svg>"
        return svg
    }

    /// Keeps at most `limit` points by taking, per bucket of consecutive points, the largest y
    /// (so peaks stay visible).
    static func downsample(_ points: [(x: Double, y: Double)], limit: Int = 900) -> [(x: Double, y: Double)] {
        guard points.count > limit else { return points }
        let bucket = Int((Double(points.count) / Double(limit)).rounded(.up))
        return stride(from: 0, to: points.count, by: bucket).map { start in
            let slice = points[start..<min(start + bucket, points.count)]
            return slice.max { $0.y < $1.y }!
        }
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
