/// One HTTP header field. Names compare case-insensitively through ``HTTPHeaders``.
public struct HTTPHeader: Hashable, Sendable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An ordered list of header fields with case-insensitive lookup.
public struct HTTPHeaders: Hashable, Sendable, ExpressibleByArrayLiteral, Sequence {
    public var fields: [HTTPHeader]

    public init(_ fields: [HTTPHeader] = []) { self.fields = fields }
    public init(arrayLiteral elements: HTTPHeader...) { self.fields = elements }

    /// The first value for `name`, compared case-insensitively.
    public subscript(_ name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    public mutating func add(_ name: String, _ value: String) { fields.append(HTTPHeader(name, value)) }

    /// Replaces every field called `name` with one field.
    public mutating func set(_ name: String, _ value: String) {
        let lowered = name.lowercased()
        fields.removeAll { $0.name.lowercased() == lowered }
        fields.append(HTTPHeader(name, value))
    }

    public var count: Int { fields.count }
    public func makeIterator() -> IndexingIterator<[HTTPHeader]> { fields.makeIterator() }
}
