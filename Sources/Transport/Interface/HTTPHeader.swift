/// One HTTP header field. Names compare case-insensitively through ``HTTPHeaders``.
package struct HTTPHeader: Hashable, Sendable {
    package var name: String
    package var value: String
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An ordered list of header fields with case-insensitive lookup.
package struct HTTPHeaders: Hashable, Sendable, ExpressibleByArrayLiteral, Sequence {
    package var fields: [HTTPHeader]

    package init(_ fields: [HTTPHeader] = []) { self.fields = fields }
    package init(arrayLiteral elements: HTTPHeader...) { self.fields = elements }

    /// The first value for `name`, compared case-insensitively.
    package subscript(_ name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    package mutating func add(_ name: String, _ value: String) { fields.append(HTTPHeader(name, value)) }

    /// Replaces every field called `name` with one field.
    package mutating func set(_ name: String, _ value: String) {
        fields.removeAll { Self.sameName($0.name, name) }
        fields.append(HTTPHeader(name, value))
    }

    /// Whether two field names are equal ignoring case, as `lowercased()` compares them, without
    /// making the lowercased copies (a header look-up runs on every answer).
    package static func sameName(_ a: String, _ b: String) -> Bool {
        var ai = a.utf8.makeIterator()
        var bi = b.utf8.makeIterator()
        while true {
            switch (ai.next(), bi.next()) {
            case (nil, nil): return true
            case (let x?, let y?):
                if x == y { continue }
                guard x < 0x80, y < 0x80 else { return a.lowercased() == b.lowercased() }
                if Self.asciiLower(x) != Self.asciiLower(y) { return false }
            case (let x, let y):
                // Different lengths: equal only if non-ASCII case mapping changes a length.
                return (x ?? 0) >= 0x80 || (y ?? 0) >= 0x80 ? a.lowercased() == b.lowercased() : false
            }
        }
    }

    private static func asciiLower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }

    package var count: Int { fields.count }
    package func makeIterator() -> IndexingIterator<[HTTPHeader]> { fields.makeIterator() }
}
