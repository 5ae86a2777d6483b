/// Dates on the wire. Client operations use epoch milliseconds (as the SDK value objects do);
/// the Server API uses ISO-8601 with an offset, e.g. `2019-08-27T17:41:05+09:00`.
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

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM]` into epoch milliseconds; `nil` if malformed.
    package static func parseISO8601(_ text: String) -> Int64? {
        let s = Array(text.utf8)
        func num(_ from: Int, _ len: Int) -> Int64? {
            guard from + len <= s.count else { return nil }
            var v: Int64 = 0
            for i in from..<(from + len) {
                let c = s[i]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int64(c - 48)
            }
            return v
        }
        guard s.count >= 19, s[4] == 45, s[7] == 45, s[10] == 84 || s[10] == 32, s[13] == 58, s[16] == 58,
            let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2), let mi = num(14, 2),
            let se = num(17, 2), (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, se < 61
        else { return nil }
        var i = 19
        var millis: Int64 = 0
        if i < s.count, s[i] == 46 {
            i += 1
            var digits = 0
            var frac: Int64 = 0
            while i < s.count, s[i] >= 48, s[i] <= 57 {
                if digits < 3 { frac = frac * 10 + Int64(s[i] - 48) }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<3 where digits < 3 { frac *= 10 }
            millis = frac
        }
        var offsetSeconds: Int64 = 0
        if i == s.count {
            offsetSeconds = 0
        } else if s[i] == 90, i + 1 == s.count {
            offsetSeconds = 0
        } else if s[i] == 43 || s[i] == 45, i + 6 == s.count, s[i + 3] == 58, let oh = num(i + 1, 2),
            let om = num(i + 4, 2), oh < 24, om < 60
        {
            offsetSeconds = (oh * 3600 + om * 60) * (s[i] == 45 ? -1 : 1)
        } else {
            return nil
        }
        let days = days(fromCivil: y, mo, d)
        let secs = days * 86_400 + h * 3600 + mi * 60 + se - offsetSeconds
        return secs * 1000 + millis
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
