/// Typed access to a JSON object's fields that reports problems to a ``Validator`` instead of
/// throwing, so every field is seen before the first-ranked problem answers. A `null` counts as
/// absent.
package struct ObjectReader {
    package let fields: [String: JSONValue]
    package let validator: Validator
    /// Dotted prefix for messages (`account.`).
    package let prefix: String

    package init(_ fields: [String: JSONValue], _ validator: Validator, prefix: String = "") {
        self.fields = fields
        self.validator = validator
        self.prefix = prefix
    }

    private func value(_ key: String, required: Bool) -> JSONValue? {
        switch fields[key] {
        case nil, .null?:
            if required { validator.report(.missing, prefix + key) }
            return nil
        case let v?: return v
        }
    }

    package func string(_ key: String, required: Bool = false) -> String? {
        guard let v = value(key, required: required) else { return nil }
        guard case .string(let s) = v else {
            validator.report(.wrongType, "\(prefix)\(key) must be a string")
            return nil
        }
        validator.limitLength(s, prefix + key)
        return s
    }

    /// A string that must be one of `allowed` (row 9 otherwise).
    package func oneOf(_ key: String, _ allowed: [String], required: Bool = false) -> String? {
        guard let s = string(key, required: required) else { return nil }
        guard allowed.contains(s) else {
            validator.report(.undefinedValue, "\(prefix)\(key) must be one of \(allowed.joined(separator: ", "))")
            return nil
        }
        return s
    }

    package func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let v = value(key, required: required) else { return nil }
        guard case .bool(let b) = v else {
            validator.report(.wrongType, "\(prefix)\(key) must be a boolean")
            return nil
        }
        return b
    }

    /// An integer (docs/PROTOCOL.md §1.3, "Numbers"): see ``Validator/integer(_:_:)``.
    package func int(_ key: String, required: Bool = false) -> Int64? {
        guard let v = value(key, required: required) else { return nil }
        if case .number(let n) = v { return validator.integer(n.integer, prefix + key) }
        return validator.integer(nil, prefix + key)
    }

    /// Any number whose value a `Double` holds; beyond its range (`1e400`) is a bad value.
    package func number(_ key: String, required: Bool = false) -> Double? {
        guard let v = value(key, required: required) else { return nil }
        guard case .number(let n) = v else {
            validator.report(.wrongType, "\(prefix)\(key) must be a number")
            return nil
        }
        guard n.double.isFinite else {
            validator.report(.inappropriateValue, "\(prefix)\(key) is out of range")
            return nil
        }
        return n.double
    }

    package func object(_ key: String, required: Bool = false) -> ObjectReader? {
        guard let v = value(key, required: required) else { return nil }
        guard case .object(let o) = v else {
            validator.report(.wrongType, "\(prefix)\(key) must be an object")
            return nil
        }
        return ObjectReader(o, validator, prefix: prefix + key + ".")
    }

    /// A list of strings with at most `maxCount` entries (row 11 beyond).
    package func strings(_ key: String, required: Bool = false, maxCount: Int) -> [String]? {
        guard let v = value(key, required: required) else { return nil }
        guard case .array(let items) = v else {
            validator.report(.wrongType, "\(prefix)\(key) must be an array of strings")
            return nil
        }
        return Self.strings(items, validator, name: prefix + key, maxCount: maxCount)
    }

    package static func strings(_ items: [JSONValue], _ validator: Validator, name: String, maxCount: Int) -> [String]?
    {
        var out: [String] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard case .string(let s) = item else {
                validator.report(.wrongType, "\(name) must hold strings only")
                return nil
            }
            validator.limitLength(s, name)
            out.append(s)
        }
        if out.count > maxCount { validator.report(.tooLong, "\(name) holds more than \(maxCount) entries") }
        return out
    }
}
