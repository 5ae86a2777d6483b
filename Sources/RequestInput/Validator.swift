import Protocol

/// Collects bad-input findings and keeps the one docs/PROTOCOL.md §1.3 ranks first, so the answer
/// does not depend on the order fields are read in.
package final class Validator {
    /// Rows 7…11 of the bad-input table.
    package enum Kind: Int, Comparable {
        case missing = 7
        case wrongType = 8
        case undefinedValue = 9
        case inappropriateValue = 10
        case tooLong = 11

        package var code: ResultCode {
            switch self {
            case .missing: .missingParameter
            case .wrongType: .wrongParameterType
            case .undefinedValue: .undefinedValue
            case .inappropriateValue: .inappropriateValue
            case .tooLong: .parameterTooLong
            }
        }
        package static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// Row 11: the most characters (Unicode code points) a string value may have.
    package static let maxStringLength = 1024

    /// The finding ranked first so far (`check()` throws it).
    package private(set) var finding: (kind: Kind, detail: String)?

    package init() {}

    package func report(_ kind: Kind, _ detail: String) {
        if finding.map({ kind < $0.kind }) ?? true { finding = (kind, detail) }
    }

    /// Throws the first-ranked finding, if any.
    package func check() throws {
        if let f = finding { throw GamebaseFailure(f.kind.code, f.detail) }
    }

    // MARK: The shared checks

    /// The length of a string value as the protocol counts it: Unicode code points.
    package static func length(_ s: String) -> Int { s.unicodeScalars.count }

    /// Row 11 for one string value, wherever it comes from: a JSON string (field or list entry),
    /// a path or query parameter, the `X-TCGB-Device-Id` header.
    package func limitLength(_ value: String, _ name: String) {
        if Self.length(value) > Self.maxStringLength {
            report(.tooLong, "\(name) is longer than \(Self.maxStringLength) characters")
        }
    }

    /// An integer, from a JSON number or a query parameter (docs/PROTOCOL.md §1.3, "Numbers"): a
    /// whole value within 64 bits is that integer however it is written (`2.0`, `1E0`, `-0`);
    /// a fraction or not a number at all (`nil`) is row 8; a whole value beyond 64 bits is row 10.
    package func integer(_ reading: NumberText.Integer?, _ name: String) -> Int64? {
        switch reading {
        case .exact(let n)?: return n
        case .beyond64Bits?: report(.inappropriateValue, "\(name) is out of range")
        case .fraction?, nil: report(.wrongType, "\(name) must be an integer")
        }
        return nil
    }

    /// A Server API date (docs/PROTOCOL.md §1.4), in epoch milliseconds: anything
    /// ``GamebaseDate/parseISO8601(_:)`` rejects, a date without an offset included, is row 10.
    package func date(_ text: String, _ name: String) -> Int64? {
        guard let ms = GamebaseDate.parseISO8601(text) else {
            report(.inappropriateValue, "\(name) is not an ISO-8601 date-time with an offset")
            return nil
        }
        return ms
    }

    // MARK: Headers

    /// `X-TCGB-Device-Id`: required, `[A-Za-z0-9._-]{1,128}`.
    package func deviceId(_ value: String?) -> String {
        let name = "header \(GamebaseHeader.deviceId)"
        guard let value else {
            report(.missing, name)
            return ""
        }
        if !Self.isDeviceId(value) { report(.inappropriateValue, name) }
        limitLength(value, name)
        return value
    }

    package static func isDeviceId(_ s: String) -> Bool {
        guard !s.isEmpty, s.utf8.count <= 128 else { return false }
        return s.utf8.allSatisfy { b in
            (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 46 || b == 95 || b == 45
        }
    }
}
