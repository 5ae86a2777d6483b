/// Escaping for XML 1.0 text and attribute values.
enum XMLText {
    /// `text` with markup characters escaped and characters XML 1.0 forbids replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed =
                    (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
                    || (0x10000...0x10FFFF).contains(value)
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }
}
