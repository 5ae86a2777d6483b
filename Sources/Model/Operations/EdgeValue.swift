import Protocol

/// A value a step sends at or just past a documented limit (docs/PROTOCOL.md §1.2–1.3), so that a
/// server that truncates, rejects or mangles it is seen: the sequences alone never send one.
package enum EdgeValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The `X-TCGB-Transaction-Id` is `length` characters long (printable ASCII with symbols, or
    /// with non-ASCII characters when `unicode`): echoed verbatim whatever its length (X1).
    case transactionId(length: Int, unicode: Bool)
    /// The step's made-up value (a token or key the server never issued, an unknown user id) is
    /// `length` characters long: up to 1,024 it is judged as any unknown value, past it the request
    /// is -4000008 (§1.3 row 11).
    case longValue(Int)
    /// As ``longValue(_:)``, padded with non-ASCII code points of two to four UTF-8 bytes (two
    /// UTF-16 units for some): §1.3 counts code points, so a server that counts bytes or UTF-16
    /// units refuses a value that fits.
    case longUnicodeValue(Int)
    /// The step's integer JSON field is written in another number form (§1.3 *Numbers*): the same
    /// value (`600.0`, `600E0`, `6000e-1`) is judged as the integer, a fraction is -4000001 and a
    /// value beyond 64 bits -4000005, before any semantics.
    case numberForm(NumberForm)
    /// The step's `X-TCGB-Device-Id` breaks §1.2's `[A-Za-z0-9._-]{1,128}`: -4000005 before any
    /// semantics (§1.3 row 10), the device untouched. (The valid side, 128 characters, is some
    /// devices' own id: ``Identities/device(_:)``.)
    case deviceId(DeviceIdForm)
    /// The step's dates (E15's `begin` and `end`, a temporary ban's `end`) are written in another
    /// form of §1.4: the same instant in another offset, with `t`/`z`, a space or a long fraction
    /// (truncated), judged as the instant; without an offset or with `+0900`, -4000005 before any
    /// semantics.
    case dateForm(DateForm)

    /// How ``deviceId(_:)`` breaks the device id.
    package enum DeviceIdForm: String, Hashable, Sendable, Codable, CaseIterable {
        /// 129 characters of the allowed set.
        case tooLong
        /// The device's own id with a `+` (printable ASCII outside the set, fine in a header).
        case badCharacter

        /// `id` broken this way.
        package func text(_ id: String) -> String {
            switch self {
            case .tooLong: EdgeValue.stretch(id, to: EdgeValue.maxDeviceIdLength + 1, pad: "x-")
            case .badCharacter: id + "+"
            }
        }
    }

    /// How ``numberForm(_:)`` writes an integer `n`.
    package enum NumberForm: String, Hashable, Sendable, Codable, CaseIterable {
        case decimalPoint, exponent, scaledExponent, fraction, beyond64Bits

        /// `n` written in this form.
        package func text(_ n: Int64) -> String {
            switch self {
            case .decimalPoint: "\(n).0"
            case .exponent: "\(n)E0"
            case .scaledExponent:
                n.multipliedReportingOverflow(by: 10).overflow ? "\(n)e+0" : "\(n * 10)e-1"
            case .fraction: "\(n).5"
            case .beyond64Bits: "1e400"
            }
        }

        /// The bad-input code this form gets (§1.3 rows 8 and 10), or `nil` when it is `n`.
        package var badInput: ResultCode? {
            switch self {
            case .fraction: .wrongParameterType
            case .beyond64Bits: .inappropriateValue
            default: nil
            }
        }
    }

    /// The longest string a server reads (§1.3 row 11).
    package static let maxStringLength = 1024
    /// The longest device id (§1.2).
    package static let maxDeviceIdLength = 128
    /// The device id edges.
    package static let deviceIdEdges: [EdgeValue] = DeviceIdForm.allCases.map { .deviceId($0) }

    /// The lengths a transaction id is tried at: both sides of common limits.
    package static let transactionIdLengths = [1, 63, 64, 65, 128, 255, 256, 1024, 1025, 2048]
    /// The lengths a made-up value is tried at: both sides of §1.3's limit.
    package static let valueLengths = [maxStringLength, maxStringLength + 1]
    /// The made-up value edges: both sides of the limit, padded with ASCII or not.
    package static let madeUpValueEdges: [EdgeValue] =
        valueLengths.map { .longValue($0) } + valueLengths.map { .longUnicodeValue($0) }

    package var description: String {
        switch self {
        case .transactionId(let n, let unicode): "tid=\(n)\(unicode ? "u" : "")"
        case .longValue(let n): "value=\(n)"
        case .longUnicodeValue(let n): "value=\(n)u"
        case .numberForm(let f): "number=\(f.rawValue)"
        case .deviceId(let f): "device=\(f.rawValue)"
        case .dateForm(let f): "date=\(f.rawValue)"
        }
    }

    /// Whether an HTTP layer may refuse the request for this edge before the application sees it
    /// (400, 414 or 431): a transaction id with non-ASCII characters or longer than 1,024, or a
    /// made-up value of non-ASCII code points (percent-encoded in a path, up to 12 KB: past the
    /// 8 KB request line of common proxies).
    package var mayBeRefusedByHTTP: Bool {
        switch self {
        case .transactionId(let n, let unicode): unicode || n > Self.maxStringLength
        case .longUnicodeValue: true
        case .longValue, .numberForm, .deviceId, .dateForm: false
        }
    }

    /// This edge with ASCII padding (for a value that goes into a header).
    package var asciiOnly: EdgeValue {
        if case .longUnicodeValue(let n) = self { return .longValue(n) }
        return self
    }

    /// The transaction id of step `op` for this edge (`nil` for other edges): deterministic, so a
    /// reproducer sends the same one.
    package func transactionId(op: Int) -> String? {
        guard case .transactionId(let n, let unicode) = self, Self.allowedLengths.contains(n) else { return nil }
        let head = Array("gbf\(op)-".unicodeScalars)
        let filler: [Unicode.Scalar] =
            unicode ? Array("éΩ漢字ß€-".unicodeScalars) : Array("a-_.:/+=~!*()Z9".unicodeScalars)
        if !unicode {
            // ASCII throughout: the same characters written as bytes.
            return String(unsafeUninitializedCapacity: n) { out in
                for i in 0..<n { out[i] = UInt8(ascii: i < head.count ? head[i] : filler[i % filler.count]) }
                return n
            }
        }
        var s = String.UnicodeScalarView()
        for i in 0..<n { s.append(i < head.count ? head[i] : filler[i % filler.count]) }
        return String(s)
    }

    /// The lengths an edge may have: what a reproducer file may ask for.
    package static let allowedLengths = 1...8_192

    /// Whether this edge's length is in ``allowedLengths`` (a reproducer file is untrusted input).
    package var isValid: Bool {
        switch self {
        case .transactionId(let n, _), .longValue(let n), .longUnicodeValue(let n): Self.allowedLengths.contains(n)
        case .numberForm, .deviceId, .dateForm: true
        }
    }

    /// The length of a made-up value this edge asks for, if it is one.
    package var madeUpLength: Int? {
        switch self {
        case .longValue(let n), .longUnicodeValue(let n): n
        case .transactionId, .numberForm, .deviceId, .dateForm: nil
        }
    }

    /// `value` made exactly `length` code points long (cut, or padded with `pad`'s code points in
    /// turn).
    package static func stretch(_ value: String, to length: Int, pad: String = "Z") -> String {
        // Counts as it goes: a `UnicodeScalarView`'s `count` walks the whole view, which made this
        // quadratic in `length` (1,025-point values, and every long device id per request).
        let length = max(0, length)
        if let ascii = asciiStretch(value, to: length, pad: pad) { return ascii }
        var out = String.UnicodeScalarView()
        var count = 0
        for scalar in value.unicodeScalars {
            guard count < length else { break }
            out.append(scalar)
            count += 1
        }
        let filler = Array(pad.unicodeScalars)
        guard !filler.isEmpty else { return String(out) }
        var i = 0
        while count < length {
            out.append(filler[i])
            i = i + 1 == filler.count ? 0 : i + 1
            count += 1
        }
        return String(out)
    }

    /// ``stretch(_:to:pad:)`` for ASCII `value` and `pad` (every device id, most made-up values),
    /// written byte by byte into the string's own storage; `nil` for other text.
    private static func asciiStretch(_ value: String, to length: Int, pad: String) -> String? {
        let head = value.utf8
        let filler = pad.utf8
        guard !filler.isEmpty, head.allSatisfy({ $0 < 0x80 }), filler.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: length) { out in
            var i = 0
            for byte in head {
                guard i < length else { break }
                out[i] = byte
                i += 1
            }
            var f = filler.startIndex
            while i < length {
                out[i] = filler[f]
                filler.formIndex(after: &f)
                if f == filler.endIndex { f = filler.startIndex }
                i += 1
            }
            return length
        }
    }

    /// The device id as this edge sends it: broken by a ``deviceId(_:)`` edge, else unchanged.
    package func device(_ id: String) -> String {
        if case .deviceId(let f) = self { return f.text(id) }
        return id
    }

    /// A made-up value as this edge sends it: stretched to its length (non-ASCII padding for
    /// ``longUnicodeValue(_:)``), unchanged for other edges.
    package func madeUp(_ value: String) -> String {
        switch self {
        case .longValue(let n) where Self.allowedLengths.contains(n): Self.stretch(value, to: n)
        case .longUnicodeValue(let n) where Self.allowedLengths.contains(n): Self.stretch(value, to: n, pad: "é漢😀")
        default: value
        }
    }
}

extension Action {
    /// Whether the step sends a made-up value in a field §1.3's 1,024-character limit covers (a
    /// path parameter or a JSON string), so a ``EdgeValue/longValue(_:)`` edge applies to it.
    package var hasLimitedMadeUpValue: Bool {
        switch self {
        case .serverToken(_, .garbage, _), .serverProfile(_, .garbage): true
        case .serverMember(.unknown): true
        case .serverMembers(let us): us.contains(.unknown)
        case .changeLogin(_, _, .garbage, _), .addMappingForcibly(_, _, .garbage, _): true
        case .transferKeyLogin(_, .garbage): true
        case .removeMapping(_, _, let x): x == .madeUp
        default: false
        }
    }

    /// Whether the step sends an integer JSON field or query parameter, so a
    /// ``EdgeValue/numberForm(_:)`` edge applies (to every integer it sends: TransferKey's
    /// `expiresIn`; a grace ban's `gracePeriodSeconds` and `releaseRuleCondition.count`; E15's
    /// `page` and `size`). The clock advance's `seconds` is left plain: refused, it
    /// would leave the players' shared clock where every player's model does not expect it.
    package var hasIntegerField: Bool {
        switch self {
        case .issueTransferKey, .graceBan, .serverWithdrawals: true
        default: false
        }
    }

    /// Whether the step sends a date (§1.4), so a ``EdgeValue/dateForm(_:)`` edge applies: E15's
    /// `begin` and `end`, a temporary ban's `end`.
    package var hasDateField: Bool {
        switch self {
        case .serverWithdrawals: true
        case .serverBan(_, let spec): spec.banType == "TEMPORARY" && spec.endInSeconds != nil
        default: false
        }
    }
}
