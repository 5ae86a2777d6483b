/// A request's query parameters read through its ``Validator``, the way ``ObjectReader`` reads a
/// body: every value read gets row 11's length check and integers the one reading of numbers
/// (docs/PROTOCOL.md §1.3). Parameters an endpoint does not read are ignored.
package struct QueryReader {
    package let values: [String: String]
    package let validator: Validator

    package init(values: [String: String], _ validator: Validator) {
        self.values = values
        self.validator = validator
    }

    /// The parameter's percent-decoded value; row 7 when it is required and absent.
    package func string(_ key: String, required: Bool = false) -> String? {
        guard let value = values[key] else {
            if required { validator.report(.missing, key) }
            return nil
        }
        validator.limitLength(value, key)
        return value
    }

    /// An integer parameter, written as a JSON number (`2`, `2.0`, `1E0`; not `+2`, `02` or
    /// `0x2`); nil when absent or not an integer within 64 bits (then reported).
    package func integer(_ key: String) -> Int64? {
        guard let text = string(key) else { return nil }
        return validator.integer(NumberText.integer(text), key)
    }

    /// A parameter that takes one of `allowed` (row 9 otherwise).
    package func oneOf(_ key: String, _ allowed: [String]) -> String? {
        guard let s = string(key) else { return nil }
        guard allowed.contains(s) else {
            validator.report(.undefinedValue, "\(key) must be one of \(allowed.joined(separator: ", "))")
            return nil
        }
        return s
    }
}
