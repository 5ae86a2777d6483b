import Foundation

/// A plain-text table with aligned columns (numbers right-aligned, text left-aligned).
struct TextTable {
    enum Alignment { case left, right }

    let headers: [String]
    let alignments: [Alignment]
    var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    mutating func append(_ row: [String]) { rows.append(row) }

    func render(separatorAfter separatorRows: Set<Int> = []) -> String {
        let all = [headers] + rows
        let widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return alignments[column] == .right ? padding + cells[column] : cells[column] + padding
            }
            .joined(separator: "  ")
            .replacing(/\s+$/, with: "")
        }
        var lines = [line(headers), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        for (index, row) in rows.enumerated() {
            if separatorRows.contains(index) {
                lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
            }
            lines.append(line(row))
        }
        return lines.joined(separator: "\n")
    }
}

/// Number formatting shared by the terminal and HTML outputs.
enum Formatting {
    /// `12345` → `12,345`.
    static func count(_ value: UInt64) -> String {
        let digits = String(value)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }

    static func count(_ value: Int) -> String { value < 0 ? "-" + count(UInt64(-value)) : count(UInt64(value)) }

    /// Milliseconds with 3 significant-ish decimals: `0.123`, `12.35`, `1234.5`.
    static func milliseconds(_ value: Double) -> String {
        switch value {
        case ..<10: fixed(value, 3)
        case ..<100: fixed(value, 2)
        case ..<10_000: fixed(value, 1)
        default: fixed(value, 0)
        }
    }

    static func rate(_ value: Double) -> String {
        value >= 100 ? count(UInt64(value.rounded())) : fixed(value, 1)
    }

    static func percent(_ fraction: Double) -> String {
        fraction == 0 ? "0%" : fixed(fraction * 100, fraction < 0.001 ? 3 : 2) + "%"
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = UInt64(rounded / scale)
        let fraction = UInt64(rounded) - whole * UInt64(scale)
        var text = (value < 0 && rounded > 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return text
    }

    /// An axis tick label: as many decimals as the tick step needs, thousands separated.
    static func axisLabel(_ value: Double, step: Double) -> String {
        let decimals = max(0, Int((-log10(step)).rounded(.up)))
        if decimals == 0, abs(value) >= 1_000 { return count(UInt64(abs(value).rounded())) }
        return fixed(value, decimals)
    }

    /// A measured value: integers as integers, others with up to 6 significant digits.
    static func measured(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let magnitude = Int(log10(abs(value)).rounded(.down))
        let text = fixed(value, max(0, 5 - magnitude))
        guard text.contains(".") else { return text }
        return String(text.reversed().drop { $0 == "0" }.reversed()).trimmingSuffix(".")
    }

    /// `75.5` seconds → `1m15.5s`; under a minute → `12.0s`.
    static func duration(seconds: Double) -> String {
        guard seconds >= 60 else { return fixed(seconds, 1) + "s" }
        let minutes = Int(seconds / 60)
        return "\(minutes)m" + fixed(seconds - Double(minutes * 60), 0) + "s"
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
