import Protocol

/// Collects bad-input findings and keeps the one docs/PROTOCOL.md §1.3 ranks first, so the answer
/// does not depend on the order fields are read in.
final class Validator {
    /// Rows 7…11 of the bad-input table.
    enum Kind: Int, Comparable {
        case missing = 7
        case wrongType = 8
        case undefinedValue = 9
        case inappropriateValue = 10
        case tooLong = 11

        var code: ResultCode {
            switch self {
            case .missing: .missingParameter
            case .wrongType: .wrongParameterType
            case .undefinedValue: .undefinedValue
            case .inappropriateValue: .inappropriateValue
            case .tooLong: .parameterTooLong
            }
        }
        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    static let maxStringLength = 1024

    private(set) var finding: (kind: Kind, detail: String)?

    func report(_ kind: Kind, _ detail: String) {
        if finding.map({ kind < $0.kind }) ?? true { finding = (kind, detail) }
    }

    /// Throws the first-ranked finding, if any.
    func check() throws {
        if let f = finding { throw GamebaseFailure(f.kind.code, f.detail) }
    }

    // MARK: Headers, path and query values

    /// `X-TCGB-Device-Id`: required, `[A-Za-z0-9._-]{1,128}`.
    func deviceId(_ value: String?) -> String {
        guard let value else {
            report(.missing, "header \(GamebaseHeader.deviceId)")
            return ""
        }
        if !Self.isDeviceId(value) { report(.inappropriateValue, "header \(GamebaseHeader.deviceId)") }
        if value.count > Self.maxStringLength { report(.tooLong, "header \(GamebaseHeader.deviceId)") }
        return value
    }

    static func isDeviceId(_ s: String) -> Bool {
        guard !s.isEmpty, s.utf8.count <= 128 else { return false }
        return s.utf8.allSatisfy { b in
            (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 46 || b == 95 || b == 45
        }
    }

    /// A free string from the path or query: only the length is checked.
    func text(_ value: String, _ name: String) -> String {
        if value.count > Self.maxStringLength { report(.tooLong, name) }
        return value
    }
}
