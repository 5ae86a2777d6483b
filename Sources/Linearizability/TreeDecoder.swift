/// A `Decoder` over a ``JSONTree``, with the errors `JSONDecoder` gives (key not found, type
/// mismatch with the coding path…). Numbers convert exactly or fail; nothing traps.
struct TreeDecoder: Decoder {
    let value: JSONTree
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONTree, path: [any CodingKey] = []) {
        self.value = value
        self.codingPath = path
    }

    /// Decodes a `T` from one JSON text.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try T(from: TreeDecoder(try JSONTree.parse(bytes)))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw Self.mismatch([String: Any].self, value, codingPath)
        }
        return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw Self.mismatch([Any].self, value, codingPath) }
        return Unkeyed(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value, codingPath: codingPath) }

    static func mismatch(_ type: Any.Type, _ v: JSONTree, _ path: [any CodingKey]) -> DecodingError {
        let found: String =
            switch v {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        if case .null = v {
            return .valueNotFound(type, .init(codingPath: path, debugDescription: "found null"))
        }
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "found \(found)"))
    }

    /// Decodes a value of `type` from `v` (the scalar types directly, the others through their
    /// `init(from:)`).
    static func decode<T: Decodable>(_ type: T.Type, _ v: JSONTree, _ path: [any CodingKey]) throws -> T {
        switch type {
        case is String.Type:
            guard case .string(let s) = v else { throw mismatch(type, v, path) }
            return s as! T
        case is Bool.Type:
            guard case .bool(let b) = v else { throw mismatch(type, v, path) }
            return b as! T
        case is Int.Type: return try integer(Int.self, v, path) as! T
        case is Int64.Type: return try integer(Int64.self, v, path) as! T
        case is Int32.Type: return try integer(Int32.self, v, path) as! T
        case is UInt64.Type: return try integer(UInt64.self, v, path) as! T
        case is Double.Type:
            guard case .number(let text) = v, let d = Double(text) else { throw mismatch(type, v, path) }
            return d as! T
        default:
            return try T(from: TreeDecoder(v, path: path))
        }
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ v: JSONTree, _ path: [any CodingKey]) throws -> I {
        guard case .number(let text) = v else { throw mismatch(type, v, path) }
        guard let i = I(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path, debugDescription: "\(text) is not a \(type) (out of range or not whole)")
            )
        }
        return i
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [(String, JSONTree)]
        let codingPath: [any CodingKey]

        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.0) } }

        func contains(_ key: Key) -> Bool { members.contains { $0.0 == key.stringValue } }

        private func value(_ key: Key) throws -> JSONTree {
            guard let v = members.first(where: { $0.0 == key.stringValue })?.1 else {
                throw DecodingError.keyNotFound(
                    key,
                    .init(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\"")
                )
            }
            return v
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try value(key) { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try TreeDecoder.decode(type, try value(key), codingPath + [key])
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let v = members.first(where: { $0.0 == key.stringValue })?.1 else { return nil }
            if case .null = v { return nil }
            return try TreeDecoder.decode(type, v, codingPath + [key])
        }

        func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
            try TreeDecoder(try value(key), path: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try TreeDecoder(try value(key), path: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { TreeDecoder(.object(members), path: codingPath) }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            TreeDecoder(members.first { $0.0 == key.stringValue }?.1 ?? .null, path: codingPath + [key])
        }
    }

    struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ i: Int) { intValue = i }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [JSONTree]
        let codingPath: [any CodingKey]
        var currentIndex = 0

        init(items: [JSONTree], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }

        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        private mutating func next<T>(_ type: T.Type) throws -> (JSONTree, [any CodingKey]) {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type,
                    .init(codingPath: codingPath + [Index(currentIndex)], debugDescription: "the array has ended")
                )
            }
            defer { currentIndex += 1 }
            return (items[currentIndex], codingPath + [Index(currentIndex)])
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, case .null = items[currentIndex] else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (v, path) = try next(type)
            return try TreeDecoder.decode(type, v, path)
        }

        mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
            let (v, path) = try next([String: Any].self)
            return try TreeDecoder(v, path: path).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (v, path) = try next([Any].self)
            return try TreeDecoder(v, path: path).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            let (v, path) = try next(Any.self)
            return TreeDecoder(v, path: path)
        }
    }

    struct Single: SingleValueDecodingContainer {
        let value: JSONTree
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool {
            if case .null = value { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try TreeDecoder.decode(type, value, codingPath) }
    }
}
