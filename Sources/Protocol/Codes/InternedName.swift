import Synchronization

/// A short name (an IdP code, a rule id) that compares and hashes as one number: the model
/// state's dictionaries are keyed by IdP accounts and hold rule ids, and hashing their strings was
/// a large share of the linearizability checker's state hashing (`perf`). Names are numbered in
/// the order the process first meets them, in one table that only grows (the documented codes and
/// rules and what targets and histories bring, a few dozen). Hand-written: no listed package
/// interns strings.
///
/// Sorted and printed by the string; encoded as it (a single value).
package struct InternedName: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package let string: String
    private let number: UInt32

    package init(_ string: String) {
        self.string = string
        self.number = Self.numbers.withLock { table in
            if let n = table[string] { return n }
            let n = UInt32(table.count)
            table[string] = n
            return n
        }
    }

    private static let numbers = Mutex<[String: UInt32]>([:])

    package static func == (a: InternedName, b: InternedName) -> Bool { a.number == b.number }
    package func hash(into h: inout Hasher) { h.combine(number) }
    package static func < (a: InternedName, b: InternedName) -> Bool { a.string < b.string }
    package var description: String { string }

    package init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(string)
    }
}

/// A type whose values are short names (``IdPCode``, a rule id): it stores an ``InternedName`` and
/// gets from here what it offers — raw value, literals, decoding and encoding as the string,
/// sorting by it, and equality and hashing by the name's number (more specific than the defaults
/// every `RawRepresentable` type gets, which compare and hash the string).
package protocol InternedNameWrapper: RawRepresentable, Hashable, Comparable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
where RawValue == String {
    var name: InternedName { get }
    init(name: InternedName)
}

extension InternedNameWrapper {
    package var rawValue: String { name.string }
    package init(rawValue: String) { self.init(name: InternedName(rawValue)) }
    package init(_ rawValue: String) { self.init(name: InternedName(rawValue)) }
    package init(stringLiteral value: String) { self.init(name: InternedName(value)) }
    package init(from decoder: any Decoder) throws { self.init(name: try InternedName(from: decoder)) }
    package func encode(to encoder: any Encoder) throws { try name.encode(to: encoder) }
    package static func == (a: Self, b: Self) -> Bool { a.name == b.name }
    package func hash(into h: inout Hasher) { h.combine(name) }
    package static func < (a: Self, b: Self) -> Bool { a.name < b.name }
    package var description: String { name.string }
}
