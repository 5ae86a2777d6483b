import Foundation

/// Escaping and safe links for the HTML report.
enum HTMLText {
    /// Escapes text for element content and quoted attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` with control characters other than line breaks and tab shown as their Unicode control
    /// pictures (␍, ␀, ␛…), so an example answer's bytes stay visible and the page stays valid.
    static func visible(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.value {
                    case 0x0A, 0x09, 0x0D: scalar
                    case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)!
                    case 0x7F: Unicode.Scalar(0x2421)!
                    default: scalar
                    }
                }
            )
        )
    }

    /// A relative link target, percent-encoded, or `nil` if `path` is not a plain relative path
    /// (a scheme, `//host`, an absolute path or `..` would make the report depend on something outside
    /// the run directory).
    static func relativeHref(_ path: String) -> String? {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("\\"),
            !path.split(separator: "/").contains(".."),
            !path.contains(":")
        else { return nil }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed)
    }

    /// `<a href="…">label</a>` for a safe relative path, plain escaped text otherwise.
    static func link(_ path: String?, label: String) -> String {
        guard let path else { return "" }
        guard let href = relativeHref(path) else { return escape(label) }
        return "<a href=\"\(escape(href))\">\(escape(label))</a>"
    }

    /// An identifier usable in `id` and `#` anchors.
    static func anchor(_ text: String) -> String {
        "op-" + String(text.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }
}
