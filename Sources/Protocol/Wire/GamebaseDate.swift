/// Dates on the wire. Client operations use epoch milliseconds (as the SDK value objects do);
/// the Server API uses ISO-8601 (the RFC 3339 profile) with an offset, e.g. `2019-08-27T17:41:05+09:00`.
package enum GamebaseDate {
    /// Formats epoch milliseconds as ISO-8601 in UTC with millisecond precision:
    /// `2026-11-21T07:35:00.123+00:00`.
    package static func iso8601(milliseconds ms: Int64) -> String {
        let (secs, millis) = floorDivMod(ms, 1000)
        let (days, secOfDay) = floorDivMod(secs, 86_400)
        let (y, m, d) = civil(fromDays: days)
        let hh = secOfDay / 3600
        let mm = (secOfDay % 3600) / 60
        let ss = secOfDay % 60
        return
            "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(hh, 2)):\(pad(mm, 2)):\(pad(ss, 2)).\(pad(millis, 3))+00:00"
    }

    /// The latest instant the four-digit years of ISO-8601 can write, `9999-12-31T23:59:59.999Z`.
    package static let maxMilliseconds: Int64 = 253_402_300_799_999

    /// Parses an RFC 3339 date-time into epoch milliseconds; `nil` for anything else. Total: no
    /// input traps. The rules (docs/PROTOCOL.md §1.4):
    /// - `YYYY-MM-DD` (`T`, `t` or a space) `HH:MM:SS`, optionally `.` and one or more digits, then
    ///   the offset: `Z`, `z` or `±HH:MM`. A date without an offset, `±HHMM` and `±HH` are malformed.
    /// - ASCII digits only; the year has exactly four digits (0000…9999); the day must exist in its
    ///   month (proleptic Gregorian calendar); hours 00…23, minutes 00…59, seconds 00…60, where a
    ///   leap second `60` is read as POSIX time reads it, second 0 of the next minute; offsets up
    ///   to ±23:59.
    /// - A fraction of any length is **truncated** to milliseconds (`.123999` is `.123`), never
    ///   rounded, so a date never moves into the next second.
    package static func parseISO8601(_ text: String) -> Int64? {
        var p = DateScanner(Array(text.utf8))
        guard let y = p.number(4), p.skip("-"), let mo = p.number(2), p.skip("-"), let d = p.number(2),
            p.skip("T") || p.skip("t") || p.skip(" "), let h = p.number(2), p.skip(":"), let mi = p.number(2),
            p.skip(":"), let se = p.number(2), (1...12).contains(mo), d >= 1, d <= daysIn(month: mo, year: y),
            h <= 23, mi <= 59, se <= 60
        else { return nil }
        var millis: Int64 = 0
        if p.skip(".") {
            var digits = 0
            while let digit = p.digit() {
                if digits < 3 { millis = millis * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            while digits < 3 {
                millis *= 10
                digits += 1
            }
        }
        let offsetMinutes: Int64
        if p.skip("Z") || p.skip("z") {
            offsetMinutes = 0
        } else if let sign: Int64 = p.skip("+") ? 1 : p.skip("-") ? -1 : nil, let oh = p.number(2), p.skip(":"),
            let om = p.number(2), oh <= 23, om <= 59
        {
            offsetMinutes = sign * (oh * 60 + om)
        } else {
            return nil
        }
        guard p.atEnd else { return nil }
        // Every term is bounded by the checks above: |result| < 2^49, far from overflow.
        let secs = days(fromCivil: y, mo, d) * 86_400 + h * 3600 + mi * 60 + se - offsetMinutes * 60
        return secs * 1000 + millis
    }

    private static func daysIn(month m: Int64, year y: Int64) -> Int64 {
        switch m {
        case 2: (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Reads ASCII bytes left to right; every read checks the bounds.
    private struct DateScanner {
        let bytes: [UInt8]
        var i = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i == bytes.count }

        mutating func skip(_ c: Unicode.Scalar) -> Bool {
            guard i < bytes.count, bytes[i] == UInt8(ascii: c) else { return false }
            i += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") else { return nil }
            defer { i += 1 }
            return Int64(bytes[i] - UInt8(ascii: "0"))
        }

        /// Exactly `count` ASCII digits.
        mutating func number(_ count: Int) -> Int64? {
            var v: Int64 = 0
            for _ in 0..<count {
                guard let d = digit() else { return nil }
                v = v * 10 + d
            }
            return v
        }
    }

    private static func pad(_ v: Int64, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    private static func floorDivMod(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        var q = a / b
        var r = a % b
        if r < 0 {
            q -= 1
            r += b
        }
        return (q, r)
    }

    // Howard Hinnant's civil-from-days / days-from-civil algorithms.
    private static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    private static func days(fromCivil y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
