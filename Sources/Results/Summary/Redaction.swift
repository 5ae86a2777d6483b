import Foundation

/// Keeps secrets out of every output: by key name, by URL parts, and by value.
package enum Redaction {
    /// What replaces a redacted value.
    package static let placeholder = "[redacted]"

    /// Fragments that make a configuration key secret (compared lowercased, letters and digits only).
    static let sensitiveFragments = [
        "secret", "password", "passwd", "apikey", "authorization", "credential", "privatekey",
        "accesstoken", "authtoken", "refreshtoken", "bearer", "cookie",
    ]

    /// True for keys such as `secretKey`, `target.secret_key`, `X-Secret-Key`, `testIdpSecret`, `password`.
    package static func isSensitive(key: String) -> Bool {
        let normalized = String(key.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
        return sensitiveFragments.contains { normalized.contains($0) }
    }

    /// The configuration with the values of sensitive keys replaced, and URLs stripped of credentials.
    package static func redact(configuration: [String: String]) -> [String: String] {
        configuration.reduce(into: [:]) { result, entry in
            result[entry.key] = isSensitive(key: entry.key) ? placeholder : redact(url: entry.value)
        }
    }

    /// A URL without user-info and with the values of sensitive query items replaced.
    /// Strings that are not URLs with a scheme and host are returned unchanged.
    package static func redact(url text: String) -> String {
        guard text.contains("://"), var components = URLComponents(string: text), components.host != nil else {
            return text
        }
        var changed = false
        if components.user != nil || components.password != nil {
            components.user = nil
            components.password = nil
            changed = true
        }
        if let items = components.queryItems, items.contains(where: { isSensitive(key: $0.name) }) {
            components.queryItems = items.map {
                isSensitive(key: $0.name) ? URLQueryItem(name: $0.name, value: placeholder) : $0
            }
            changed = true
        }
        return changed ? (components.string ?? placeholder) : text
    }

    /// `text` with every occurrence of each secret (raw, JSON-, HTML- and percent-escaped) replaced.
    /// Secrets shorter than 4 characters are ignored: replacing them would mangle ordinary text.
    package static func scrub(_ text: String, secrets: [String]) -> String {
        var result = text
        for secret in secrets where secret.count >= 4 {
            var forms = Set([secret, htmlEscaped(secret)] + jsonEscaped(secret))
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) {
                forms.insert(encoded)
            }
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) {
                forms.insert(encoded)
            }
            for form in forms.sorted(by: { $0.count > $1.count }) {
                result = result.replacingOccurrences(of: form, with: placeholder)
            }
        }
        return result
    }

    /// The forms `text` takes inside a JSON string, with and without escaped slashes.
    private static func jsonEscaped(_ text: String) -> [String] {
        let plain = JSONEncoder()
        let unescapedSlashes = JSONEncoder()
        unescapedSlashes.outputFormatting = .withoutEscapingSlashes
        return [plain, unescapedSlashes].compactMap { encoder in
            guard let data = try? encoder.encode(text), let quoted = String(data: data, encoding: .utf8) else {
                return nil
            }
            return String(quoted.dropFirst().dropLast())
        }
    }

    private static func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}
