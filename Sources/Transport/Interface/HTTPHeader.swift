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
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    package mutating func add(_ name: String, _ value: String) { fields.append(HTTPHeader(name, value)) }

    /// Replaces every field called `name` with one field.
    package mutating func set(_ name: String, _ value: String) {
        let lowered = name.lowercased()
        fields.removeAll { $0.name.lowercased() == lowered }
        fields.append(HTTPHeader(name, value))
    }

    package var count: Int { fields.count }
    package func makeIterator() -> IndexingIterator<[HTTPHeader]> { fields.makeIterator() }
}
